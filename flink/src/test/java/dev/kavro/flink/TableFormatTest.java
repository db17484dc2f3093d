package dev.kavro.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.row.RowSchemas;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.testing.Oracle;
import dev.kavro.wire.WireFormat;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.LocalDateTime;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.runtime.connector.source.ScanRuntimeProviderContext;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * The table format as the Kafka connectors run it, on the in-JVM registry: what it writes, what it reads, and the
 * options that change either.
 */
class TableFormatTest {
  private static final String ORDER_SCHEMA = """
      {"type":"record","name":"Order","namespace":"com.acme","fields":[
        {"name":"id","type":"int"},
        {"name":"name","type":["null","string"],"default":null},
        {"name":"currency","type":"string","default":"EUR"}]}""";

  private static TableHarness orders(String scope) {
    return TableHarness.kafka("orders").option("format", "kavro").option("kavro.url", "mock://" + scope)
        .column("id", DataTypes.INT().notNull())
        .column("name", DataTypes.STRING())
        .column("amount", DataTypes.DECIMAL(10, 2))
        .column("at", DataTypes.TIMESTAMP(6))
        .column("tags", DataTypes.ARRAY(DataTypes.STRING()));
  }

  private static RowData order(int id) {
    return GenericRowData.of(id, StringData.fromString("n" + id),
        DecimalData.fromBigDecimal(new BigDecimal("12.34"), 10, 2),
        TimestampData.fromLocalDateTime(LocalDateTime.of(2026, 11, 28, 10, 0, 0, 123_456_000)),
        new GenericArrayData(new Object[] {StringData.fromString("a")}));
  }

  @Test
  void rowsRoundTripUnderTheDerivedSubjectAndKavrosDeserializerReadsTheBytes() throws Exception {
    TableHarness table = orders("fmt-roundtrip");
    TaskContext task = new TaskContext();
    byte[] bytes = table.encoder("kavro.", table.physical(), task).serialize(order(1));
    RowData back = table.decoder("kavro.", table.physical(), task).deserialize(bytes);

    assertEquals(order(1).toString(), back.toString());
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("fmt-roundtrip");
    Schema registered = registry.latest("orders-value").schema();
    assertEquals(RowSchemas.RECORD_NAME, registered.getFullName());
    assertEquals(registry.latest("orders-value").id(), WireFormat.readInt(bytes, 1));
    try (KavroDeserializer plain = new KavroDeserializer()) {
      plain.configure(Map.of("schema.registry.url", "mock://fmt-roundtrip"), false);
      GenericRecord record = (GenericRecord) plain.deserialize("orders", bytes);
      assertEquals(1, record.get("id"));
      assertEquals("n1", record.get("name").toString());
      // Micros kept (the correct mapping): 10:00:00.123456.
      assertEquals(123_456L, Math.floorMod((Long) record.get("at"), 1_000_000L));
    }
  }

  @Test
  void aProjectionReadsOnlyItsColumnsInItsOrder() throws Exception {
    TableHarness table = orders("fmt-projection");
    TaskContext task = new TaskContext();
    byte[] bytes = table.encoder("kavro.", table.physical(), task).serialize(order(7));
    RowData projected = table.projectedDecoder("kavro.", new int[][] {{2}, {0}}, task).deserialize(bytes);
    assertEquals(2, projected.getArity());
    assertEquals(DecimalData.fromBigDecimal(new BigDecimal("12.34"), 10, 2), projected.getDecimal(0, 10, 2));
    assertEquals(7, projected.getInt(1));
  }

  @Test
  void theSchemaIdIsAReadableMetadataColumnAfterThePhysicalOnes() throws Exception {
    TableHarness table = orders("fmt-metadata");
    TaskContext task = new TaskContext();
    byte[] bytes = table.encoder("kavro.", table.physical(), task).serialize(order(3));
    var format = table.decoding("kavro.");
    assertEquals(Map.of("schema-id", DataTypes.INT()), format.listReadableMetadata());
    format.applyReadableMetadata(List.of("schema-id"));
    DeserializationSchema<RowData> decoder = format.createRuntimeDecoder(ScanRuntimeProviderContext.INSTANCE,
        table.physical());
    decoder.open(task);
    RowData row = decoder.deserialize(bytes);
    assertEquals(6, row.getArity());
    assertEquals(3, row.getInt(0));
    assertEquals(WireFormat.readInt(bytes, 1), row.getInt(5));
    RowType produced = ((InternalTypeInfo<RowData>) decoder.getProducedType()).toRowType();
    assertEquals(List.of("id", "name", "amount", "at", "tags", "schema-id"), produced.getFieldNames());
  }

  @Test
  void aGivenSchemaNeedNotEqualTheTableAndKeepsItsNamesAndDefaults() throws Exception {
    TableHarness table = TableHarness.kafka("payments").option("format", "kavro")
        .option("kavro.url", "mock://fmt-given").option("kavro.schema", ORDER_SCHEMA)
        .column("id", DataTypes.INT().notNull())
        .column("currency", DataTypes.STRING().notNull());
    TaskContext task = new TaskContext();
    byte[] bytes = table.encoder("kavro.", table.physical(), task)
        .serialize(GenericRowData.of(5, StringData.fromString("CHF")));
    Schema registered = MockSchemaRegistry.forScope("fmt-given").latest("payments-value").schema();
    assertEquals(new Schema.Parser().parse(ORDER_SCHEMA), registered);
    assertEquals("CHF", table.decoder("kavro.", table.physical(), task).deserialize(bytes).getString(1).toString());

    // Data of a writer without the currency field reads the given schema's default into the NOT NULL column.
    Schema old = new Schema.Parser().parse("""
        {"type":"record","name":"Order","namespace":"com.acme","fields":[{"name":"id","type":"int"}]}""");
    int oldId = MockSchemaRegistry.forScope("fmt-given").register("payments-value", old, false);
    GenericRecord record = new GenericData.Record(old);
    record.put("id", 9);
    RowData read = table.decoder("kavro.", table.physical(), task).deserialize(framed(oldId, old, record));
    assertEquals("EUR", read.getString(1).toString());
  }

