package dev.kavro.it;

import static dev.kavro.it.KafkaClients.consumeExactlyOnce;
import static dev.kavro.it.KafkaClients.createTopic;
import static dev.kavro.it.KafkaClients.kavroConsumer;
import static dev.kavro.it.KafkaClients.kavroProducer;
import static dev.kavro.it.KafkaClients.rawConsumer;
import static dev.kavro.it.KafkaClients.rawProducer;
import static dev.kavro.it.KafkaClients.sendAll;
import static dev.kavro.it.KafkaClients.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaReference;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.RecordDeserializationException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scenario 2 of the real-world suite: what the serdes do with the registry's own behaviour — compatibility rules,
 * schema references, and an outage of the registry process.
 */
@ExtendWith(RealServers.class)
class RegistryBehaviourIT {
  private static final Logger LOG = LoggerFactory.getLogger(RegistryBehaviourIT.class);
  private static final String ORDER_V1 = """
      {"type":"record","name":"Order","namespace":"dev.kavro.it","fields":[
        {"name":"id","type":"long"},{"name":"item","type":"string"}]}""";
  /** BACKWARD compatible with V1: the new field has a default. */
  private static final String ORDER_V2 = """
      {"type":"record","name":"Order","namespace":"dev.kavro.it","fields":[
        {"name":"id","type":"long"},{"name":"item","type":"string"},
        {"name":"note","type":["null","string"],"default":null}]}""";
  /** Not BACKWARD compatible with V1: a reader with this schema cannot fill "quantity" in V1 data. */
  private static final String ORDER_INCOMPATIBLE = """
      {"type":"record","name":"Order","namespace":"dev.kavro.it","fields":[
        {"name":"id","type":"long"},{"name":"item","type":"string"},{"name":"quantity","type":"int"}]}""";
  private static final String ADDRESS = """
      {"type":"record","name":"Address","namespace":"dev.kavro.it","fields":[
        {"name":"street","type":"string"},{"name":"city","type":"string"}]}""";
  private static final String CUSTOMER = """
      {"type":"record","name":"Customer","namespace":"dev.kavro.it","fields":[
        {"name":"name","type":"string"},{"name":"home","type":"dev.kavro.it.Address"},
        {"name":"work","type":["null","dev.kavro.it.Address"],"default":null}]}""";
  private static final int OUTAGE_BATCH = 500;

  private static ServerPair servers;
  private static SchemaRegistry registry;
  private static VanillaAvro vanilla;

  @BeforeAll
  static void connect(ServerPair pair) {
    servers = pair;
    registry = SchemaRegistries.create(Map.of("schema.registry.url", pair.registryUrl()));
    vanilla = new VanillaAvro(pair);
  }

  @AfterAll
  static void disconnect() {
    if (registry != null) {
      registry.close();
    }
    if (vanilla != null) {
      vanilla.close();
    }
  }

  @Test
  void incompatibleSchemaIsRejectedWithAClearErrorUnderBackwardCompatibility() throws Exception {
    String topic = uniqueTopic("compat");
    String subject = topic + "-value";
    createTopic(servers, topic, 1);
    setCompatibility(subject, "BACKWARD");
    Schema v1 = parse(ORDER_V1);
    Schema v2 = parse(ORDER_V2);
    Schema incompatible = parse(ORDER_INCOMPATIBLE);

    try (KafkaProducer<Long, Object> producer = kavroProducer(servers, Map.of())) {
      send(producer, topic, 0, order(v1, 0));

      Throwable rejected = sendFailure(producer, topic, 99, order(incompatible, 99));

      SerializationException error = assertInstanceOf(SerializationException.class, rejected);
      String message = error.getMessage();
      assertAll(
          () -> assertTrue(message.contains("subject '" + subject + "'"), message),
          () -> assertTrue(message.contains("topic '" + topic + "'"), message),
          () -> assertTrue(message.toLowerCase(Locale.ROOT).contains("compatib"), message),
          () -> assertEquals(409, assertInstanceOf(RegistryException.class, error.getCause()).status(), message));
      // Versions by number: the client caches a subject's latest version for a while.
      assertEquals(404, assertThrows(RegistryException.class, () -> registry.version(subject, 2)).status(),
          "the rejected schema did not become a version");

      // The same producer goes on: a compatible evolution registers as version 2.
      send(producer, topic, 1, order(v2, 1));
    }
    assertEquals(v2, registry.version(subject, 2).schema());
    try (KafkaConsumer<Long, Object> consumer = kavroConsumer(servers, topic, Map.of())) {
      consumeExactlyOnce(consumer, 0, 2, (k, value) -> assertEquals(order(k == 0 ? v1 : v2, k), value));
    }
  }

