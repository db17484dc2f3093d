package dev.kavro.bench.flink;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.flink.row.RowDecoder;
import dev.kavro.flink.row.RowEncoder;
import dev.kavro.flink.row.RowSchemas;
import dev.kavro.wire.FrameReader;
import dev.kavro.wire.WireFormat;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Kavro's Flink format path, per record the work its runtime decoder and encoder do: decode reads the frame
 * ({@link FrameReader}), finds the writer's entry (here the one entry there is, the check the format's id table makes
 * for the id of the previous record) and decodes the body with {@link RowDecoder}; encode writes the row with
 * {@link RowEncoder} after the prefix, resolved once. Until the format's {@code DeserializationSchema} and
 * {@code SerializationSchema} are on this branch, they stand for them. Thread-safe, as the decoder and encoder are.
 */
final class KavroFlinkPath {
  /** The format's default mapping; the bench cases have no timestamps, where it would differ from the legacy one. */
  static final TimestampMapping MAPPING = TimestampMapping.CORRECT;

  private final int id;
  private final RowDecoder decoder;
  private final RowEncoder encoder;
  private final byte[] prefix;

  /**
   * @param writer the writer schema registered under {@code id} (what the decoder reads)
   * @param rowType the table's row type (decoded into, and encoded from with the table-derived schema)
   */
  KavroFlinkPath(int id, Schema writer, RowType rowType) {
    this.id = id;
    this.decoder = RowDecoder.create(writer, rowType, MAPPING);
    this.encoder = RowEncoder.create(rowType, RowSchemas.writerSchema(rowType, MAPPING), MAPPING);
    this.prefix = WireFormat.idPrefix(id);
  }

  GenericRowData decode(byte[] message) throws IOException {
    long frame;
    try {
      frame = FrameReader.read(message, 0, message.length, null);
    } catch (IllegalArgumentException e) {
      throw new IOException(e.getMessage(), e);
    }
    if (FrameReader.isGuid(frame) || FrameReader.id(frame) != id) {
      throw new IOException("Unknown schema id " + FrameReader.schemaId(frame, message, null));
    }
    int body = FrameReader.bodyOffset(frame);
    return decoder.decode(message, body, message.length - body);
  }

  byte[] encode(RowData row) {
    return encoder.encode(row, prefix);
  }
}
