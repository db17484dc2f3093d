package dev.kavro.flink.row;

import dev.kavro.runtime.ByteArrayEncoder;
import org.apache.avro.Schema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Writes a row as an Avro record, field by field in the writer's order: each writer field from its column (matched by
 * name, then by Kavro's case rule, as on read), or from its default where the row has no such column.
 */
final class RecordWriter {
  private final Slot[] slots;
  /** The pre-encoded default of each writer field without a column; null where a column fills the field. */
  private final byte[][] defaults;
  private final String[] names;

  private RecordWriter(Slot[] slots, byte[][] defaults, String[] names) {
    this.slots = slots;
    this.defaults = defaults;
    this.names = names;
  }

  /**
   * @throws IllegalArgumentException when a column has no writer field, a writer field has neither a column nor a
   *     default, or a column's type cannot be written as its field's schema
   */
  static RecordWriter of(RowType row, Schema writer, WriteTree tree, String path) {
    if (writer.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException("Row '" + path + "' cannot be written as Avro " + writer.getType());
    }
    Schema.Field[] matched = ColumnMatch.fields(writer, row.getFieldNames());
    int[] columnOf = new int[writer.getFields().size()];
    java.util.Arrays.fill(columnOf, -1);
    for (int c = 0; c < matched.length; c++) {
      if (matched[c] == null) {
        throw new IllegalArgumentException("Column '" + path + row.getFieldNames().get(c) + "' has no field in the "
            + "writer record " + writer.getFullName());
      }
      columnOf[matched[c].pos()] = c;
    }
    int n = columnOf.length;
    Slot[] slots = new Slot[n];
    byte[][] defaults = new byte[n][];
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      Schema.Field field = writer.getFields().get(i);
      names[i] = field.name();
      int c = columnOf[i];
      if (c >= 0) {
        slots[i] = tree.slot(row.getTypeAt(c), field.schema(), c, false, path + row.getFieldNames().get(c));
      } else if (field.hasDefaultValue()) {
        defaults[i] = ColumnDefault.encode(field);
      } else {
        throw new IllegalArgumentException("The writer field " + writer.getFullName() + "." + field.name()
            + " has no column in row '" + path + "' and no default");
      }
    }
    return new RecordWriter(slots, defaults, names);
  }

  void write(RowData row, ByteArrayEncoder out) {
    int i = 0;
    try {
      for (; i < slots.length; i++) {
        Slot slot = slots[i];
        if (slot != null) {
          slot.writeField(row, out);
        } else {
          out.writeFixed(defaults[i], 0, defaults[i].length);
        }
      }
    } catch (RuntimeException e) {
      throw EncodeFailure.at(names[i], e);
    }
  }
}
