package dev.kavro.flink.row;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.formats.avro.AvroRowDataDeserializationSchema;
import org.apache.flink.formats.avro.AvroRowDataSerializationSchema;
import org.apache.flink.formats.avro.AvroToRowDataConverters;
import org.apache.flink.formats.avro.RegistryAvroDeserializationSchema;
import org.apache.flink.formats.avro.SchemaCoder;
import org.apache.flink.formats.avro.typeutils.AvroSchemaConverter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

/**
 * Flink's own Avro RowData path, as {@code avro-confluent} runs it (legacy timestamp mapping, the reader schema
 * derived from the table), with the registry replaced by a fixed writer schema: the differential peer.
 */
final class FlinkAvro {
  private FlinkAvro() {}

  /** Flink's decoder of bodies written with {@code writer} into rows of {@code rowType}. */
  static AvroRowDataDeserializationSchema decoder(Schema writer, RowType rowType) throws Exception {
    Schema reader = AvroSchemaConverter.convertToSchema(rowType);
    AvroRowDataDeserializationSchema schema = new AvroRowDataDeserializationSchema(
        new RegistryAvroDeserializationSchema<>(GenericRecord.class, reader, () -> new FixedWriter(writer)),
        AvroToRowDataConverters.createRowConverter(rowType), InternalTypeInfo.of(rowType));
    schema.open(null);
    return schema;
  }

  /** Flink's encoder of rows of {@code rowType} with the table-derived schema. */
  static AvroRowDataSerializationSchema encoder(RowType rowType) throws Exception {
    AvroRowDataSerializationSchema schema = new AvroRowDataSerializationSchema(rowType);
    schema.open(null);
    return schema;
  }

  /** What Flink's path makes of {@code body}: the row, or the exception it threw. */
  static Object decode(AvroRowDataDeserializationSchema decoder, byte[] body) {
    try {
      return decoder.deserialize(body);
    } catch (IOException | RuntimeException e) {
      return e;
    }
  }

  /** A schema coder that reads no prefix and answers one writer schema. */
  private record FixedWriter(Schema writer) implements SchemaCoder {
    @Override
    public Schema readSchema(InputStream in) {
      return writer;
    }

    @Override
    public void writeSchema(Schema schema, OutputStream out) {
      throw new UnsupportedOperationException();
    }
  }
}
