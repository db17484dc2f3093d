package dev.kavro.it;

import static dev.kavro.it.KafkaClients.consumeExactlyOnce;
import static dev.kavro.it.KafkaClients.createTopic;
import static dev.kavro.it.KafkaClients.kavroConsumer;
import static dev.kavro.it.KafkaClients.kavroProducer;
import static dev.kavro.it.KafkaClients.rawConsumer;
import static dev.kavro.it.KafkaClients.sendAll;
import static dev.kavro.it.KafkaClients.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.test.specific.User;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Scenario 1 of the real-world suite: a plain producer and a plain consumer, configured by class name as a Confluent
 * user would, against a real broker and registry. Every consumed record is checked against what was produced for its
 * key and against plain Avro's decode of the same bytes.
 */
@ExtendWith(RealServers.class)
class PlainConsumerIT {
  private static final int RECORDS = 100_000;
  private static final int EVOLUTION_RECORDS_PER_VERSION = 1_000;
  private static final int READINGS = 1_000;
  private static final String READING = """
      {"type":"record","name":"Reading","namespace":"dev.kavro.it","fields":[
        {"name":"sensor","type":"string"},{"name":"celsius","type":"double"},{"name":"seq","type":"long"}]}""";
  /** ksqlDB's upper-case field names; {@code seq} stays lower-case and must still match exactly. */
  private static final String READING_UPPER_CASE = """
      {"type":"record","name":"Reading","namespace":"dev.kavro.it","fields":[
        {"name":"SENSOR","type":"string"},{"name":"CELSIUS","type":"double"},{"name":"seq","type":"long"}]}""";

  private static ServerPair servers;
  private static VanillaAvro vanilla;

  @BeforeAll
  static void connect(ServerPair pair) {
    servers = pair;
    vanilla = new VanillaAvro(pair);
  }

  @AfterAll
  static void disconnect() {
    if (vanilla != null) {
      vanilla.close();
    }
  }

  @Test
  void hundredThousandRecordsArriveUnchangedAsGenericAndAsSpecificRecords() throws Exception {
    String topic = uniqueTopic("plain");
    createTopic(servers, topic, 1);
    try (KafkaProducer<Long, Object> producer = kavroProducer(servers, Map.of())) {
      // Even keys go through the serializer's specific path, odd keys through its generic path: one schema, one id.
      sendAll(producer, topic, 0, RECORDS, k -> k % 2 == 0 ? Users.user(k) : Users.generic(Users.user(k)));
    }

    GenericRecord[] decodedByVanilla = new GenericRecord[RECORDS];
    Set<Integer> ids = new HashSet<>();
    Mismatches vanillaMismatches = new Mismatches();
    try (KafkaConsumer<Long, byte[]> consumer = rawConsumer(servers, topic)) {
      consumeExactlyOnce(consumer, 0, RECORDS, (k, bytes) -> {
        ids.add(VanillaAvro.schemaId(bytes));
        GenericRecord decoded = (GenericRecord) vanilla.decode(bytes);
        decodedByVanilla[(int) k] = decoded;
        vanillaMismatches.check(Users.same(Users.user(k), decoded), () -> "key " + k + ": " + decoded);
      });
    }
    vanillaMismatches.assertNone("records decoded by plain Avro");
    assertEquals(1, ids.size(), "one schema, one id: " + ids);

    Mismatches generic = new Mismatches();
    try (KafkaConsumer<Long, Object> consumer = kavroConsumer(servers, topic, Map.of())) {
      consumeExactlyOnce(consumer, 0, RECORDS, (k, value) -> generic.check(
          !(value instanceof SpecificRecord) && decodedByVanilla[(int) k].equals(value)
              && Users.same(Users.user(k), value),
          () -> "key " + k + ": expected " + decodedByVanilla[(int) k] + " but was " + describe(value)));
    }
    generic.assertNone("generic records");

    Mismatches specific = new Mismatches();
    try (KafkaConsumer<Long, Object> consumer =
        kavroConsumer(servers, topic, Map.of("specific.avro.reader", true))) {
      consumeExactlyOnce(consumer, 0, RECORDS, (k, value) -> specific.check(Users.user(k).equals(value),
          () -> "key " + k + ": expected " + Users.user(k) + " but was " + describe(value)));
    }
    specific.assertNone("specific records");
  }

