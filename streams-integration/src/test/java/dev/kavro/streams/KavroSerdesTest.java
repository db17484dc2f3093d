package dev.kavro.streams;

import static dev.kavro.streams.StreamsFixtures.ORDER;
import static dev.kavro.streams.StreamsFixtures.ORDER_V1;
import static dev.kavro.streams.StreamsFixtures.newScope;
import static dev.kavro.streams.StreamsFixtures.order;
import static dev.kavro.streams.StreamsFixtures.orderV1;
import static dev.kavro.streams.StreamsFixtures.schemaId;
import static dev.kavro.streams.StreamsFixtures.serdeConfigs;
import static dev.kavro.streams.StreamsFixtures.vanillaGeneric;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.streams.test.CustomerKey;
import dev.kavro.streams.test.Order;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class KavroSerdesTest {
  private static final String TOPIC = "payments";

  private final String scope = newScope();
  private final RecordingRegistry registry = new RecordingRegistry(scope);

  @AfterEach
  void dropScope() {
    MockSchemaRegistry.dropScope(scope);
  }

  @Test
  void configureReachesBothHalvesWithTheSameSide() {
    try (GenericKavroSerde serde = KavroSerdes.generic(registry)) {
      serde.configure(serdeConfigs(scope), true);
      byte[] bytes = serde.serializer().serialize(TOPIC, order("alice", 10));
      assertEquals(Set.of(TOPIC + "-key"), registry.subjects());

      // The deserializer is on the key side too: it takes the id from the key header, not the value one.
      RecordHeaders headers = new RecordHeaders();
      headers.add("__value_schema_id", new byte[] {0, 0, 0, 0, 99});
      assertEquals(order("alice", 10), serde.deserializer().deserialize(TOPIC, headers, bytes));
    }
  }

  @Test
  void schemaIdTravelsInThePayloadPrefixNotInHeaders() {
    try (GenericKavroSerde serde = KavroSerdes.generic(serdeConfigs(scope), false)) {
      RecordHeaders headers = new RecordHeaders();
      byte[] withHeaders = serde.serializer().serialize(TOPIC, headers, order("alice", 10));
      byte[] headerless = serde.serializer().serialize(TOPIC, order("alice", 10));

      assertFalse(headers.iterator().hasNext(), "the serializer added headers");
      assertArrayEquals(withHeaders, headerless);
      assertEquals(registry.latest(TOPIC + "-value").id(), schemaId(headerless));
      assertEquals(order("alice", 10), vanillaGeneric(registry, headerless));
      // State stores call the header-less deserialize: the prefix alone must be enough.
      assertEquals(order("alice", 10), serde.deserializer().deserialize(TOPIC, headerless));
      assertEquals(order("alice", 10),
          serde.deserializer().deserialize(TOPIC, new RecordHeaders(), ByteBuffer.wrap(headerless)));
    }
  }

  @Test
  void specificSerdeForcesSpecificReaderWithoutChangingTheCallersMap() {
    Map<String, Object> configs = serdeConfigs(scope, KavroSerdeConfig.SPECIFIC_AVRO_READER_CONFIG, false);
    Map<String, Object> before = new HashMap<>(configs);
    byte[] bytes = serialize(order("alice", 10));

    try (SpecificKavroSerde<Order> byWriterName = new SpecificKavroSerde<>(registry);
        SpecificKavroSerde<Order> byClass = KavroSerdes.specific(Order.class, registry, configs, false)) {
      byWriterName.configure(configs, false);
      assertEquals(before, configs);
      assertEquals(new Order("alice", 10L, "EUR"), byWriterName.deserializer().deserialize(TOPIC, bytes));
      assertEquals(new Order("alice", 10L, "EUR"), byClass.deserializer().deserialize(TOPIC, bytes));
    }
  }

  @Test
  void specificSerdeWithAClassReadsOlderWritersIntoIt() {
    byte[] v1 = serialize(orderV1("bob", 5, "rush"));
    try (SpecificKavroSerde<Order> serde = KavroSerdes.specific(Order.class, serdeConfigs(scope), false)) {
      assertEquals(new Order("bob", 5L, "EUR"), serde.deserializer().deserialize(TOPIC, v1));
    }
    assertEquals(ORDER_V1, registry.schemaById(schemaId(v1)));
  }

  @Test
  void specificSerdeClassOverridesTheTypeInASharedMap() {
    // One config map may serve several serdes; the class a serde was built for decides what it reads.
    Map<String, Object> configs = serdeConfigs(scope,
        KavroSerdeConfig.SPECIFIC_AVRO_VALUE_TYPE_CONFIG, CustomerKey.class,
        KavroSerdeConfig.SPECIFIC_AVRO_KEY_TYPE_CONFIG, CustomerKey.class);
    byte[] bytes = serialize(orderV1("bob", 5, "rush"));
    try (SpecificKavroSerde<Order> serde = KavroSerdes.specific(Order.class, configs, false)) {
      assertEquals(new Order("bob", 5L, "EUR"), serde.deserializer().deserialize(TOPIC, bytes));
    }
  }

  @Test
  void genericSerdeRejectsANonRecordWriterWithATypedError() {
    byte[] text;
    try (KavroSerializer serializer = new KavroSerializer(registry)) {
      serializer.configure(serdeConfigs(scope), false);
      text = serializer.serialize(TOPIC, "not a record");
    }
    try (GenericKavroSerde serde = KavroSerdes.generic(serdeConfigs(scope), false)) {
      SerializationException e = assertThrows(SerializationException.class,
          () -> serde.deserializer().deserialize(TOPIC, text));
      assertTrue(e.getMessage().contains("[topic '" + TOPIC + "', value, schema id " + schemaId(text) + "]"),
          e.getMessage());
      assertTrue(e.getMessage().contains(GenericRecord.class.getName()), e.getMessage());
      assertThrows(SerializationException.class,
          () -> serde.deserializer().deserialize(TOPIC, new RecordHeaders(), ByteBuffer.wrap(text)));
    }
  }

  @Test
  void specificSerdeRejectsAGenericWriterWithoutAGeneratedClass() {
    byte[] bytes;
    try (KavroSerializer serializer = new KavroSerializer(registry)) {
      serializer.configure(serdeConfigs(scope), false);
      bytes = serializer.serialize(TOPIC, new GenericRecordBuilder(
          new Schema.Parser().parse(
              "{\"type\":\"record\",\"name\":\"NoClass\",\"namespace\":\"dev.kavro.streams.test\","
                  + "\"fields\":[{\"name\":\"x\",\"type\":\"int\"}]}")).set("x", 1).build());
    }
    try (SpecificKavroSerde<Order> serde = new SpecificKavroSerde<>()) {
      serde.configure(serdeConfigs(scope), false);
      SerializationException e = assertThrows(SerializationException.class,
          () -> serde.deserializer().deserialize(TOPIC, bytes));
      assertTrue(e.getMessage().contains("NoClass"), e.getMessage());
    }
  }

  @Test
  void closeClosesBothHalvesAndIsIdempotent() {
    GenericKavroSerde serde = KavroSerdes.generic(serdeConfigs(scope), false);
    byte[] bytes = serde.serializer().serialize(TOPIC, order("alice", 10));
    serde.close();
    serde.close();
    assertThrows(InvalidConfigurationException.class, () -> serde.serializer().serialize(TOPIC, order("a", 1)));
    assertThrows(InvalidConfigurationException.class, () -> serde.deserializer().deserialize(TOPIC, bytes));
  }

  @Test
  void nullsAreTombstonesBothWays() {
    try (GenericKavroSerde serde = KavroSerdes.generic(registry, serdeConfigs(scope), false)) {
      assertNull(serde.serializer().serialize(TOPIC, null));
      assertNull(serde.deserializer().deserialize(TOPIC, null));
    }
    assertTrue(registry.subjects().isEmpty());
  }

  @Test
  void factoryRejectsNullArguments() {
    assertThrows(NullPointerException.class, () -> KavroSerdes.generic((SchemaRegistry) null));
    assertThrows(NullPointerException.class, () -> KavroSerdes.specific(null));
    assertThrows(NullPointerException.class, () -> KavroSerdes.specific(Order.class, null));
  }

  @Test
  void readerSchemaConfigAppliesToTheGenericSerde() {
    byte[] v1 = serialize(orderV1("bob", 5, "rush"));
    Map<String, Object> configs = serdeConfigs(scope, KavroSerdeConfig.KAVRO_READER_SCHEMA_CONFIG, ORDER.toString());
    try (GenericKavroSerde serde = KavroSerdes.generic(configs, false)) {
      GenericRecord read = serde.deserializer().deserialize(TOPIC, v1);
      assertEquals(order("bob", 5), read);
      assertInstanceOf(GenericRecord.class, read);
    }
  }

  private byte[] serialize(Object value) {
    try (KavroSerializer serializer = new KavroSerializer(registry)) {
      serializer.configure(serdeConfigs(scope), false);
      return serializer.serialize(TOPIC, value);
    }
  }
}