  @Test
  void schemasWithReferencesAreWrittenAndReadThroughTheRegistry() throws Exception {
    String topic = uniqueTopic("references");
    createTopic(servers, topic, 1);
    String addressSubject = topic + "-address";
    registry.register(addressSubject, ADDRESS, List.of(), false);
    int customerId = registry.register(topic + "-value", CUSTOMER,
        List.of(new SchemaReference("dev.kavro.it.Address", addressSubject, 1)), false);
    Schema customer = registry.schemaById(customerId);
    int records = 200;

    // As Confluent documents for references: no auto-registration, write with the latest registered version.
    try (KafkaProducer<Long, Object> producer = kavroProducer(servers,
        Map.of("auto.register.schemas", false, "use.latest.version", true))) {
      sendAll(producer, topic, 0, records, k -> customer(customer, k));
    }

    try (KafkaConsumer<Long, byte[]> consumer = rawConsumer(servers, topic)) {
      consumeExactlyOnce(consumer, 0, records, (k, bytes) -> {
        assertEquals(customerId, VanillaAvro.schemaId(bytes));
        assertEquals(customer(customer, k), vanilla.decode(bytes));
      });
    }
    Mismatches mismatches = new Mismatches();
    try (KafkaConsumer<Long, Object> consumer = kavroConsumer(servers, topic, Map.of())) {
      consumeExactlyOnce(consumer, 0, records, (k, value) -> mismatches.check(customer(customer, k).equals(value),
          () -> "key " + k + ": expected " + customer(customer, k) + " but was " + value));
    }
    mismatches.assertNone("records with a referenced schema");
  }

