package dev.kavro.it;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/** Topic set-up and bounded reads for the ITs that check a topic's exact contents. */
final class TopicDrain {
  private TopicDrain() {}

  /** Creates single-partition topics, so records keep one order the tests can predict. */
  static void createTopics(String bootstrapServers, String... topics) throws Exception {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers))) {
      List<NewTopic> newTopics = new ArrayList<>();
      for (String topic : topics) {
        newTopics.add(new NewTopic(topic, 1, (short) 1));
      }
      admin.createTopics(newTopics).all().get(30, TimeUnit.SECONDS);
    }
  }

  /**
   * Reads {@code topic} from the beginning, without a consumer group, until {@code count} records arrived or
   * {@code timeout} passed; returns what arrived (fewer than {@code count} on timeout, for the caller to report).
   */
  static List<ConsumerRecord<byte[], byte[]>> read(String bootstrapServers, String topic, int count,
      Duration timeout) {
    List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(
        Map.of(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers),
        new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
      List<TopicPartition> partitions = consumer.partitionsFor(topic, timeout).stream()
          .map(info -> new TopicPartition(topic, info.partition()))
          .toList();
      consumer.assign(partitions);
      consumer.seekToBeginning(partitions);
      Instant deadline = Instant.now().plus(timeout);
      while (records.size() < count && Instant.now().isBefore(deadline)) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
    }
    return records;
  }
}