  @Test
  void schemaEvolvedMidStreamIsReadWithTheLatestVersionAndWithTheSpecificClass() throws Exception {
    String topic = uniqueTopic("evolution");
    createTopic(servers, topic, 1);
    int n = EVOLUTION_RECORDS_PER_VERSION;
    try (KafkaProducer<Long, Object> producer = kavroProducer(servers, Map.of())) {
      // One producer: the first records with version 1 of the schema, then the current User (version 2).
      sendAll(producer, topic, 0, n, Users::v1);
      sendAll(producer, topic, n, 2L * n, Users::user);
    }

    int[] idByKey = new int[2 * n];
    Mismatches vanillaMismatches = new Mismatches();
    try (KafkaConsumer<Long, byte[]> consumer = rawConsumer(servers, topic)) {
      consumeExactlyOnce(consumer, 0, 2L * n, (k, bytes) -> {
        idByKey[(int) k] = VanillaAvro.schemaId(bytes);
        Object decoded = vanilla.decode(bytes);
        vanillaMismatches.check(k < n ? Users.v1(k).equals(decoded) : Users.same(Users.user(k), decoded),
            () -> "key " + k + ": " + decoded);
      });
    }
    vanillaMismatches.assertNone("records decoded by plain Avro");
    assertEquals(Set.of(idByKey[0]), idsOf(idByKey, 0, n), "version 1 records carry one id");
    assertEquals(Set.of(idByKey[n]), idsOf(idByKey, n, 2 * n), "version 2 records carry one id");
    assertNotEquals(idByKey[0], idByKey[n], "the schema changed mid-stream");

    Mismatches latest = new Mismatches();
    try (KafkaConsumer<Long, Object> consumer =
        kavroConsumer(servers, topic, Map.of("use.latest.version", true))) {
      consumeExactlyOnce(consumer, 0, 2L * n, (k, value) -> {
        User expected = k < n ? Users.userFromV1(k) : Users.user(k);
        latest.check(Users.same(expected, value) && ((GenericRecord) value).getSchema().getField("email") != null,
            () -> "key " + k + ": expected " + expected + " but was " + describe(value));
      });
    }
    latest.assertNone("records read with the latest version");

    List<Map<String, ?>> specificConfigs = List.of(
        Map.of("specific.avro.reader", true),
        Map.of("specific.avro.reader", true, "specific.avro.value.type", User.class.getName()));
    for (Map<String, ?> config : specificConfigs) {
      Mismatches specific = new Mismatches();
      try (KafkaConsumer<Long, Object> consumer = kavroConsumer(servers, topic, config)) {
        consumeExactlyOnce(consumer, 0, 2L * n, (k, value) -> {
          User expected = k < n ? Users.userFromV1(k) : Users.user(k);
          specific.check(expected.equals(value), () -> "key " + k + ": expected " + expected + " but was "
              + describe(value));
        });
      }
      specific.assertNone("specific records with " + config);
    }
  }

  @Test
  void upperCaseReaderSchemaReadsTheLowerCaseFieldsOfTheWriter() throws Exception {
    Schema writer = new Schema.Parser().parse(READING);
    Schema reader = new Schema.Parser().parse(READING_UPPER_CASE);
    String topic = uniqueTopic("case-fallback");
    createTopic(servers, topic, 1);
    try (KafkaProducer<Long, Object> producer = kavroProducer(servers, Map.of())) {
      sendAll(producer, topic, 0, READINGS, k -> reading(writer, k));
    }

    GenericRecord[] decodedByVanilla = new GenericRecord[READINGS];
    try (KafkaConsumer<Long, byte[]> consumer = rawConsumer(servers, topic)) {
      consumeExactlyOnce(consumer, 0, READINGS, (k, bytes) -> {
        decodedByVanilla[(int) k] = (GenericRecord) vanilla.decode(bytes);
        assertEquals(reading(writer, k), decodedByVanilla[(int) k]);
      });
    }
    // Plain Avro cannot resolve this pair: the reader's SENSOR has no default. Kavro's case fallback can.
    assertThrows(AvroTypeException.class, () -> new GenericDatumReader<>(writer, reader)
        .read(null, DecoderFactory.get().binaryDecoder(VanillaAvro.encode(writer, reading(writer, 0)), null)));

    Mismatches mismatches = new Mismatches();
    try (KafkaConsumer<Long, Object> consumer =
        kavroConsumer(servers, topic, Map.of("kavro.reader.schema", READING_UPPER_CASE))) {
      consumeExactlyOnce(consumer, 0, READINGS, (k, value) -> {
        GenericRecord written = decodedByVanilla[(int) k];
        GenericRecord expected = new GenericRecordBuilder(reader)
            .set("SENSOR", written.get("sensor"))
            .set("CELSIUS", written.get("celsius"))
            .set("seq", written.get("seq"))
            .build();
        mismatches.check(expected.equals(value) && ((GenericRecord) value).getSchema().equals(reader),
            () -> "key " + k + ": expected " + expected + " but was " + describe(value));
      });
    }
    mismatches.assertNone("records read with the upper-case reader");
  }

  private static GenericRecord reading(Schema schema, long k) {
    return new GenericRecordBuilder(schema)
        .set("sensor", "sensor-" + k % 17)
        .set("celsius", k / 8.0 - 20)
        .set("seq", k)
        .build();
  }

  private static Set<Integer> idsOf(int[] idByKey, int from, int to) {
    Set<Integer> ids = new HashSet<>();
    for (int k = from; k < to; k++) {
      ids.add(idByKey[k]);
    }
    return ids;
  }

  private static String describe(Object value) {
    return value == null ? "null" : value.getClass().getName() + " " + value;
  }
}
