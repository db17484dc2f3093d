package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.bench.servers.Directories;
import dev.kavro.connect.KavroConverter;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.sink.SinkRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Kavro's converter in a real Kafka Connect worker, configured by class name as users configure it: Structs from a
 * source connector reach a sink connector unchanged, and what lies in the topic in between is Confluent-framed Avro
 * that plain Apache Avro decodes with the writer schema from the registry.
 */
@ExtendWith(RealServers.class)
class KafkaConnectIT {
  private static final int ORDERS = 40;
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private static String bootstrapServers;
  private static SchemaRegistry registry;
  private static Path workDir;
  private static EmbeddedConnectWorker worker;

  @BeforeAll
  static void startWorker(ServerPair servers) throws IOException {
    bootstrapServers = servers.bootstrapServers();
    registry = SchemaRegistries.create(Map.of("schema.registry.url", servers.registryUrl()));
    Path target = Path.of(System.getProperty("kavro.it.work.dir", "target"));
    Files.createDirectories(target);
    workDir = Files.createTempDirectory(target, "connect-");
    worker = EmbeddedConnectWorker.start(bootstrapServers,
        EmbeddedConnectWorker.converters(KavroConverter.class.getName(), servers.registryUrl()), workDir);
  }

  @AfterAll
  static void stopWorker() {
    try {
      if (worker != null) {
        worker.close();
      }
    } finally {
      if (registry != null) {
        registry.close();
      }
      Directories.deleteRecursively(workDir);
    }
  }

  @Test
  void structsFromASourceConnectorReachASinkConnectorUnchanged() throws Exception {
    String run = UUID.randomUUID().toString();
    String topic = "connect-orders-" + run;
    TopicDrain.createTopics(bootstrapServers, topic);
    startSource("source-" + run, topic);
    String sink = "sink-" + run;
    worker.addConnector(sink, Map.of(
        "connector.class", CollectingSinkConnector.class.getName(),
        "tasks.max", "1",
        "topics", topic,
        CollectingSinkConnector.COLLECTOR_CONFIG, run));

    List<SinkRecord> received = awaitSunk(run, sink);

    // As with Confluent's AvroConverter, a read Connect schema carries the registry's version of its subject.
    org.apache.kafka.connect.data.Schema keySchema =
        SchemaBuilder.string().version(registry.latest(topic + "-key").version()).build();
    org.apache.kafka.connect.data.Schema valueSchema =
        withVersion(OrderStructs.ORDER, registry.latest(topic + "-value").version());
    List<String> keys = new ArrayList<>();
    List<Struct> values = new ArrayList<>();
    for (SinkRecord record : received) {
      assertEquals(keySchema, record.keySchema(), "key schema");
      assertEquals(valueSchema, record.valueSchema(), "the Connect schema survives the round trip");
      keys.add((String) record.key());
      values.add((Struct) record.value());
    }
    List<String> expectedKeys = new ArrayList<>();
    List<Struct> expectedValues = new ArrayList<>();
    for (int i = 0; i < ORDERS; i++) {
      expectedKeys.add(OrderStructs.key(i));
      expectedValues.add(withSchema(OrderStructs.order(i), valueSchema));
    }
    assertEquals(expectedKeys, keys);
    assertEquals(expectedValues, values);
  }

  @Test
  void topicHoldsConfluentFramedAvroThatVanillaAvroDecodes() throws Exception {
    String run = UUID.randomUUID().toString();
    String topic = "connect-orders-" + run;
    TopicDrain.createTopics(bootstrapServers, topic);
    String source = "source-" + run;
    startSource(source, topic);

    List<ConsumerRecord<byte[], byte[]>> records = TopicDrain.read(bootstrapServers, topic, ORDERS, TIMEOUT);

    assertEquals(ORDERS, records.size(), () -> "records written by the source connector; " + worker.status(source));
    int valueId = registry.latest(topic + "-value").id();
    int keyId = registry.latest(topic + "-key").id();
    Schema writer = registry.schemaById(valueId);
    assertAll(
        () -> assertEquals("dev.kavro.it.connect.Order", writer.getFullName()),
        () -> assertEquals(Schema.Type.ARRAY, writer.getField("countsBySku").schema().getType(),
            "a map with non-string keys is an array of key/value records, as in Confluent's AvroData"));
    for (int i = 0; i < ORDERS; i++) {
      ConsumerRecord<byte[], byte[]> record = records.get(i);
      assertEquals(OrderStructs.key(i), decodeFramed(record.key(), keyId).toString(), "key " + i);
      Object value = decodeFramed(record.value(), valueId);
      assertEquals(expectedAvroView(OrderStructs.ORDER, OrderStructs.order(i)), avroView(value), "value " + i);
    }
  }

