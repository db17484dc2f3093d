package dev.kavro.flink.e2e;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
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

/** Plain Kafka clients on the test broker: topics made up front, raw records in and out. */
final class KafkaTopics {
  private final String bootstrap;

  KafkaTopics(String bootstrap) {
    this.bootstrap = bootstrap;
  }

  void create(String... topics) throws Exception {
    try (Admin admin = Admin.create(Map.of("bootstrap.servers", bootstrap))) {
      List<NewTopic> created = new ArrayList<>();
      for (String topic : topics) {
        created.add(new NewTopic(topic, 1, (short) 1));
      }
      admin.createTopics(created).all().get(30, TimeUnit.SECONDS);
    }
  }

  /** Writes {@code values} as the values of keyless records, in order. */
  void produce(String topic, List<byte[]> values) throws Exception {
    try (KafkaProducer<byte[], byte[]> producer = new KafkaProducer<>(Map.of(
        ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName(),
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName()))) {
      for (byte[] value : values) {
        producer.send(new ProducerRecord<>(topic, value)).get(30, TimeUnit.SECONDS);
      }
    }
  }

  /** Every record of the topic's one partition, from the start to its end now. */
  List<ConsumerRecord<byte[], byte[]>> all(String topic) {
    TopicPartition partition = new TopicPartition(topic, 0);
    try (KafkaConsumer<byte[], byte[]> consumer = new KafkaConsumer<>(Map.of(
        ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed",
        ConsumerConfig.KEY_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName(),
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, ByteArrayDeserializer.class.getName()))) {
      consumer.assign(Set.of(partition));
      consumer.seekToBeginning(Set.of(partition));
      long end = consumer.endOffsets(Set.of(partition)).get(partition);
      List<ConsumerRecord<byte[], byte[]>> records = new ArrayList<>();
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
      while (consumer.position(partition) < end && System.nanoTime() < deadline) {
        consumer.poll(Duration.ofMillis(200)).forEach(records::add);
      }
      return records;
    }
  }
}
