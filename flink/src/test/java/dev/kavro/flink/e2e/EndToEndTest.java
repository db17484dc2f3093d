package dev.kavro.flink.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.KavroDeserializationSchema;
import dev.kavro.flink.KavroKafkaRecordDeserializationSchema;
import dev.kavro.flink.KavroKafkaRecordSerializationSchema;
import dev.kavro.flink.KavroSerializationSchema;
import dev.kavro.flink.runtime.SharedRegistries;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.testing.EmbeddedKafkaBroker;
import dev.kavro.wire.WireFormat;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.connector.kafka.sink.KafkaSink;
import org.apache.flink.connector.kafka.source.KafkaSource;
import org.apache.flink.connector.kafka.source.enumerator.initializer.OffsetsInitializer;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.formats.avro.typeutils.GenericRecordAvroTypeInfo;
import org.apache.flink.core.execution.SavepointFormatType;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.CloseableIterator;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * The {@code kavro} format in SQL jobs, and the DataStream schemas in a Kafka job, on a Flink MiniCluster against the
 * in-JVM KRaft broker and the in-JVM registry ({@code mock://}), all in this JVM: what a Flink user runs, end to end.
 */
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class EndToEndTest {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
      .setNumberTaskManagers(1).setNumberSlotsPerTaskManager(2).build());

  @TempDir
  static Path work;
  private static EmbeddedKafkaBroker broker;
  private static KafkaTopics kafka;

  @BeforeAll
  static void startBroker() {
    broker = EmbeddedKafkaBroker.start(work);
    kafka = new KafkaTopics(broker.bootstrapServers());
  }

  @AfterAll
  static void stopBroker() {
    if (broker != null) {
      broker.close();
    }
  }

  private static TableEnvironment batch() {
    return TableEnvironment.create(EnvironmentSettings.inBatchMode());
  }

  private static StreamTableEnvironment streaming() {
    return StreamTableEnvironment.create(StreamExecutionEnvironment.getExecutionEnvironment(),
        EnvironmentSettings.inStreamingMode());
  }

  /** A Kafka table over {@code topic} read from the start to the end it has when a query starts. */
  private static String kafkaTable(String name, String columns, String topic, String... formatOptions) {
    StringBuilder ddl = new StringBuilder("CREATE TABLE " + name + " (" + columns + ") WITH ("
        + "'connector' = 'kafka', 'topic' = '" + topic + "', "
        + "'properties.bootstrap.servers' = '" + broker.bootstrapServers() + "', "
        + "'properties.group.id' = '" + name + "', "
        + "'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset', 'format' = 'kavro'");
    for (String option : formatOptions) {
      ddl.append(", ").append(option);
    }
    return ddl.append(")").toString();
  }

  private static List<Row> rows(TableEnvironment env, String query) throws Exception {
    List<Row> rows = new ArrayList<>();
    try (CloseableIterator<Row> it = env.executeSql(query).collect()) {
      it.forEachRemaining(rows::add);
    }
    return rows;
  }

  private static List<String> sorted(List<Row> rows) {
    return rows.stream().map(Row::toString).sorted().toList();
  }

  @Test
  void aSinkWritesWhatKavrosSerdesReadAndASourceReadsItBackProjectedWithItsSchemaId() throws Exception {
    kafka.create("e2e-orders");
    TableEnvironment env = batch();
    env.executeSql(kafkaTable("orders", "id INT NOT NULL, name STRING, amount DECIMAL(10, 2), ts TIMESTAMP(6)",
        "e2e-orders", "'kavro.url' = 'mock://e2e-orders'"));
    env.executeSql("INSERT INTO orders VALUES (1, 'one', 1.50, TIMESTAMP '2026-11-28 10:00:00.123456'), "
        + "(2, CAST(NULL AS STRING), 2.25, TIMESTAMP '2026-11-28 11:00:00.000001')").await();

    assertEquals(List.of("+I[1, one, 1.50, 2026-11-28T10:00:00.123456]", "+I[2, null, 2.25, 2026-11-28T11:00:00.000001]"),
        sorted(rows(env, "SELECT * FROM orders")));

    int id = MockSchemaRegistry.forScope("e2e-orders").latest("e2e-orders-value").id();
    List<ConsumerRecord<byte[], byte[]>> records = kafka.all("e2e-orders");
    assertEquals(2, records.size());
    try (KavroDeserializer serde = new KavroDeserializer()) {
      serde.configure(Map.of("schema.registry.url", "mock://e2e-orders"), false);
      for (ConsumerRecord<byte[], byte[]> record : records) {
        assertEquals(id, WireFormat.readInt(record.value(), 1));
        GenericRecord value = (GenericRecord) serde.deserialize("e2e-orders", record.value());
        assertTrue((Integer) value.get("id") == 1 || (Integer) value.get("id") == 2, value.toString());
      }
    }

    env.executeSql(kafkaTable("orders_meta", "id INT NOT NULL, name STRING, amount DECIMAL(10, 2), "
        + "ts TIMESTAMP(6), sid INT METADATA FROM 'value.schema-id' VIRTUAL", "e2e-orders",
        "'kavro.url' = 'mock://e2e-orders'"));
    assertEquals(List.of("+I[" + id + ", 1.50]", "+I[" + id + ", 2.25]"),
        sorted(rows(env, "SELECT sid, amount FROM orders_meta")));
  }

  @Test
  void upsertKafkaWritesKeysAndValuesUnderTheirDefaultSubjects() throws Exception {
    kafka.create("e2e-users");
    StreamTableEnvironment env = streaming();
    env.executeSql("CREATE TABLE users (id INT NOT NULL, name STRING, PRIMARY KEY (id) NOT ENFORCED) WITH ("
        + "'connector' = 'upsert-kafka', 'topic' = 'e2e-users', "
        + "'properties.bootstrap.servers' = '" + broker.bootstrapServers() + "', "
        + "'scan.bounded.mode' = 'latest-offset', "
        + "'key.format' = 'kavro', 'key.kavro.url' = 'mock://e2e-users', "
        + "'value.format' = 'kavro', 'value.kavro.url' = 'mock://e2e-users')");
    // Grouped by the key, so that the query's upsert key is the sink's primary key; the literals cast, as Flink 2.0's
    // LAST_VALUE takes no CHAR.
    env.executeSql("INSERT INTO users SELECT id, LAST_VALUE(CAST(name AS STRING)) FROM (VALUES (1, 'a'), (2, 'b')) "
        + "AS t (id, name) "
        + "GROUP BY id").await();
    env.executeSql("INSERT INTO users SELECT id, LAST_VALUE(CAST(name AS STRING)) FROM (VALUES (1, 'c')) AS t (id, name) "
        + "GROUP BY id").await();

    Map<Integer, String> state = new TreeMap<>();
    for (Row row : rows(env, "SELECT id, name FROM users")) {
      if (row.getKind() == RowKind.INSERT || row.getKind() == RowKind.UPDATE_AFTER) {
        state.put((Integer) row.getField(0), (String) row.getField(1));
      } else {
        state.remove((Integer) row.getField(0));
      }
    }
    assertEquals(Map.of(1, "c", 2, "b"), state);
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("e2e-users");
    assertEquals(List.of("id"), registry.latest("e2e-users-key").schema().getFields().stream()
        .map(Schema.Field::name).toList());
    assertEquals(List.of("id", "name"), registry.latest("e2e-users-value").schema().getFields().stream()
        .map(Schema.Field::name).toList());
  }

  @Test
  void withoutAutoRegistrationASinkWritesWithASchemaRegisteredUnderOtherNames() throws Exception {
    kafka.create("e2e-ship");
    Schema theirs = new Schema.Parser().parse("""
        {"type":"record","name":"Shipment","namespace":"com.acme","fields":[
          {"name":"id","type":"int"},{"name":"dest","type":["null","string"],"default":null}]}""");
    int id = MockSchemaRegistry.forScope("e2e-ship").register("e2e-ship-value", theirs, false);
    TableEnvironment env = batch();
    env.executeSql(kafkaTable("ship", "id INT NOT NULL, dest STRING", "e2e-ship", "'kavro.url' = 'mock://e2e-ship'",
        "'kavro.auto.register.schemas' = 'false'"));
    env.executeSql("INSERT INTO ship VALUES (7, 'Lyon')").await();
    assertEquals(id, WireFormat.readInt(kafka.all("e2e-ship").get(0).value(), 1));
    assertEquals(1, MockSchemaRegistry.forScope("e2e-ship").latest("e2e-ship-value").version());
    assertEquals(List.of("+I[7, Lyon]"), sorted(rows(env, "SELECT * FROM ship")));
  }

  @Test
  void aTopicWithASecondWriterSchemaReadsEveryRecord() throws Exception {
    kafka.create("e2e-evolve");
    Schema v1 = new Schema.Parser().parse("""
        {"type":"record","name":"User","fields":[{"name":"id","type":"int"},{"name":"name","type":"string"}]}""");
    Schema v2 = new Schema.Parser().parse("""
        {"type":"record","name":"User","fields":[{"name":"id","type":"int"},{"name":"name","type":"string"},
          {"name":"email","type":["null","string"],"default":null}]}""");
    List<byte[]> values = new ArrayList<>();
    try (KavroSerializer serde = new KavroSerializer()) {
      serde.configure(Map.of("schema.registry.url", "mock://e2e-evolve"), false);
      values.add(serde.serialize("e2e-evolve", user(v1, 1, null)));
      values.add(serde.serialize("e2e-evolve", user(v2, 2, "b@x")));
      values.add(serde.serialize("e2e-evolve", user(v1, 3, null)));
    }
    kafka.produce("e2e-evolve", values);
    TableEnvironment env = batch();
    env.executeSql(kafkaTable("users_v2", "id INT NOT NULL, name STRING NOT NULL, email STRING", "e2e-evolve",
        "'kavro.url' = 'mock://e2e-evolve'"));
    assertEquals(List.of("+I[1, u1, null]", "+I[2, u2, b@x]", "+I[3, u3, null]"),
        sorted(rows(env, "SELECT * FROM users_v2")));
  }

  @Test
  void badRecordsFailTheJobNamingTopicAndSchemaIdOrAreSkippedWithoutLosingOthers() throws Exception {
    kafka.create("e2e-bad");
    Schema user = new Schema.Parser().parse("""
        {"type":"record","name":"User","fields":[{"name":"id","type":"int"},{"name":"name","type":"string"}]}""");
    byte[] good;
    byte[] other;
    try (KavroSerializer serde = new KavroSerializer()) {
      serde.configure(Map.of("schema.registry.url", "mock://e2e-bad"), false);
      good = serde.serialize("e2e-bad", user(user, 1, null));
      other = serde.serialize("e2e-bad", user(user, 2, null));
    }
    byte[] unknownId = good.clone();
    unknownId[4] = 99;
    kafka.produce("e2e-bad", List.of(good, "garbage".getBytes(java.nio.charset.StandardCharsets.UTF_8),
        new byte[] {7, 0, 0, 0, 1, 2}, unknownId, Arrays.copyOf(good, good.length - 1), other));
    TableEnvironment env = batch();
    env.executeSql(kafkaTable("bad_strict", "id INT NOT NULL, name STRING NOT NULL", "e2e-bad",
        "'kavro.url' = 'mock://e2e-bad'"));
    Exception e = assertThrows(Exception.class, () -> rows(env, "SELECT * FROM bad_strict"));
    assertTrue(causes(e).contains("[topic 'e2e-bad', value, schema id unknown]"), causes(e));

    env.executeSql(kafkaTable("bad_lenient", "id INT NOT NULL, name STRING NOT NULL", "e2e-bad",
        "'kavro.url' = 'mock://e2e-bad'", "'kavro.ignore-parse-errors' = 'true'"));
    assertEquals(List.of("+I[1, u1]", "+I[2, u2]"), sorted(rows(env, "SELECT * FROM bad_lenient")));
  }

  @Test
  void aJobRestartedFromASavepointLosesAndDuplicatesNothing() throws Exception {
    kafka.create("e2e-cp-in", "e2e-cp-out");
    produceUsers("e2e-cp-in", 0, 5);
    String savepoint = runUntil(null, 5);
    produceUsers("e2e-cp-in", 5, 10);
    runUntil(savepoint, 10);

    List<Integer> ids = new ArrayList<>();
    try (KavroDeserializer serde = new KavroDeserializer()) {
      serde.configure(Map.of("schema.registry.url", "mock://e2e-cp"), false);
      for (ConsumerRecord<byte[], byte[]> record : kafka.all("e2e-cp-out")) {
        ids.add((Integer) ((GenericRecord) serde.deserialize("e2e-cp-out", record.value())).get("id"));
      }
    }
    assertEquals(List.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9), ids.stream().sorted().toList());
    assertEquals(10, new TreeSet<>(ids).size());
  }

  @Test
  void theTaskManagersRegistryClientIsReleasedWithTheJob() throws Exception {
    kafka.create("e2e-release");
    int before = SharedRegistries.clients();
    TableEnvironment env = batch();
    env.executeSql(kafkaTable("released", "id INT NOT NULL", "e2e-release", "'kavro.url' = 'mock://e2e-release'"));
    env.executeSql("INSERT INTO released VALUES (1), (2)").await();
    assertEquals(2, rows(env, "SELECT * FROM released").size());
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (SharedRegistries.clients() > before && System.nanoTime() < deadline) {
      Thread.sleep(100);
    }
    assertEquals(before, SharedRegistries.clients(), "the jobs' class loaders were released with their clients");
  }

  @Test
  void aDataStreamJobWritesSchemaIdsInHeadersAndReadsThemBack() throws Exception {
    kafka.create("e2e-ds");
    Schema user = new Schema.Parser().parse("""
        {"type":"record","name":"User","fields":[{"name":"id","type":"int"},{"name":"name","type":"string"}]}""");
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.fromData(new GenericRecordAvroTypeInfo(user), user(user, 1, null), user(user, 2, null))
        .sinkTo(KafkaSink.<GenericRecord>builder().setBootstrapServers(broker.bootstrapServers())
            .setRecordSerializer(KavroKafkaRecordSerializationSchema.forValue("e2e-ds",
                KavroSerializationSchema.forGeneric(null, user, "mock://e2e-ds",
                    Map.of("value.schema.id.serializer", "header"))))
            .build());
    env.execute("write");
    for (ConsumerRecord<byte[], byte[]> record : kafka.all("e2e-ds")) {
      assertEquals(WireFormat.MAGIC_BYTE_GUID, record.headers().lastHeader("__value_schema_id").value()[0]);
    }

    KafkaSource<GenericRecord> source = KafkaSource.<GenericRecord>builder()
        .setBootstrapServers(broker.bootstrapServers()).setTopics("e2e-ds").setGroupId("e2e-ds")
        .setStartingOffsets(OffsetsInitializer.earliest()).setBounded(OffsetsInitializer.latest())
        .setDeserializer(KavroKafkaRecordDeserializationSchema.valueOnly(
            KavroDeserializationSchema.forGeneric(user, "mock://e2e-ds")))
        .build();
    List<String> read = new ArrayList<>();
    try (CloseableIterator<GenericRecord> it = StreamExecutionEnvironment.getExecutionEnvironment()
        .fromSource(source, WatermarkStrategy.noWatermarks(), "read").executeAndCollect()) {
      it.forEachRemaining(r -> read.add(r.toString()));
    }
    assertEquals(List.of("{\"id\": 1, \"name\": \"u1\"}", "{\"id\": 2, \"name\": \"u2\"}"),
        read.stream().sorted().toList());
  }

  /**
   * Copies {@code e2e-cp-in} to {@code e2e-cp-out} in a streaming job (from {@code savepoint} where given) until the
   * output has {@code expected} records, then stops it with a savepoint, whose path it returns.
   */
  private String runUntil(String savepoint, int expected) throws Exception {
    StreamExecutionEnvironment streams = StreamExecutionEnvironment.getExecutionEnvironment();
    streams.enableCheckpointing(500);
    StreamTableEnvironment env = StreamTableEnvironment.create(streams, EnvironmentSettings.inStreamingMode());
    if (savepoint != null) {
      env.getConfig().set("execution.state-recovery.path", savepoint);
    }
    env.executeSql("CREATE TABLE cp_in (id INT NOT NULL, name STRING NOT NULL) WITH ('connector' = 'kafka', "
        + "'topic' = 'e2e-cp-in', 'properties.bootstrap.servers' = '" + broker.bootstrapServers() + "', "
        + "'properties.group.id' = 'cp', 'scan.startup.mode' = 'earliest-offset', "
        + "'format' = 'kavro', 'kavro.url' = 'mock://e2e-cp')");
    env.executeSql("CREATE TABLE cp_out (id INT NOT NULL, name STRING NOT NULL) WITH ('connector' = 'kafka', "
        + "'topic' = 'e2e-cp-out', 'properties.bootstrap.servers' = '" + broker.bootstrapServers() + "', "
        + "'format' = 'kavro', 'kavro.url' = 'mock://e2e-cp')");
    TableResult result = env.executeSql("INSERT INTO cp_out SELECT id, name FROM cp_in");
    JobClient job = result.getJobClient().orElseThrow();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
    while (kafka.all("e2e-cp-out").size() < expected && System.nanoTime() < deadline) {
      Thread.sleep(200);
    }
    assertEquals(expected, kafka.all("e2e-cp-out").size());
    return job.stopWithSavepoint(false, work.resolve("savepoints").toUri().toString(),
        SavepointFormatType.CANONICAL).get(60, TimeUnit.SECONDS);
  }

  private static void produceUsers(String topic, int from, int to) throws Exception {
    Schema user = new Schema.Parser().parse("""
        {"type":"record","name":"User","fields":[{"name":"id","type":"int"},{"name":"name","type":"string"}]}""");
    List<byte[]> values = new ArrayList<>();
    try (KavroSerializer serde = new KavroSerializer()) {
      serde.configure(Map.of("schema.registry.url", "mock://e2e-cp"), false);
      for (int i = from; i < to; i++) {
        values.add(serde.serialize(topic, user(user, i, null)));
      }
    }
    kafka.produce(topic, values);
  }

  private static GenericRecord user(Schema schema, int id, String email) {
    GenericRecord record = new GenericData.Record(schema);
    record.put("id", id);
    record.put("name", "u" + id);
    if (email != null) {
      record.put("email", email);
    }
    return record;
  }

  /** Every message down the cause chain, one per line. */
  private static String causes(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getMessage()).append('\n');
    }
    return all.toString();
  }
}
