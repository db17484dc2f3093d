package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.bench.servers.Directories;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.streams.GenericKavroSerde;
import dev.kavro.streams.KavroSerdes;
import dev.kavro.streams.SpecificKavroSerde;
import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.User;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serdes;
import org.apache.kafka.common.serialization.StringSerializer;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.KafkaStreams;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.StreamsConfig;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * Kavro's Streams serdes in a real {@link KafkaStreams} app on a real broker: generated {@link User} records, read
 * through {@link SpecificKavroSerde} configured by class name as {@code default.value.serde}, are re-keyed through a
 * repartition topic and aggregated into {@link GenericRecord}s in a state store (changelogged) with
 * {@link GenericKavroSerde}. The output topic holds exactly one update per input record.
 */
@ExtendWith(RealServers.class)
class KafkaStreamsIT {
  private static final Schema COLOR_STATS = new Schema.Parser().parse("""
      {"type":"record","name":"ColorStats","namespace":"dev.kavro.it.streams","fields":[
        {"name":"users","type":"long"},
        {"name":"totalAge","type":"long"},
        {"name":"names","type":{"type":"array","items":"string"}},
        {"name":"lastEmail","type":["null","string"],"default":null}
      ]}""");
  private static final String GROUPED_NAME = "by-color";
  private static final String STORE_NAME = "color-stats";
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private static String bootstrapServers;
  private static String registryUrl;
  private static SchemaRegistry registry;
  private static Path workDir;

  @BeforeAll
  static void servers(ServerPair servers) throws IOException {
    bootstrapServers = servers.bootstrapServers();
    registryUrl = servers.registryUrl();
    registry = SchemaRegistries.create(Map.of("schema.registry.url", registryUrl));
    Path target = Path.of(System.getProperty("kavro.it.work.dir", "target"));
    Files.createDirectories(target);
    workDir = Files.createTempDirectory(target, "streams-");
  }

  @AfterAll
  static void cleanUp() {
    if (registry != null) {
      registry.close();
    }
    Directories.deleteRecursively(workDir);
  }

  @Test
  void aggregateInAStateStoreEmitsOneExactUpdatePerInputRecord() throws Exception {
    String run = UUID.randomUUID().toString();
    String input = "users-" + run;
    String output = "color-stats-" + run;
    String applicationId = "kavro-it-streams-" + run;
    TopicDrain.createTopics(bootstrapServers, input, output);
    List<User> users = List.of(
        user("ana", 31, "ana@example.com", Color.RED),
        user("bo", 25, null, Color.GREEN),
        user("cy", 40, null, Color.RED),
        user("dee", 19, "dee@example.com", Color.BLUE),
        user("eli", 52, "eli@example.com", Color.GREEN),
        user("fay", 8, null, Color.RED),
        user("gus", 33, "gus@example.com", Color.RED),
        user("hal", 61, null, Color.BLUE));
    produce(input, users);

    List<ConsumerRecord<byte[], byte[]>> records;
    try (KafkaStreams streams = new KafkaStreams(topology(input, output), streamsConfig(applicationId))) {
      streams.start();
      records = TopicDrain.read(bootstrapServers, output, users.size(), TIMEOUT);
      streams.close(Duration.ofSeconds(30)); // its state directory goes with workDir after the class
    }

    assertEquals(List.of(
        update("RED", 1, 31, List.of("ana"), "ana@example.com"),
        update("GREEN", 1, 25, List.of("bo"), null),
        update("RED", 2, 71, List.of("ana", "cy"), "ana@example.com"),
        update("BLUE", 1, 19, List.of("dee"), "dee@example.com"),
        update("GREEN", 2, 77, List.of("bo", "eli"), "eli@example.com"),
        update("RED", 3, 79, List.of("ana", "cy", "fay"), "ana@example.com"),
        update("RED", 4, 112, List.of("ana", "cy", "fay", "gus"), "gus@example.com"),
        update("BLUE", 2, 80, List.of("dee", "hal"), "dee@example.com")), decode(output, records));
    // Both internal topics went through the serdes and the registry, under TopicNameStrategy subjects.
    assertAll(
        () -> assertEquals(User.getClassSchema(),
            registry.latest(applicationId + "-" + GROUPED_NAME + "-repartition-value").schema()),
        () -> assertEquals(COLOR_STATS,
            registry.latest(applicationId + "-" + STORE_NAME + "-changelog-value").schema()));
  }

