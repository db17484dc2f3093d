package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The list "Where Kavro differs from avro-confluent" of docs/flink-type-mapping.md, held against Flink's real SQL
 * format ({@code flink-sql-avro-confluent-registry}) in SQL jobs over the real broker and registry: for each case,
 * Kavro's value, and what {@code avro-confluent} does instead (a value off by a power of ten, a failed job, a statement
 * it cannot plan), so that the list stays honest.
 */
@ExtendWith({FlinkClassPath.class, RealServers.class})
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FlinkFormatsDifferencesIT {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = FlinkSql.miniCluster();

  private static final long MICROS = 1_700_000_000_123_456L;
  private static final TimestampData EXACT = TimestampData.fromEpochMillis(1_700_000_000_123L, 456_000);

  private static ServerPair servers;
  private static SchemaRegistry registry;
  private String run;

  @BeforeAll
  static void connect(ServerPair pair) {
    servers = pair;
    registry = SchemaRegistries.create(Map.of("schema.registry.url", pair.registryUrl()));
  }

  @AfterAll
  static void disconnect() {
    if (registry != null) {
      registry.close();
    }
  }

  /**
   * Where {@code avro-confluent} reads a value, but the wrong one: {@code timestamp-micros} as millis (1000x off), a
   * decimal of another scale at the column's scale (100x off), a field {@code id} into a column {@code ID} (null),
   * bytes that are not UTF-8 into a STRING (replaced).
   */
  @Test
  void whereFlinkReadsAnotherValueKavroReadsTheWritersValue() throws Exception {
    String micros = topic("micros");
    String decimal = topic("decimal");
    String upper = topic("upper");
    String utf8 = topic("utf8");
    TopicDrain.createTopics(servers.bootstrapServers(), micros, decimal, upper, utf8);
    produce(micros, field(LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG))), MICROS);
    produce(decimal, field(LogicalTypes.decimal(10, 4).addToSchema(Schema.create(Schema.Type.BYTES))),
        ByteBuffer.wrap(new BigDecimal("12.3400").unscaledValue().toByteArray()));
    produce(upper, SchemaBuilder.record("Event").namespace("com.acme").fields().requiredInt("id").endRecord(), 42);
    byte[] notUtf8 = {'a', (byte) 0xC3, '('};
    produce(utf8, field(Schema.create(Schema.Type.BYTES)), ByteBuffer.wrap(notUtf8));

    FlinkSql sql = FlinkSql.batch(servers);
    both(sql, "micros", "v TIMESTAMP(3) NOT NULL", micros);
    // Evaluated in the source's task, before any network hop: the value read must equal its millisecond.
    sql.tables().executeSql("CREATE TEMPORARY VIEW micros_at_millis AS SELECT v FROM micros_kavro "
        + "WHERE v = TIMESTAMP '2023-11-14 22:13:20.123'");
    sql.read("micros_at_millis");
    sql.createTable("micros_legacy", "v TIMESTAMP(3) NOT NULL", micros, FlinkSql.KAVRO,
        "timestamp-mapping", "legacy");
    sql.read("micros_legacy");
    sql.createTable("micros_6", "v TIMESTAMP(6) NOT NULL", micros, FlinkSql.KAVRO);
    sql.read("micros_6");
    both(sql, "decimal", "v DECIMAL(10, 2) NOT NULL", decimal);
    both(sql, "upper", "ID INT", upper);
    both(sql, "utf8", "v STRING NOT NULL", utf8);
    Map<String, List<RowData>> read = sql.collect();
    assertEquals(TimestampData.fromEpochMillis(1_700_000_000_123L), only(read, "micros_kavro").getTimestamp(0, 3));
    assertEquals(1, read.get("micros_at_millis").size(), "a TIMESTAMP(3) holds no microseconds");
    assertEquals(EXACT, only(read, "micros_6").getTimestamp(0, 6));
    assertEquals(TimestampData.fromEpochMillis(MICROS), only(read, "micros_flink").getTimestamp(0, 3),
        "avro-confluent reads micros as millis");
    assertEquals(only(read, "micros_flink").getTimestamp(0, 3), only(read, "micros_legacy").getTimestamp(0, 3),
        "Kavro's legacy mapping reads as avro-confluent");

    assertEquals(new BigDecimal("12.34"), only(read, "decimal_kavro").getDecimal(0, 10, 2).toBigDecimal());
    assertEquals(new BigDecimal("1234.00"), only(read, "decimal_flink").getDecimal(0, 10, 2).toBigDecimal(),
        "avro-confluent reads the unscaled value at the column's scale");

    assertEquals(42, only(read, "upper_kavro").getInt(0));
    assertTrue(only(read, "upper_flink").isNullAt(0), "avro-confluent has no case rule: ID reads null");

    assertArrayEquals(notUtf8, only(read, "utf8_kavro").getString(0).toBytes());
    assertEquals("a\uFFFD(", only(read, "utf8_flink").getString(0).toString(),
        "avro-confluent decodes the bytes into a Java string, replacing what is not UTF-8");
  }

  /** Where {@code avro-confluent} fails the job: enum into STRING, named fixed into BYTES, time-micros into TIME. */
  @Test
  void whereFlinkFailsTheJobKavroReads() throws Exception {
    String enums = topic("enum");
    String fixed = topic("fixed");
    String time = topic("time");
    TopicDrain.createTopics(servers.bootstrapServers(), enums, fixed, time);
    Schema color = Schema.createEnum("Color", null, "com.acme", List.of("RED", "GREEN"));
    produce(enums, field(color), new GenericData.EnumSymbol(color, "GREEN"));
    Schema id = Schema.createFixed("Id", null, "com.acme", 4);
    produce(fixed, field(id), new GenericData.Fixed(id, new byte[] {1, 2, 3, 4}));
    produce(time, field(LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG))), 45_296_789_123L);

    FlinkSql sql = FlinkSql.batch(servers);
    String[][] cases = {{"enum", "v STRING NOT NULL", enums}, {"fixed", "v BYTES NOT NULL", fixed},
        {"time", "v TIME(3) NOT NULL", time}};
    for (String[] c : cases) {
      sql.createTable(c[0] + "_kavro", c[1], c[2], FlinkSql.KAVRO);
      sql.createTable(c[0] + "_legacy", c[1], c[2], FlinkSql.KAVRO, "timestamp-mapping", "legacy");
      sql.createTable(c[0] + "_flink", c[1], c[2], FlinkSql.AVRO_CONFLUENT);
      sql.read(c[0] + "_kavro");
      sql.read(c[0] + "_legacy");
    }
    Map<String, List<RowData>> read = sql.collect();
    for (String mapping : List.of("_kavro", "_legacy")) {
      assertEquals(StringData.fromString("GREEN"), only(read, "enum" + mapping).getString(0));
      assertArrayEquals(new byte[] {1, 2, 3, 4}, only(read, "fixed" + mapping).getBinary(0));
      assertEquals(45_296_789, only(read, "time" + mapping).getInt(0));
    }

    assertFlinkFails(sql, "enum_flink", "Found com.acme.Color, expecting string");
    assertFlinkFails(sql, "fixed_flink", "Found com.acme.Id, expecting bytes");
    assertFlinkFails(sql, "time_flink", "Found long, expecting int");
  }

  /**
   * Where {@code avro-confluent} cannot plan the statement: a writer timestamp-micros into TIMESTAMP(6), a
   * TIMESTAMP_LTZ column read or written, a DECIMAL(10, 2) written with a decimal(10, 4) writer schema. Kavro reads and
   * writes them exactly.
   */
  @Test
  void whereFlinkCannotPlanKavroReadsAndWrites() throws Exception {
    String micros = topic("micros6");
    String ltzIn = topic("ltz-in");
    String ltzOut = topic("ltz-out");
    String decimalOut = topic("decimal-out");
    TopicDrain.createTopics(servers.bootstrapServers(), micros, ltzIn, ltzOut, decimalOut);
    produce(micros, field(LogicalTypes.timestampMicros().addToSchema(Schema.create(Schema.Type.LONG))), MICROS);
    produce(ltzIn, field(LogicalTypes.timestampMillis().addToSchema(Schema.create(Schema.Type.LONG))),
        1_700_000_000_123L);
    Schema decimalWriter = field(LogicalTypes.decimal(10, 4).addToSchema(Schema.create(Schema.Type.BYTES)));

    FlinkSql sql = FlinkSql.batch(servers);
    sql.createTable("micros6_kavro", "v TIMESTAMP(6) NOT NULL", micros, FlinkSql.KAVRO);
    sql.read("micros6_kavro");
    sql.createTable("micros6_flink", "v TIMESTAMP(6) NOT NULL", micros, FlinkSql.AVRO_CONFLUENT);
    assertFlinkCannotPlan(() -> sql.read("micros6_flink"), "does not support TIMESTAMP type with precision: 6");
    sql.createTable("ltz_in_kavro", "v TIMESTAMP_LTZ(3) NOT NULL", ltzIn, FlinkSql.KAVRO);
    sql.read("ltz_in_kavro");
    sql.createTable("ltz_in_flink", "v TIMESTAMP_LTZ(3) NOT NULL", ltzIn, FlinkSql.AVRO_CONFLUENT);
    assertFlinkCannotPlan(() -> sql.read("ltz_in_flink"), "Unsupported to derive Schema for type: TIMESTAMP_LTZ(3)");
    Map<String, List<RowData>> read = sql.collect();
    assertEquals(EXACT, only(read, "micros6_kavro").getTimestamp(0, 6));
    assertEquals(TimestampData.fromEpochMillis(1_700_000_000_123L), only(read, "ltz_in_kavro").getTimestamp(0, 3));

    RowType ltz = row(new LocalZonedTimestampType(false, 6));
    RowType decimal = row(new DecimalType(false, 10, 2));
    sql.createTable("ltz_out_kavro", FlinkSql.columns(ltz), ltzOut, FlinkSql.KAVRO);
    sql.createTable("ltz_out_flink", FlinkSql.columns(ltz), ltzOut, FlinkSql.AVRO_CONFLUENT);
    sql.createTable("decimal_out_kavro", FlinkSql.columns(decimal), decimalOut, FlinkSql.KAVRO,
        "schema", decimalWriter.toString());
    sql.createTable("decimal_out_flink", FlinkSql.columns(decimal), decimalOut, FlinkSql.AVRO_CONFLUENT,
        "schema", decimalWriter.toString());
    List<GenericRowData> ltzRows = List.of(GenericRowData.of(EXACT));
    List<GenericRowData> decimalRows = List.of(GenericRowData.of(DecimalData.fromBigDecimal(new BigDecimal("12.34"),
        10, 2)));
    assertFlinkCannotPlan(() -> insert(sql, "ltz_out_flink", ltz, ltzRows),
        "Unsupported to derive Schema for type: TIMESTAMP_LTZ(6)");
    assertFlinkCannotPlan(() -> insert(sql, "decimal_out_flink", decimal, decimalRows),
        "Schema provided for 'avro-confluent' format does not match the table schema");
    StatementSet writes = sql.tables().createStatementSet();
    writes.addInsert("ltz_out_kavro", sql.rows(ltz, ltzRows));
    writes.addInsert("decimal_out_kavro", sql.rows(decimal, decimalRows));
    writes.execute().await();

    GenericRecord ltzWritten = onlyRecord(ltzOut);
    assertEquals(LogicalTypes.timestampMicros(), ltzWritten.getSchema().getField("v").schema().getLogicalType());
    assertEquals(MICROS, ltzWritten.get("v"));
    GenericRecord decimalWritten = onlyRecord(decimalOut);
    ByteBuffer unscaled = (ByteBuffer) decimalWritten.get("v");
    byte[] bytes = new byte[unscaled.remaining()];
    unscaled.get(bytes);
    assertEquals(new BigDecimal("12.3400"), new BigDecimal(new java.math.BigInteger(bytes), 4),
        "Kavro rescales to the writer schema's scale");
  }

  /**
   * A subject whose schema another tool registered under its own record names, with auto-registration off in Kavro:
   * Kavro writes with the registered id and adds no version; {@code avro-confluent}, which always registers the
   * table-derived schema (Flink's record names), cannot write with that id. Both read the records.
   */
  @Test
  void withoutAutoRegistrationKavroWritesUnderTheRegisteredSchema() throws Exception {
    String topic = topic("ship");
    String subject = topic + "-value";
    TopicDrain.createTopics(servers.bootstrapServers(), topic);
    int registered = registry.register(subject, """
        {"type":"record","name":"Shipment","namespace":"com.acme","fields":[
          {"name":"id","type":"int"},{"name":"dest","type":["null","string"],"default":null}]}""", List.of(), false);

    FlinkSql sql = FlinkSql.batch(servers);
    String columns = "id INT NOT NULL, dest STRING";
    sql.createTable("ship_kavro", columns, topic, FlinkSql.KAVRO, "auto.register.schemas", "false");
    sql.createTable("ship_flink", columns, topic, FlinkSql.AVRO_CONFLUENT);
    sql.tables().executeSql("INSERT INTO ship_kavro VALUES (7, 'Lyon')").await();
    List<ConsumerRecord<byte[], byte[]>> written = TopicDrain.read(servers.bootstrapServers(), topic, 1,
        Duration.ofSeconds(30));
    assertEquals(registered, VanillaAvro.schemaId(written.get(0).value()));
    assertEquals(1, registry.latest(subject).version());

    // Its schema, under Flink's record names, is not compatible with the subject's (BACKWARD): the registry says 409.
    Exception flinkWrite = assertThrows(Exception.class,
        () -> sql.tables().executeSql("INSERT INTO ship_flink VALUES (8, 'Paris')").await());
    String causes = FlinkSql.causes(flinkWrite);
    assertTrue(causes.contains("Could not register schema in registry") && causes.contains("409"), causes);
    assertEquals(registered, registry.latest(subject).id(), "no version with Flink's names");

    sql.read("ship_kavro");
    sql.read("ship_flink");
    Map<String, List<RowData>> read = sql.collect();
    assertEquals(7, only(read, "ship_kavro").getInt(0));
    assertEquals(StringData.fromString("Lyon"), only(read, "ship_flink").getString(1));
  }

  private String topic(String name) {
    return "flink-diff-" + name + "-" + UUID.randomUUID();
  }

  private static void both(FlinkSql sql, String name, String columns, String topic) {
    sql.createTable(name + "_kavro", columns, topic, FlinkSql.KAVRO);
    sql.createTable(name + "_flink", columns, topic, FlinkSql.AVRO_CONFLUENT);
    sql.read(name + "_kavro");
    sql.read(name + "_flink");
  }

  private static void insert(FlinkSql sql, String table, RowType type, List<GenericRowData> rows) throws Exception {
    sql.tables().createStatementSet().addInsert(table, sql.rows(type, rows)).execute().await();
  }

  private static void assertFlinkFails(FlinkSql sql, String table, String avroMessage) {
    sql.read(table);
    Exception e = assertThrows(Exception.class, sql::collect);
    String causes = FlinkSql.causes(e);
    assertTrue(causes.contains("Failed to deserialize Avro record.") && causes.contains(avroMessage), causes);
  }

  private static void assertFlinkCannotPlan(org.junit.jupiter.api.function.Executable plan, String message) {
    Exception e = assertThrows(Exception.class, plan);
    String causes = FlinkSql.causes(e);
    assertTrue(causes.contains(message), causes);
  }

  private static Schema field(Schema type) {
    return SchemaBuilder.record("Event").namespace("com.acme").fields().name("v").type(type).noDefault().endRecord();
  }

  private static RowType row(LogicalType column) {
    return RowType.of(new LogicalType[] {column}, new String[] {"v"});
  }

  /** Writes one record of {@code schema}, its first field {@code value}, with Kavro's serializer. */
  private static void produce(String topic, Schema schema, Object value) {
    GenericData.Record record = new GenericData.Record(schema);
    record.put(0, value);
    try (KafkaProducer<Long, Object> producer = KafkaClients.kavroProducer(servers, Map.of())) {
      KafkaClients.sendAll(producer, topic, 0, 1, k -> record);
    }
  }

  /** The one record in {@code topic}, decoded by vanilla Avro with its writer schema from the registry. */
  private static GenericRecord onlyRecord(String topic) throws Exception {
    List<ConsumerRecord<byte[], byte[]>> records = TopicDrain.read(servers.bootstrapServers(), topic, 1,
        Duration.ofSeconds(30));
    assertEquals(1, records.size(), topic);
    try (VanillaAvro avro = new VanillaAvro(servers)) {
      return (GenericRecord) avro.decode(records.get(0).value());
    }
  }

  private static RowData only(Map<String, List<RowData>> read, String table) {
    List<RowData> rows = read.get(table);
    assertEquals(1, rows.size(), table + ": " + rows);
    return rows.get(0);
  }
}
