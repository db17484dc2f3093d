package dev.kavro.bench.demo;

import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * One consumer reading a topic from its start with a given value deserializer, as an application's poll loop does:
 * the records per second of the whole loop (fetching, CRC checks and record handling included, the same for every
 * deserializer) and of the time spent inside {@code deserialize()} alone.
 */
record ConsumerPass(double loopRate, double deserializeRate, List<Object> firstValues) {
  /** How many leading values a pass keeps, for comparing deserializers. */
  static final int KEPT_VALUES = 1_000;
  private static final long DEADLINE_NANOS = TimeUnit.MINUTES.toNanos(10);

  /**
   * Reads the first {@code records} records of partition 0 of {@code topic}.
   *
   * @throws IllegalStateException if they do not arrive within ten minutes
   */
  static ConsumerPass run(String bootstrap, String topic, Deserializer<Object> deserializer, long records) {
    TimedDeserializer timed = new TimedDeserializer(deserializer);
    TopicPartition partition = new TopicPartition(topic, 0);
    List<Object> first = new ArrayList<>(KEPT_VALUES);
    long count = 0;
    long elapsed;
    try (KafkaConsumer<byte[], Object> consumer = new KafkaConsumer<>(config(bootstrap), new ByteArrayDeserializer(),
        timed)) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      consumer.position(partition); // connects and looks the offset up before the clock starts
      long start = System.nanoTime();
      while (count < records) {
        if (System.nanoTime() - start > DEADLINE_NANOS) {
          throw new IllegalStateException(topic + ": only " + count + " of " + records + " records in 10 minutes");
        }
        ConsumerRecords<byte[], Object> batch = consumer.poll(Duration.ofMillis(500));
        for (ConsumerRecord<byte[], Object> r : batch) {
          if (count == records) {
            break;
          }
          if (first.size() < KEPT_VALUES) {
            first.add(r.value());
          }
          count++;
        }
      }
      elapsed = System.nanoTime() - start;
    }
    return new ConsumerPass(count / (elapsed / 1e9), count / (timed.nanos() / 1e9), first);
  }

  /** The pass's two rates, in the order {@link Demo#CONSUMER_METRICS} names them. */
  double[] rates() {
    return new double[] {loopRate, deserializeRate};
  }

  private static Map<String, Object> config(String bootstrap) {
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
    config.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024);
    config.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 16 * 1024 * 1024);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    return config;
  }
}
