package dev.kavro.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.User;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serializer;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A Confluent client config, with only the class names changed, works through Kafka's own config machinery. */
class KafkaClassNameConfigTest {
  private static final String SCOPE = "kafka-class-name-test";

  @AfterEach
  void dropScope() {
    MockSchemaRegistry.dropScope(SCOPE);
  }

  @Test
  void confluentStyleProducerAndConsumerConfigsWork() {
    Map<String, Object> producerProps = new HashMap<>();
    producerProps.put("bootstrap.servers", "127.0.0.1:9");
    producerProps.put("key.serializer", StringSerializer.class.getName());
    producerProps.put("value.serializer", "dev.kavro.serde.KavroSerializer");
    producerProps.put("schema.registry.url", "mock://" + SCOPE);
    producerProps.put("auto.register.schemas", "true");
    producerProps.put("value.subject.name.strategy", "io.confluent.kafka.serializers.subject.TopicNameStrategy");
    ProducerConfig producerConfig = new ProducerConfig(producerProps);
    @SuppressWarnings("unchecked")
    Serializer<Object> serializer = producerConfig.getConfiguredInstance(
        ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, Serializer.class);
    serializer.configure(producerConfig.originals(), false);

    Map<String, Object> consumerProps = consumerProps();
    ConsumerConfig consumerConfig = new ConsumerConfig(consumerProps);
    @SuppressWarnings("unchecked")
    Deserializer<Object> deserializer = consumerConfig.getConfiguredInstance(
        ConsumerConfig.VALUE_DESERIALIZER_CLASS_CONFIG, Deserializer.class);
    deserializer.configure(consumerConfig.originals(), false);

    User user = User.newBuilder().setName("kafka").setAge(12).setEmail(null).setTags(List.of())
        .setColor(Color.RED).build();
    byte[] bytes = serializer.serialize("users", user);
    assertEquals(MockSchemaRegistry.forScope(SCOPE).latest("users-value").id(), Fixtures.idOf(bytes));
    Object decoded = deserializer.deserialize("users", bytes);
    assertInstanceOf(User.class, decoded);
    assertEquals(user, decoded);
    serializer.close();
    deserializer.close();
  }

  @Test
  void aRealKafkaConsumerConfiguresTheDeserializerByClassName() {
    new KafkaConsumer<String, Object>(consumerProps()).close();
    // The consumer does not know this key; only KavroDeserializer.configure can reject it.
    Map<String, Object> bad = consumerProps();
    bad.put("specific.avro.value.type", String.class.getName());
    KafkaException e = assertThrows(KafkaException.class, () -> new KafkaConsumer<String, Object>(bad));
    Throwable root = e;
    while (root.getCause() != null) {
      root = root.getCause();
    }
    assertInstanceOf(ConfigException.class, root);
    assertTrue(root.getMessage().contains("SpecificRecord"), root.getMessage());
  }

  private static Map<String, Object> consumerProps() {
    Map<String, Object> props = new HashMap<>();
    props.put("bootstrap.servers", "127.0.0.1:9");
    props.put("group.id", "kavro-test");
    props.put("key.deserializer", StringDeserializer.class.getName());
    props.put("value.deserializer", "dev.kavro.serde.KavroDeserializer");
    props.put("schema.registry.url", "mock://" + SCOPE);
    props.put("specific.avro.reader", "true");
    props.put("auto.register.schemas", "false");
    props.put("enable.auto.commit", "false");
    return props;
  }
}