  private static void startSource(String name, String topic) {
    worker.addConnector(name, Map.of(
        "connector.class", OrderSourceConnector.class.getName(),
        "tasks.max", "1",
        OrderSourceConnector.TOPIC_CONFIG, topic,
        OrderSourceConnector.COUNT_CONFIG, Integer.toString(ORDERS)));
  }

  private static List<SinkRecord> awaitSunk(String collector, String sinkName) throws InterruptedException {
    Collection<SinkRecord> received = CollectingSinkConnector.received(collector);
    Instant deadline = Instant.now().plus(TIMEOUT);
    while (received.size() < ORDERS && Instant.now().isBefore(deadline)) {
      Thread.sleep(100);
    }
    List<SinkRecord> copy = new ArrayList<>(received);
    CollectingSinkConnector.forget(collector);
    assertEquals(ORDERS, copy.size(), () -> "records that reached the sink; " + worker.status(sinkName));
    return copy;
  }

  /** Decodes Confluent-framed bytes with plain Apache Avro, after checking the frame names {@code expectedId}. */
  private static Object decodeFramed(byte[] bytes, int expectedId) throws IOException {
    ByteBuffer frame = ByteBuffer.wrap(bytes);
    assertEquals(0, frame.get(), "magic byte");
    int id = frame.getInt();
    assertEquals(expectedId, id, "schema id in the frame is the one registered under the topic's subject");
    Schema writer = registry.schemaById(id);
    GenericData model = new GenericData();
    model.addLogicalTypeConversion(new Conversions.DecimalConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(bytes, 5, bytes.length - 5, null);
    Object datum = new GenericDatumReader<>(writer, writer, model).read(null, decoder);
    assertTrue(decoder.isEnd(), "the datum uses every byte after the frame");
    return datum;
  }

  private static org.apache.kafka.connect.data.Schema withVersion(
      org.apache.kafka.connect.data.Schema struct, int version) {
    SchemaBuilder builder = SchemaBuilder.struct().name(struct.name()).version(version);
    struct.fields().forEach(field -> builder.field(field.name(), field.schema()));
    return builder.build();
  }

  private static Struct withSchema(Struct struct, org.apache.kafka.connect.data.Schema schema) {
    Struct copy = new Struct(schema);
    schema.fields().forEach(field -> copy.put(field, struct.get(field.name())));
    return copy;
  }

  /**
   * What a Connect value must look like in Avro, in plain Java types: Decimal as BigDecimal, Timestamp as Instant,
   * structs and string-keyed maps as maps, arrays as lists, and a map with other keys as a list of key/value records
   * in the map's order (Confluent's AvroData mapping).
   */
  static Object expectedAvroView(org.apache.kafka.connect.data.Schema schema, Object value) {
    if (value == null) {
      return null;
    }
    if (Timestamp.LOGICAL_NAME.equals(schema.name())) {
      return ((Date) value).toInstant();
    }
    switch (schema.type()) {
      case STRUCT -> {
        Map<String, Object> view = new LinkedHashMap<>();
        for (Field field : schema.fields()) {
          view.put(field.name(), expectedAvroView(field.schema(), ((Struct) value).get(field)));
        }
        return view;
      }
      case ARRAY -> {
        return ((List<?>) value).stream().map(element -> expectedAvroView(schema.valueSchema(), element)).toList();
      }
      case MAP -> {
        boolean stringKeys = schema.keySchema().type() == org.apache.kafka.connect.data.Schema.Type.STRING;
        Map<Object, Object> view = new LinkedHashMap<>();
        List<Object> entries = new ArrayList<>();
        ((Map<?, ?>) value).forEach((k, v) -> {
          Object key = expectedAvroView(schema.keySchema(), k);
          Object entryValue = expectedAvroView(schema.valueSchema(), v);
          view.put(key, entryValue);
          Map<String, Object> entry = new LinkedHashMap<>();
          entry.put("key", key);
          entry.put("value", entryValue);
          entries.add(entry);
        });
        return stringKeys ? view : entries;
      }
      default -> {
        return value;
      }
    }
  }

  /** A decoded Avro datum in the plain Java types of {@link #expectedAvroView}. */
  static Object avroView(Object datum) {
    if (datum instanceof GenericRecord record) {
      Map<String, Object> view = new LinkedHashMap<>();
      for (Schema.Field field : record.getSchema().getFields()) {
        view.put(field.name(), avroView(record.get(field.pos())));
      }
      return view;
    }
    if (datum instanceof CharSequence text) {
      return text.toString();
    }
    if (datum instanceof Collection<?> list) {
      return list.stream().map(KafkaConnectIT::avroView).toList();
    }
    if (datum instanceof Map<?, ?> map) {
      Map<Object, Object> view = new LinkedHashMap<>();
      map.forEach((k, v) -> view.put(avroView(k), avroView(v)));
      return view;
    }
    return datum;
  }
}