  /**
   * Kills the registry after warm-up: ids already seen go on being read, a new id fails at once with a typed error
   * and does not skip the record, and after the restart that record is read.
   */
  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void knownIdsAreReadThroughARegistryOutageAndANewIdFailsFastUntilTheRestart() throws Exception {
    assumeTrue(servers.canRestartRegistry(), "this pair cannot script a registry outage: " + servers.description());
    String topic = uniqueTopic("outage");
    String subject = topic + "-value";
    createTopic(servers, topic, 1);
    Schema known = parse(ORDER_V1);
    Schema unseen = parse(ORDER_V2);
    Map<String, Object> impatient = Map.of(
        "http.connect.timeout.ms", 1000,
        "http.read.timeout.ms", 2000,
        "max.retries", 1,
        "retries.wait.ms", 100,
        "retries.max.wait.ms", 200);

    boolean killed = false;
    try (KafkaProducer<Long, Object> producer = kavroProducer(servers, Map.of());
        KafkaProducer<Long, byte[]> rawProducer = rawProducer(servers);
        KafkaConsumer<Long, Object> consumer = kavroConsumer(servers, topic, impatient)) {
      sendAll(producer, topic, 0, OUTAGE_BATCH, k -> order(known, k));
      Mismatches mismatches = new Mismatches();
      consumeExactlyOnce(consumer, 0, OUTAGE_BATCH, (k, value) -> mismatches.check(order(known, k).equals(value),
          () -> "key " + k + " before the outage: " + value));
      // Registered before the outage, but the consumer never sees this id before the registry is gone.
      int unseenId = registry.register(subject, ORDER_V2, List.of(), false);

      servers.killRegistry();
      killed = true;
      // The warm serializer has the id, the warm deserializer the schema: neither needs the registry.
      sendAll(producer, topic, OUTAGE_BATCH, 2L * OUTAGE_BATCH, k -> order(known, k));
      consumeExactlyOnce(consumer, OUTAGE_BATCH, 2L * OUTAGE_BATCH, (k, value) -> mismatches.check(
          order(known, k).equals(value), () -> "key " + k + " during the outage: " + value));
      mismatches.assertNone("records of a known id");

      long newKey = 2L * OUTAGE_BATCH;
      byte[] newIdBytes = VanillaAvro.wireFormat(unseenId, VanillaAvro.encode(unseen, order(unseen, newKey)));
      rawProducer.send(new ProducerRecord<>(topic, newKey, newIdBytes)).get(30, TimeUnit.SECONDS);
      long start = System.nanoTime();
      RecordDeserializationException failure = firstPollFailure(consumer, Duration.ofSeconds(30));
      LOG.info("A new schema id during the outage failed after {} ms with: {}",
          TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start), failure.getCause().toString());
      KafkaException cause = assertInstanceOf(KafkaException.class, failure.getCause());
      String message = cause.getMessage();
      assertAll(
          () -> assertEquals(newKey, failure.offset(), "the record of the new id fails (one partition: offset = key)"),
          () -> assertTrue(message.contains("schema id " + unseenId), message),
          () -> assertTrue(message.contains("topic '" + topic + "'"), message));

      servers.restartRegistry();
      killed = false;
      consumeExactlyOnce(consumer, newKey, newKey + 1,
          (k, value) -> assertEquals(order(unseen, newKey), value, "the failed record, read after the restart"));
    } finally {
      if (killed) {
        servers.restartRegistry(); // the pair is shared by every IT class of this JVM
      }
    }
  }

  /** Polls until a poll fails to deserialize; fails if records arrive instead or nothing fails in time. */
  private static RecordDeserializationException firstPollFailure(KafkaConsumer<Long, Object> consumer,
      Duration bound) {
    Instant deadline = Instant.now().plus(bound);
    while (Instant.now().isBefore(deadline)) {
      try {
        for (ConsumerRecord<Long, Object> record : consumer.poll(Duration.ofMillis(200))) {
          fail("record " + record.key() + " was read although the registry is down: " + record.value());
        }
      } catch (RecordDeserializationException e) {
        return e;
      }
    }
    return fail("no typed error within " + bound + " for a schema id the deserializer had never seen");
  }

  private static void send(KafkaProducer<Long, Object> producer, String topic, long key, Object value)
      throws Exception {
    producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
  }

  /** The failure of one send, whether the producer throws it at once or completes the future with it. */
  private static Throwable sendFailure(KafkaProducer<Long, Object> producer, String topic, long key, Object value)
      throws Exception {
    try {
      producer.send(new ProducerRecord<>(topic, key, value)).get(30, TimeUnit.SECONDS);
    } catch (ExecutionException e) {
      return e.getCause();
    } catch (KafkaException e) {
      return e;
    }
    return fail("the send succeeded");
  }

  private static void setCompatibility(String subject, String level) throws Exception {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    URI config = URI.create(servers.registryUrl() + "/config/" + URLEncoder.encode(subject, StandardCharsets.UTF_8));
    String body = new ObjectMapper().writeValueAsString(Map.of("compatibility", level));
    HttpResponse<String> put = http.send(HttpRequest.newBuilder(config)
        .header("Content-Type", "application/vnd.schemaregistry.v1+json")
        .timeout(Duration.ofSeconds(10))
        .PUT(HttpRequest.BodyPublishers.ofString(body))
        .build(), HttpResponse.BodyHandlers.ofString());
    assertEquals(200, put.statusCode(), put::body);
    HttpResponse<String> get = http.send(HttpRequest.newBuilder(config).timeout(Duration.ofSeconds(10)).build(),
        HttpResponse.BodyHandlers.ofString());
    assertEquals(200, get.statusCode(), get::body);
    assertTrue(get.body().contains(level), get::body);
  }

  private static GenericRecord order(Schema schema, long k) {
    GenericRecordBuilder builder = new GenericRecordBuilder(schema).set("id", k).set("item", "item-" + k % 13);
    if (schema.getField("note") != null) {
      builder.set("note", k % 2 == 0 ? null : "note " + k);
    }
    if (schema.getField("quantity") != null) {
      builder.set("quantity", (int) k);
    }
    return builder.build();
  }

  private static GenericRecord customer(Schema schema, long k) {
    Schema address = schema.getField("home").schema();
    GenericRecord home = new GenericRecordBuilder(address).set("street", k + " Main St").set("city", "Town " + k % 7)
        .build();
    GenericRecord work = k % 2 == 0 ? null
        : new GenericRecordBuilder(address).set("street", "1 Office Rd").set("city", "City " + k % 5).build();
    return new GenericRecordBuilder(schema).set("name", "customer-" + k).set("home", home).set("work", work).build();
  }

  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }
}
