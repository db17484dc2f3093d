package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.runtime.EncoderPool;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Encodes Flink's internal rows straight to Avro binary data of one writer schema: no {@code GenericRecord}, no
 * {@code Utf8}; strings held in binary form are copied from their memory, enum columns are checked against the
 * symbols, timestamps are written in the writer schema's unit, decimals rescaled exactly to its scale, and each
 * nullable field takes its null branch from where the writer's union has it.
 *
 * <p>Built once per (row type, writer schema, timestamp mapping), so the writer schema (and its id, which the caller
 * resolves once and passes as part of the prefix) is looked at once, not per record. Writer fields are matched to
 * columns by name and by Kavro's case rule; a writer field without a column is written with its default.
 *
 * <p>Internal: the format builds these; not an API for users. Thread-safe: the tree is immutable, and
 * {@link #encode(RowData, byte[])} uses the calling thread's encoder.
 */
public final class RowEncoder {
  private static final EncoderPool ENCODERS = new EncoderPool();

  private final Schema writer;
  private final RecordWriter root;

  private RowEncoder(Schema writer, RecordWriter root) {
    this.writer = writer;
    this.root = root;
  }

  /**
   * The encoder of rows of {@code rowType} as {@code writer} (a record schema).
   *
   * @throws IllegalArgumentException when the row type cannot be written with the schema, whatever the data: a column
   *     without a writer field, a writer field with neither column nor default, a type the field cannot hold, or a
   *     type the mapping does not support
   */
  public static RowEncoder create(RowType rowType, Schema writer, TimestampMapping mapping) {
    Objects.requireNonNull(rowType, "rowType");
    Objects.requireNonNull(writer, "writer");
    Objects.requireNonNull(mapping, "mapping");
    return new RowEncoder(writer, new WriteTree(mapping).record(rowType, writer, ""));
  }

  /**
   * One array: {@code prefix} (the framing, such as the magic byte and the schema id) followed by the row's Avro
   * encoding.
   *
   * @throws IllegalArgumentException for a row the writer schema cannot hold (a null where it allows none, a string
   *     that is not a symbol of an enum, a decimal that would lose digits, a timestamp out of the unit's range); the
   *     message names the field
   */
  public byte[] encode(RowData row, byte[] prefix) {
    try (EncoderPool.Lease lease = ENCODERS.acquire()) {
      ByteArrayEncoder out = lease.encoder();
      out.writeFixed(prefix, 0, prefix.length);
      encode(row, out);
      return out.toByteArray();
    }
  }

  /**
   * Appends the row's Avro encoding to {@code out}.
   *
   * @throws IllegalArgumentException as {@link #encode(RowData, byte[])}
   */
  public void encode(RowData row, ByteArrayEncoder out) {
    try {
      root.write(row, out);
    } catch (EncodeFailure e) {
      throw new IllegalArgumentException("Cannot write the row with Avro schema " + writer.getFullName() + " "
          + e.getMessage(), e.getCause());
    }
  }

  /** The writer schema rows are encoded with. */
  public Schema writerSchema() {
    return writer;
  }
}
