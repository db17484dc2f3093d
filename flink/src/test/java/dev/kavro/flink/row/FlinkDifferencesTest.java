package dev.kavro.flink.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.testing.Oracle;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.flink.formats.avro.AvroRowDataSerializationSchema;
import org.apache.flink.formats.avro.AvroSerializationSchema;
import org.apache.flink.formats.avro.RowDataToAvroConverters;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

/**
 * The places where Flink's own Avro path ({@code avro-confluent}) is wrong or fails, each with the value Kavro gives,
 * asserted explicitly; where Flink returns a value, the test also asserts that it differs from Kavro's, so that the
 * list stays honest; and where Flink returns a value, Kavro's legacy mapping returns the same one.
 */
class FlinkDifferencesTest {
  private static final long MICROS = 1_700_000_000_123_456L;

  @Test
  void timestampMicrosKeepTheirPrecision() throws Exception {
    Schema writer = record(LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG)));
    byte[] body = body(writer, MICROS);
    RowType table = table(new TimestampType(false, 3));
    // The instant to the column's precision: a TIMESTAMP(3) holds no microseconds (its binary form has none).
    TimestampData kavro = (TimestampData) decode(writer, table, TimestampMapping.CORRECT, body).getField(0);
    assertEquals(TimestampData.fromEpochMillis(1_700_000_000_123L), kavro);
    RowData flink = (RowData) FlinkAvro.decode(FlinkAvro.decoder(writer, table), body);
    assertEquals(MICROS, flink.getTimestamp(0, 3).getMillisecond(), "Flink reads micros as millis, 1000x off");
    assertEquals(flink.getTimestamp(0, 3), decode(writer, table, TimestampMapping.LEGACY, body).getField(0));

    RowType micros = table(new TimestampType(false, 6));
    assertEquals(TimestampData.fromEpochMillis(1_700_000_000_123L, 456_000),
        decode(writer, micros, TimestampMapping.CORRECT, body).getField(0));
    assertThrows(IllegalArgumentException.class, () -> FlinkAvro.decoder(writer, micros));
    assertThrows(IllegalArgumentException.class, () -> RowDecoder.create(writer, micros, TimestampMapping.LEGACY));
  }

  @Test
  void timestampsFinerThanTheColumnAreCutToItsPrecision() throws Exception {
    Schema writer = record(LogicalTypes.timestampNanos().addToSchema(Schema.create(Schema.Type.LONG)));
    // Millisecond -1_700_000_000_124 and 543_211 nanoseconds.
    byte[] body = body(writer, -1_700_000_000_123_456_789L);
    int[] nanosOfMilli = {0, 0, 0, 0, 500_000, 540_000, 543_000, 543_200, 543_210, 543_211};
    for (int precision = 0; precision <= 9; precision++) {
      RowType table = table(new LocalZonedTimestampType(false, precision));
      assertEquals(TimestampData.fromEpochMillis(-1_700_000_000_124L, nanosOfMilli[precision]),
          decode(writer, table, TimestampMapping.CORRECT, body).getField(0), "precision " + precision);
    }
  }

  @Test
  void enumsReadIntoStringColumns() throws Exception {
    Schema color = Schema.createEnum("Color", null, "com.acme", java.util.List.of("RED", "GREEN"));
    Schema writer = record(color);
    byte[] body = body(writer, new GenericData.EnumSymbol(color, "GREEN"));
    RowType table = table(VarCharType.STRING_TYPE.copy(false));
    for (TimestampMapping mapping : TimestampMapping.values()) {
      assertEquals(StringData.fromString("GREEN"), decode(writer, table, mapping, body).getField(0));
    }
    assertInstanceOf(IOException.class, FlinkAvro.decode(FlinkAvro.decoder(writer, table), body));
  }

  @Test
  void timestampLtzReadsAndWrites() throws Exception {
    Schema writer = record(LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG)));
    byte[] body = body(writer, 1_700_000_000_123L);
    RowType table = table(new LocalZonedTimestampType(false, 3));
    assertEquals(TimestampData.fromEpochMillis(1_700_000_000_123L),
        decode(writer, table, TimestampMapping.CORRECT, body).getField(0));
    assertThrows(UnsupportedOperationException.class, () -> FlinkAvro.decoder(writer, table));
    assertThrows(UnsupportedOperationException.class, () -> FlinkAvro.encoder(table));
    assertThrows(IllegalArgumentException.class, () -> RowDecoder.create(writer, table, TimestampMapping.LEGACY));

    RowType micros = table(new LocalZonedTimestampType(false, 6));
    Schema written = RowSchemas.writerSchema(micros, TimestampMapping.CORRECT);
    assertEquals(LogicalTypes.timestampMicros(), written.getField("v").schema().getLogicalType());
    GenericRowData row = GenericRowData.of(TimestampData.fromEpochMillis(1_700_000_000_123L, 456_000));
    byte[] bytes = RowEncoder.create(micros, written, TimestampMapping.CORRECT).encode(row, new byte[0]);
    assertArrayEquals(body(written, MICROS), bytes);
  }

  @Test
  void decimalsOfAnotherScaleAreRescaled() throws Exception {
    Schema writer = record(LogicalTypes.decimal(10, 4).addToSchema(Schema.create(Schema.Type.BYTES)));
    byte[] body = body(writer, ByteBuffer.wrap(new BigDecimal("12.3400").unscaledValue().toByteArray()));
    RowType table = table(new DecimalType(false, 10, 2));
    for (TimestampMapping mapping : TimestampMapping.values()) {
      assertEquals(new BigDecimal("12.34"),
          ((DecimalData) decode(writer, table, mapping, body).getField(0)).toBigDecimal());
    }
    RowData flink = (RowData) FlinkAvro.decode(FlinkAvro.decoder(writer, table), body);
    assertEquals(new BigDecimal("1234.00"), flink.getDecimal(0, 10, 2).toBigDecimal(), "Flink: 100x off");

    byte[] lossy = body(writer, ByteBuffer.wrap(new BigDecimal("12.3456").unscaledValue().toByteArray()));
    IOException e = assertThrows(IOException.class,
        () -> RowDecoder.create(writer, table, TimestampMapping.CORRECT).decode(lossy, 0, lossy.length));
    assertTrue(e.getMessage().contains("'v'") && e.getMessage().contains("lose digits"), e.getMessage());

    // Writing DECIMAL(10, 2) with a writer schema of scale 4: Kavro rescales, Flink writes the unscaled value as is.
    GenericRowData row = GenericRowData.of(DecimalData.fromBigDecimal(new BigDecimal("12.34"), 10, 2));
    assertArrayEquals(body, RowEncoder.create(table, writer, TimestampMapping.CORRECT).encode(row, new byte[0]));
    AvroRowDataSerializationSchema flinkWriter = new AvroRowDataSerializationSchema(table,
        AvroSerializationSchema.forGeneric(writer), RowDataToAvroConverters.createConverter(table));
    flinkWriter.open(null);
    assertFalse(java.util.Arrays.equals(body, flinkWriter.serialize(row)), "Flink writes 0.1234 for 12.34");
  }

  @Test
  void namedTypesNeverHaveToMatchTheTable() throws Exception {
    Schema id = Schema.createFixed("Id", null, "com.acme", 4);
    Schema address = SchemaBuilder.record("Address").namespace("com.acme").fields().requiredString("city")
        .endRecord();
    Schema writer = SchemaBuilder.record("Order").namespace("com.acme").fields()
        .name("id").type(id).noDefault()
        .name("address").type(Schema.createUnion(Schema.create(Schema.Type.NULL), address)).withDefault(null)
        .endRecord();
    GenericData.Record value = new GenericData.Record(writer);
    value.put("id", new GenericData.Fixed(id, new byte[] {1, 2, 3, 4}));
    GenericData.Record city = new GenericData.Record(address);
    city.put("city", "Lyon");
    value.put("address", city);
    byte[] body = Oracle.encode(writer, GenericData.get(), value);
    RowType table = RowType.of(new LogicalType[] {new VarBinaryType(false, 4),
        RowType.of(new LogicalType[] {VarCharType.STRING_TYPE.copy(false)}, new String[] {"city"})},
        new String[] {"id", "address"});
    GenericRowData row = decode(writer, table, TimestampMapping.LEGACY, body);
    assertArrayEquals(new byte[] {1, 2, 3, 4}, (byte[]) row.getField(0));
    assertEquals(StringData.fromString("Lyon"), ((RowData) row.getField(1)).getString(0));
    assertInstanceOf(IOException.class, FlinkAvro.decode(FlinkAvro.decoder(writer, table), body),
        "Flink's reader has bytes where the writer has the fixed com.acme.Id");

    // The record alone, under another name than Flink's derived one, reads in both.
    RowType addressOnly = RowType.of(new LogicalType[] {table.getTypeAt(1)}, new String[] {"address"});
    Rows.assertSameRow((RowData) FlinkAvro.decode(FlinkAvro.decoder(writer, addressOnly), body),
        decode(writer, addressOnly, TimestampMapping.LEGACY, body), addressOnly, "record names");
  }

  @Test
  void timeMicrosReadAsMillisOfTheDay() throws Exception {
    Schema writer = record(LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG)));
    byte[] body = body(writer, 45_296_789_123L);
    RowType table = table(new TimeType(false, 3));
    assertEquals(45_296_789, decode(writer, table, TimestampMapping.CORRECT, body).getField(0));
    assertInstanceOf(IOException.class, FlinkAvro.decode(FlinkAvro.decoder(writer, table), body));
  }

  /** After one record fails, Flink's buffering decoder reads the next record from the failed one's leftovers. */
  @Test
  void aFailedRecordDoesNotSpoilTheNext() throws Exception {
    Schema color = Schema.createEnum("Color", null, "com.acme", java.util.List.of("RED", "GREEN"));
    Schema writer = SchemaBuilder.record("R").fields()
        .name("m").type(Schema.createMap(color)).noDefault()
        .requiredLong("n").endRecord();
    RowType table = DecodeDifferentialTest.flinkType(writer);
    GenericData.Record bad = new GenericData.Record(writer);
    bad.put("m", Map.of("a", new GenericData.EnumSymbol(color, "RED"), "b", new GenericData.EnumSymbol(color, "RED")));
    bad.put("n", 1L);
    GenericData.Record good = new GenericData.Record(writer);
    good.put("m", Map.of());
    good.put("n", 7L);
    byte[] badBody = Oracle.encode(writer, GenericData.get(), bad);
    byte[] goodBody = Oracle.encode(writer, GenericData.get(), good);
    var flink = FlinkAvro.decoder(writer, table);
    assertInstanceOf(IOException.class, FlinkAvro.decode(flink, badBody));
    Object flinkGood = FlinkAvro.decode(flink, goodBody);
    assertFalse(flinkGood instanceof RowData r && r.getLong(1) == 7L, "Flink read the good record right: " + flinkGood);
    RowDecoder kavro = RowDecoder.create(writer, table, TimestampMapping.LEGACY);
    assertEquals(2, ((org.apache.flink.table.data.MapData) kavro.decode(badBody, 0, badBody.length).getField(0)).size());
    assertEquals(7L, kavro.decode(goodBody, 0, goodBody.length).getLong(1));
  }

  @Test
  void enumColumnsAreWrittenAsSymbolsOrRefused() throws Exception {
    Schema color = Schema.createEnum("Color", null, "com.acme", java.util.List.of("RED", "GREEN"), "RED");
    Schema writer = record(color);
    RowType table = table(VarCharType.STRING_TYPE.copy(false));
    RowEncoder encoder = RowEncoder.create(table, writer, TimestampMapping.CORRECT);
    assertArrayEquals(new byte[] {2}, encoder.encode(GenericRowData.of(StringData.fromString("GREEN")), new byte[0]));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> encoder.encode(GenericRowData.of(StringData.fromString("BLUE")), new byte[0]));
    assertTrue(e.getMessage().contains("'v'") && e.getMessage().contains("BLUE"), e.getMessage());

    AvroRowDataSerializationSchema flink = new AvroRowDataSerializationSchema(table,
        AvroSerializationSchema.forGeneric(writer), RowDataToAvroConverters.createConverter(table));
    flink.open(null);
    assertArrayEquals(new byte[] {2}, flink.serialize(GenericRowData.of(StringData.fromString("GREEN"))));
    RuntimeException flinkFailure = assertThrows(RuntimeException.class,
        () -> flink.serialize(GenericRowData.of(StringData.fromString("BLUE"))));
    assertFalse(flinkFailure.getMessage().contains("'v'"), "Flink's message does not name the field");
  }

  private static Schema record(Schema field) {
    return SchemaBuilder.record("Event").namespace("com.acme").fields().name("v").type(field).noDefault()
        .endRecord();
  }

  private static RowType table(LogicalType column) {
    return RowType.of(new LogicalType[] {column}, new String[] {"v"});
  }

  private static byte[] body(Schema writer, Object value) {
    GenericData.Record record = new GenericData.Record(writer);
    record.put(0, value);
    return Oracle.encode(writer, GenericData.get(), record);
  }

  private static GenericRowData decode(Schema writer, RowType table, TimestampMapping mapping, byte[] body)
      throws IOException {
    return RowDecoder.create(writer, table, mapping).decode(body, 0, body.length);
  }

}
