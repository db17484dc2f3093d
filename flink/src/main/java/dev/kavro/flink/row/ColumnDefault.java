package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.runtime.AvroInternals;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;

/**
 * A field default that fills a column: encoded once as Avro binary, and read into the column's value for every row
 * by the same reader as data, so that it converts as data does and no two rows share a mutable value.
 */
final class ColumnDefault {
  private final byte[] encoded;
  private final RowDecoder decoder;

  private ColumnDefault(byte[] encoded, RowDecoder decoder) {
    this.encoded = encoded;
    this.decoder = decoder;
  }

  /**
   * The default of {@code field} as a value of a column of {@code type}.
   *
   * @throws IllegalArgumentException when the default's type cannot fill the column
   */
  static ColumnDefault of(Schema.Field field, LogicalType type, TimestampMapping mapping, String path) {
    Schema holder = Schema.createRecord("Default", null, "dev.kavro.flink.row", false);
    holder.setFields(List.of(new Schema.Field("value", field.schema(), null, null)));
    try {
      RowDecoder decoder = RowDecoder.create(holder, RowType.of(new LogicalType[] {type}, new String[] {"value"}),
          mapping);
      ColumnDefault value = new ColumnDefault(encode(field), decoder);
      value.read(); // a default of a type the column cannot take would otherwise fail every row
      return value;
    } catch (IOException e) {
      throw new IllegalArgumentException("The default of field '" + field.name() + "' in the reader schema cannot "
          + "fill column '" + path + "' of type " + type.asSummaryString() + ": " + e.getMessage(), e);
    } catch (IllegalArgumentException e) {
      throw new IllegalArgumentException("The default of field '" + field.name() + "' in the reader schema cannot "
          + "fill column '" + path + "' of type " + type.asSummaryString() + ": " + e.getMessage(), e);
    }
  }

  /** The default's value, a new one for each call. */
  Object read() throws IOException {
    return decoder.decode(encoded, 0, encoded.length).getField(0);
  }

  /** The Avro binary encoding of {@code field}'s default. */
  static byte[] encode(Schema.Field field) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(bytes, null);
      AvroInternals.encodeDefault(encoder, field.schema(), AvroInternals.defaultValue(field));
      encoder.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