  @Test
  void aGivenSchemaThatCannotHoldAColumnFailsInPlanning() {
    TableHarness table = TableHarness.kafka("payments").option("format", "kavro")
        .option("kavro.url", "mock://fmt-given-bad").option("kavro.schema", ORDER_SCHEMA)
        .column("id", DataTypes.INT().notNull())
        .column("paid", DataTypes.BOOLEAN().notNull());
    ValidationException read = assertThrows(ValidationException.class, () -> table.decoding("kavro.")
        .createRuntimeDecoder(ScanRuntimeProviderContext.INSTANCE, table.physical()));
    assertTrue(read.getMessage().contains("cannot be read as the table's row"), read.getMessage());
    ValidationException write = assertThrows(ValidationException.class, () -> table.encoding("kavro.")
        .createRuntimeEncoder(new org.apache.flink.table.runtime.connector.sink.SinkRuntimeProviderContext(false),
            table.physical()));
    assertTrue(write.getMessage().contains("Column 'paid' has no field"), write.getMessage());
  }

  @Test
  void withoutAutoRegistrationTheSchemaMustBeThereUnderAnyRecordNames() throws Exception {
    TableHarness table = TableHarness.kafka("shipments").option("format", "kavro")
        .option("kavro.url", "mock://fmt-lookup").option("kavro.auto.register.schemas", "false")
        .column("id", DataTypes.INT().notNull())
        .column("name", DataTypes.STRING());
    TaskContext task = new TaskContext();
    Exception missing = assertThrows(Exception.class, () -> table.encoder("kavro.", table.physical(), task));
    assertTrue(missing.getMessage().contains("[topic 'shipments', value, schema id unknown]")
        && missing.getMessage().contains("auto.register.schemas is false"), missing.getMessage());

    // Registered by another tool, with its own record name: the table finds it (Flink's avro-confluent cannot).
    Schema theirs = new Schema.Parser().parse("""
        {"type":"record","name":"Shipment","namespace":"com.acme.logistics","fields":[
          {"name":"id","type":"int"},{"name":"name","type":["null","string"],"default":null}]}""");
    int id = MockSchemaRegistry.forScope("fmt-lookup").register("shipments-value", theirs, false);
    byte[] bytes = table.encoder("kavro.", table.physical(), task)
        .serialize(GenericRowData.of(4, StringData.fromString("box")));
    assertEquals(id, WireFormat.readInt(bytes, 1));
    assertEquals(1, MockSchemaRegistry.forScope("fmt-lookup").latest("shipments-value").version());
    assertEquals("box", table.decoder("kavro.", table.physical(), task).deserialize(bytes).getString(1).toString());
  }

  @Test
  void useLatestVersionWritesTheRowsInTheSubjectsLatestSchema() throws Exception {
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("fmt-latest");
    int latest = registry.register("orders-value", new Schema.Parser().parse(ORDER_SCHEMA), false);
    TableHarness table = TableHarness.kafka("orders").option("format", "kavro")
        .option("kavro.url", "mock://fmt-latest").option("kavro.auto.register.schemas", "false")
        .option("kavro.use.latest.version", "true")
        .column("id", DataTypes.INT().notNull())
        .column("name", DataTypes.STRING());
    byte[] bytes = table.encoder("kavro.", table.physical(), new TaskContext())
        .serialize(GenericRowData.of(2, StringData.fromString("x")));
    assertEquals(latest, WireFormat.readInt(bytes, 1));
    try (KavroDeserializer plain = new KavroDeserializer()) {
      plain.configure(Map.of("schema.registry.url", "mock://fmt-latest"), false);
      GenericRecord record = (GenericRecord) plain.deserialize("orders", bytes);
      assertEquals("EUR", record.get("currency").toString());
    }
  }

  @Test
  void idsInHeadersFailATableWhenItsTasksStart() {
    TableHarness table = orders("fmt-header").option("kavro.properties.value.schema.id.serializer", "header");
    Exception e = assertThrows(Exception.class, () -> table.encoder("kavro.", table.physical(), new TaskContext()));
    assertTrue(e.getMessage().contains("which a table format cannot write"), e.getMessage());
  }

  @Test
  void aTombstoneIsNull() throws Exception {
    TableHarness table = orders("fmt-tombstone");
    DeserializationSchema<RowData> decoder = table.decoder("kavro.", table.physical(), new TaskContext());
    assertNull(decoder.deserialize(null));
    assertNull(decoder.deserialize(new byte[0]));
    SerializationSchema<RowData> encoder = table.encoder("kavro.", table.physical(), new TaskContext());
    assertNull(encoder.serialize(null));
  }

  static byte[] framed(int id, Schema schema, Object datum) {
    byte[] body = Oracle.encode(schema, GenericData.get(), datum);
    return ByteBuffer.allocate(5 + body.length).put((byte) 0).putInt(id).put(body).array();
  }
}
