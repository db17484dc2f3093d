package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.time.Duration;
import java.time.Instant;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.LongFunction;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.LongDeserializer;
import org.apache.kafka.common.serialization.LongSerializer;

/**
 * Kafka clients for the scenario ITs, configured as a user would: serdes by class name, {@code schema.registry.url}
 * from the {@link ServerPair}. Keys are the record's index ({@code long}), so every consumed record can be checked
 * against what was produced for that index.
 */
final class KafkaClients {
  static final String KAVRO_SERIALIZER = "dev.kavro.serde.KavroSerializer";
  static final String KAVRO_DESERIALIZER = "dev.kavro.serde.KavroDeserializer";
  /** Bound of every wait on the broker; generous, since the machine may be busy. */
  static final Duration WAIT = Duration.ofSeconds(120);

  private KafkaClients() {}

  static String uniqueTopic(String prefix) {
    return prefix + "-" + UUID.randomUUID();
  }

  static void createTopic(ServerPair servers, String topic, int partitions) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, servers.bootstrapServers()))) {
      admin.createTopics(List.of(new NewTopic(topic, partitions, (short) 1))).all().get(30, TimeUnit.SECONDS);
    }
  }

  /** A producer with {@code KavroSerializer} values; {@code extra} adds or overrides serde and producer keys. */
  static KafkaProducer<Long, Object> kavroProducer(ServerPair servers, Map<String, ?> extra) {
    Map<String, Object> config = producerBase(servers);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, KAVRO_SERIALIZER);
    config.put("schema.registry.url", servers.registryUrl());
    config.putAll(extra);
    return new KafkaProducer<>(config);
  }

  /** A producer of raw values, for bytes that no serializer would write. */
  static KafkaProducer<Long, byte[]> rawProducer(ServerPair servers) {
    Map<String, Object> config = producerBase(servers);
    config.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
    return new KafkaProducer<>(config);
  }

  private static Map<String, Object> producerBase(ServerPair servers) {
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, servers.bootstrapServers());
    config.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, LongSerializer.class.getName());
    config.put(ProducerConfig.ACKS_CONFIG, "all");
    // Large batches: the 100k-record scenario must stay within the module's time budget.
    config.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    config.put(ProducerConfig.BATCH_SIZE_CONFIG, 256 * 1024);
    return config;
  }

  /** A consumer with {@code KavroDeserializer} values, assigned every partition of {@code topic} from the start. */
  static KafkaConsumer<Long, Object> kavroConsumer(ServerPair servers, String topic, Map<String, ?> extra) {
    Map<String, Object> config = consumerBase(servers);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, KAVRO_DESERIALIZER);
    config.put("schema.registry.url", servers.registryUrl());
    config.putAll(extra);
    return fromStart(new KafkaConsumer<>(config), topic);
  }

  /** A consumer of the raw values, for the vanilla-Avro decode. */
  static KafkaConsumer<Long, byte[]> rawConsumer(ServerPair servers, String topic) {
    Map<String, Object> config = consumerBase(servers);
    config.put(ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName());
    return fromStart(new KafkaConsumer<>(config), topic);
  }

  private static Map<String, Object> consumerBase(ServerPair servers) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, servers.bootstrapServers());
    config.put(ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, LongDeserializer.class.getName());
    // Assigned partitions, no group: no rebalance to wait for, nothing committed.
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5000);
    return config;
  }

  private static <V> KafkaConsumer<Long, V> fromStart(KafkaConsumer<Long, V> consumer, String topic) {
    List<TopicPartition> partitions = consumer.partitionsFor(topic, WAIT).stream()
        .map(info -> new TopicPartition(topic, info.partition()))
        .toList();
    consumer.assign(partitions);
    consumer.seekToBeginning(partitions);
    return consumer;
  }

  /**
   * Sends {@code values.apply(k)} under key {@code k} for every {@code k} in [from, to), then flushes; fails on the
   * first send that failed.
   */
  static <V> void sendAll(KafkaProducer<Long, V> producer, String topic, long from, long to, LongFunction<V> values) {
    AtomicReference<Exception> failure = new AtomicReference<>();
    for (long k = from; k < to; k++) {
      producer.send(new ProducerRecord<>(topic, k, values.apply(k)), (metadata, e) -> {
        if (e != null) {
          failure.compareAndSet(null, e);
        }
      });
    }
    producer.flush();
    if (failure.get() != null) {
      throw new AssertionError("Sending to " + topic + " failed", failure.get());
    }
  }

  /** What a test does with each consumed record. */
  @FunctionalInterface
  interface RecordCheck<V> {
    void check(long key, V value) throws Exception;
  }

  /**
   * Polls until the records with keys [from, to) have all arrived, each exactly once, and hands each to
   * {@code check}. Fails on a key out of range, a duplicate, or when they do not all arrive within {@link #WAIT}.
   */
  static <V> void consumeExactlyOnce(KafkaConsumer<Long, V> consumer, long from, long to, RecordCheck<V> check)
      throws Exception {
    int expected = Math.toIntExact(to - from);
    BitSet seen = new BitSet(expected);
    int count = 0;
    Instant deadline = Instant.now().plus(WAIT);
    while (count < expected) {
      if (Instant.now().isAfter(deadline)) {
        fail("Only " + count + " of " + expected + " records arrived within " + WAIT);
      }
      for (ConsumerRecord<Long, V> record : consumer.poll(Duration.ofMillis(200))) {
        long key = record.key();
        assertTrue(key >= from && key < to, () -> "unexpected key " + key + " at offset " + record.offset());
        int index = (int) (key - from);
        assertTrue(!seen.get(index), () -> "key " + key + " consumed twice (offset " + record.offset() + ")");
        seen.set(index);
        count++;
        check.check(key, record.value());
      }
    }
    assertEquals(expected, seen.cardinality());
  }
}
