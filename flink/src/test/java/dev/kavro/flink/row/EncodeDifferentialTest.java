package dev.kavro.flink.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.TimestampMapping;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.flink.formats.avro.AvroRowDataSerializationSchema;
import org.apache.flink.formats.avro.typeutils.AvroSchemaConverter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * Kavro's RowData encoder against Flink's ({@code AvroRowDataSerializationSchema}): random tables and rows, written
 * with the table-derived schema. The bytes are equal (a map of several entries may list them in another order, Flink's
 * hash map's; then both decode to equal records); Kavro's bytes decode back to the row; Kavro's table-derived schema is
 * Flink's.
 */
class EncodeDifferentialTest {
  private static final byte[] PREFIX = {0, 0, 0, 1, 2};

  @Test
  void writesWhatFlinkWritesAndReadsItBack() throws Exception {
    Random random = new Random(5150);
    int equalBytes = 0;
    int reorderedMaps = 0;
    for (int round = 0; round < 300; round++) {
      RandomRows generator = new RandomRows(random, TimestampMapping.LEGACY);
      RowType type = generator.rowType();
      Schema schema = RowSchemas.writerSchema(type, TimestampMapping.LEGACY);
      assertEquals(AvroSchemaConverter.convertToSchema(type), schema, "the table-derived schema is Flink's");
      AvroRowDataSerializationSchema flink = FlinkAvro.encoder(type);
      RowEncoder legacy = RowEncoder.create(type, schema, TimestampMapping.LEGACY);
      RowEncoder correct = RowEncoder.create(type, RowSchemas.writerSchema(type, TimestampMapping.CORRECT),
          TimestampMapping.CORRECT);
      RowDecoder decoder = RowDecoder.create(schema, type, TimestampMapping.LEGACY);
      for (int r = 0; r < 8; r++) {
        RowData row = generator.row(type);
        RowData input = random.nextBoolean() ? row : Rows.binary(row, type); // strings in segments, or not
        String context = "round " + round + ", " + type + "\nrow " + row;
        byte[] expected = flink.serialize(row);
        byte[] framed = legacy.encode(input, PREFIX);
        assertArrayEquals(PREFIX, Arrays.copyOf(framed, PREFIX.length), context);
        byte[] actual = Arrays.copyOfRange(framed, PREFIX.length, framed.length);
        assertArrayEquals(actual, Arrays.copyOfRange(correct.encode(input, PREFIX), PREFIX.length, framed.length),
            context);
        if (Arrays.equals(expected, actual)) {
          equalBytes++;
        } else {
          assertTrue(Rows.hasMap(type), context + ": bytes differ without a map");
          assertEquals(vanilla(schema, expected), vanilla(schema, actual), context);
          reorderedMaps++;
        }
        Rows.assertSameRow(row, decoder.decode(framed, PREFIX.length, framed.length - PREFIX.length), type, context);
      }
    }
    assertTrue(equalBytes > 2000, "equal " + equalBytes + ", reordered maps " + reorderedMaps);
  }

  /** Under the correct mapping, sub-millisecond timestamps and TIMESTAMP_LTZ survive a round trip. */
  @Test
  void correctMappingRoundTripsEveryTimestampPrecision() throws Exception {
    Random random = new Random(8);
    for (int round = 0; round < 300; round++) {
      RandomRows generator = new RandomRows(random, TimestampMapping.CORRECT);
      RowType type = generator.rowType();
      Schema schema = RowSchemas.writerSchema(type, TimestampMapping.CORRECT);
      RowEncoder encoder = RowEncoder.create(type, schema, TimestampMapping.CORRECT);
      RowDecoder decoder = RowDecoder.create(schema, type, TimestampMapping.CORRECT);
      for (int r = 0; r < 8; r++) {
        RowData row = generator.row(type);
        byte[] bytes = encoder.encode(random.nextBoolean() ? row : Rows.binary(row, type), new byte[0]);
        Rows.assertSameRow(row, decoder.decode(bytes, 0, bytes.length), type, "round " + round + " " + type);
      }
    }
  }

  private static Object vanilla(Schema schema, byte[] bytes) throws IOException {
    return new GenericDatumReader<>(schema, schema, new GenericData()).read(null,
        DecoderFactory.get().binaryDecoder(bytes, null));
  }
}