  /**
   * Counts users per colour, with their ages summed, their names in arrival order and the last email that was not
   * null. Only the re-keying and the aggregate use explicit serdes; the input uses the default serdes.
   */
  private static Topology topology(String input, String output) {
    Map<String, String> serdeConfig = Map.of("schema.registry.url", registryUrl);
    SpecificKavroSerde<User> userSerde = KavroSerdes.specific(User.class, serdeConfig, false);
    GenericKavroSerde statsSerde = KavroSerdes.generic(serdeConfig, false);
    StreamsBuilder builder = new StreamsBuilder();
    builder.<String, User>stream(input)
        .groupBy((name, user) -> user.getColor().name(), Grouped.with(GROUPED_NAME, Serdes.String(), userSerde))
        .aggregate(KafkaStreamsIT::emptyStats, KafkaStreamsIT::add,
            Materialized.<String, GenericRecord, KeyValueStore<Bytes, byte[]>>as(STORE_NAME)
                .withKeySerde(Serdes.String())
                .withValueSerde(statsSerde))
        .toStream()
        .to(output, Produced.with(Serdes.String(), statsSerde));
    return builder.build();
  }

  private static Properties streamsConfig(String applicationId) {
    Properties props = new Properties();
    props.put(StreamsConfig.APPLICATION_ID_CONFIG, applicationId);
    props.put(StreamsConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    // Streams keeps each application's state in a directory of its own under state.dir.
    props.put(StreamsConfig.STATE_DIR_CONFIG, workDir.toString());
    props.put(StreamsConfig.COMMIT_INTERVAL_MS_CONFIG, 100);
    props.put(StreamsConfig.NUM_STREAM_THREADS_CONFIG, 1);
    // No record cache: every update of the store is forwarded, so the output is exactly one record per input.
    props.put(StreamsConfig.STATESTORE_CACHE_MAX_BYTES_CONFIG, 0);
    // Streams creates and configures default serdes itself from these class names and the app's configs.
    props.put(StreamsConfig.DEFAULT_KEY_SERDE_CLASS_CONFIG, Serdes.StringSerde.class);
    props.put(StreamsConfig.DEFAULT_VALUE_SERDE_CLASS_CONFIG, SpecificKavroSerde.class);
    props.put("schema.registry.url", registryUrl);
    return props;
  }

  private static GenericRecord emptyStats() {
    GenericRecord stats = new GenericData.Record(COLOR_STATS);
    stats.put("users", 0L);
    stats.put("totalAge", 0L);
    stats.put("names", List.of());
    stats.put("lastEmail", null);
    return stats;
  }

  /** A new aggregate: the one from the store is not changed in place. */
  private static GenericRecord add(String color, User user, GenericRecord stats) {
    List<Object> names = new ArrayList<>((List<?>) stats.get("names"));
    names.add(user.getName());
    GenericRecord next = new GenericData.Record(COLOR_STATS);
    next.put("users", (Long) stats.get("users") + 1);
    next.put("totalAge", (Long) stats.get("totalAge") + user.getAge());
    next.put("names", names);
    next.put("lastEmail", user.getEmail() != null ? user.getEmail() : stats.get("lastEmail"));
    return next;
  }

  private static void produce(String topic, List<User> users) throws Exception {
    SpecificKavroSerde<User> serde = KavroSerdes.specific(User.class, Map.of("schema.registry.url", registryUrl), false);
    try (KafkaProducer<String, User> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers,
        ProducerConfig.ACKS_CONFIG, "all"), new StringSerializer(), serde.serializer())) {
      for (User user : users) {
        producer.send(new ProducerRecord<>(topic, user.getName().toString(), user)).get(30, TimeUnit.SECONDS);
      }
    } finally {
      serde.close();
    }
  }

  /** The output records as key and plain Java stats, read with a separately configured generic serde. */
  private static List<KeyValue<String, Stats>> decode(String topic, List<ConsumerRecord<byte[], byte[]>> records) {
    List<KeyValue<String, Stats>> decoded = new ArrayList<>();
    try (GenericKavroSerde serde = KavroSerdes.generic(Map.of("schema.registry.url", registryUrl), false);
        Deserializer<String> keys = Serdes.String().deserializer()) {
      for (ConsumerRecord<byte[], byte[]> record : records) {
        GenericRecord stats = serde.deserializer().deserialize(topic, record.headers(), record.value());
        decoded.add(KeyValue.pair(keys.deserialize(topic, record.key()), Stats.of(stats)));
      }
    }
    return decoded;
  }

  private static User user(String name, int age, String email, Color color) {
    return User.newBuilder()
        .setName(name)
        .setAge(age)
        .setEmail(email)
        .setTags(List.of("t-" + name))
        .setColor(color)
        .build();
  }

  private static KeyValue<String, Stats> update(String color, long users, long totalAge, List<String> names,
      String lastEmail) {
    return KeyValue.pair(color, new Stats(users, totalAge, names, lastEmail));
  }

  /** A ColorStats record in plain Java types, so expectations don't depend on Utf8 versus String. */
  private record Stats(long users, long totalAge, List<String> names, String lastEmail) {
    static Stats of(GenericRecord record) {
      Object lastEmail = record.get("lastEmail");
      return new Stats((Long) record.get("users"), (Long) record.get("totalAge"),
          ((List<?>) record.get("names")).stream().map(Object::toString).toList(),
          lastEmail == null ? null : lastEmail.toString());
    }
  }
}
