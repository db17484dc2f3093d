package dev.kavro.flink.row;

import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ReadSupport;
import java.io.IOException;
import org.apache.flink.table.data.GenericRowData;

/**
 * Reads a record into a {@link GenericRowData}: one step per writer field, in writer order. Plain scalars and their
 * unions with null are read by a switch here (see {@link Scalars}); everything else through its node; fields the row
 * does not have are skipped. Columns the writer lacks take the reader schema's default where it has one other than
 * null, and stay null otherwise.
 */
final class RecordReader implements ReadNode {
  private final int arity;
  private final byte[] scalars;
  private final int[] nullBranches;
  private final int[] positions;
  private final ReadNode[] nodes;
  private final org.apache.avro.Schema[] skips;
  private final String[] names;
  private final int[] defaultPositions;
  private final ColumnDefault[] defaults;

  RecordReader(int arity, byte[] scalars, int[] nullBranches, int[] positions, ReadNode[] nodes,
      org.apache.avro.Schema[] skips, String[] names, int[] defaultPositions, ColumnDefault[] defaults) {
    this.arity = arity;
    this.scalars = scalars;
    this.nullBranches = nullBranches;
    this.positions = positions;
    this.nodes = nodes;
    this.skips = skips;
    this.names = names;
    this.defaultPositions = defaultPositions;
    this.defaults = defaults;
  }

  @Override
  public GenericRowData read(ByteArrayDecoder in) throws IOException {
    GenericRowData row = new GenericRowData(arity);
    int i = 0;
    try {
      for (; i < positions.length; i++) {
        int pos = positions[i];
        if (pos < 0) {
          ReadSupport.skip(skips[i], in);
          continue;
        }
        byte scalar = scalars[i];
        row.setField(pos, scalar == Scalars.NONE ? nodes[i].read(in) : Scalars.read(scalar, nullBranches[i], in));
      }
    } catch (IOException | RuntimeException e) {
      throw DecodeFailure.at(names[i], e);
    }
    for (int d = 0; d < defaults.length; d++) {
      row.setField(defaultPositions[d], defaults[d].read());
    }
    return row;
  }
}
