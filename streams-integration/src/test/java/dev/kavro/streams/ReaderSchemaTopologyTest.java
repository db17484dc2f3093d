package dev.kavro.streams;

import static dev.kavro.streams.GenericKavroSerdeTopologyTest.readRaw;
import static dev.kavro.streams.StreamsFixtures.ORDER;
import static dev.kavro.streams.StreamsFixtures.ORDERS;
import static dev.kavro.streams.StreamsFixtures.newScope;
import static dev.kavro.streams.StreamsFixtures.order;
import static dev.kavro.streams.StreamsFixtures.orderKey;
import static dev.kavro.streams.StreamsFixtures.orderV1;
import static dev.kavro.streams.StreamsFixtures.serdeConfigs;
import static dev.kavro.streams.StreamsFixtures.streamsProps;
import static dev.kavro.streams.StreamsFixtures.vanillaDecode;
import static dev.kavro.streams.StreamsFixtures.vanillaGeneric;
import static dev.kavro.streams.StreamsFixtures.vanillaSpecific;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.streams.test.Order;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.generic.GenericRecordBuilder;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The app reads an upstream topic with its own reader schema: evolution (v1 writer, v2 reader) and the upper-case
 * field fallback. Records pass through a table (a state store) to an output topic written with the reader schema.
 */
class ReaderSchemaTopologyTest {
  private static final String OUT = "orders-as-read";
  private static final String STORE = "latest-orders";

  private static final Schema PAYMENT_LOWER = new Schema.Parser().parse("""
      {"type": "record", "name": "Payment", "namespace": "dev.kavro.streams.test", "fields": [
        {"name": "customer", "type": "string"},
        {"name": "amount", "type": "long"}
      ]}""");
  private static final Schema PAYMENT_UPPER = new Schema.Parser().parse("""
      {"type": "record", "name": "Payment", "namespace": "dev.kavro.streams.test", "fields": [
        {"name": "CUSTOMER", "type": "string"},
        {"name": "AMOUNT", "type": "long"}
      ]}""");

  private final String scope = newScope();
  private final MockSchemaRegistry registry = MockSchemaRegistry.forScope(scope);

  @AfterEach
  void dropScope() {
    MockSchemaRegistry.dropScope(scope);
  }

  @Test
  void genericReaderSchemaEvolvesUpstreamV1RecordsToV2() {
    Map<String, Object> configs = serdeConfigs(scope);
    List<byte[]> input = upstreamValues(configs, orderV1("alice", 10, "gift"), orderV1("bob", 5, "rush"));
    Map<String, Object> readerConfigs = serdeConfigs(scope, KavroSerdeConfig.KAVRO_READER_SCHEMA_CONFIG,
        ORDER.toString());
    try (GenericKavroSerde keys = KavroSerdes.generic(configs, true);
        GenericKavroSerde values = KavroSerdes.generic(readerConfigs, false);
        TopologyTestDriver driver = new TopologyTestDriver(passThroughTable(keys, values),
            streamsProps("evolution-app", configs))) {
      pipe(driver, configs, input);

      List<GenericRecord> expected = List.of(order("alice", 10), order("bob", 5));
      assertEquals("EUR", expected.get(0).get("currency").toString(), "v2's default");
      List<TestRecord<byte[], byte[]>> output = readRaw(driver, OUT);
      assertEquals(expected, valuesDecodedWithVanillaAvro(output));
      // Vanilla Avro's own v1 -> v2 resolution of the upstream bytes gives the same records.
      for (int i = 0; i < input.size(); i++) {
        assertEquals(expected.get(i), vanillaDecode(registry, input.get(i), ORDER, GenericData.get()));
      }
      assertEquals(ORDER, registry.schemaById(StreamsFixtures.schemaId(output.get(0).value())));
      assertEquals(order("bob", 5), driver.<GenericRecord, GenericRecord>getTimestampedKeyValueStore(STORE)
          .get(orderKey("o-2")).value());
    }
  }

  @Test
  void specificClassEvolvesUpstreamV1RecordsToV2() {
    Map<String, Object> configs = serdeConfigs(scope);
    List<byte[]> input = upstreamValues(configs, orderV1("alice", 10, "gift"), orderV1("bob", 5, "rush"));
    try (GenericKavroSerde keys = KavroSerdes.generic(configs, true);
        SpecificKavroSerde<Order> values = KavroSerdes.specific(Order.class, configs, false);
        TopologyTestDriver driver = new TopologyTestDriver(passThroughTable(keys, values),
            streamsProps("specific-evolution-app", configs))) {
      pipe(driver, configs, input);

      List<Order> expected = List.of(new Order("alice", 10L, "EUR"), new Order("bob", 5L, "EUR"));
      List<Order> actual = new ArrayList<>();
      for (TestRecord<byte[], byte[]> record : readRaw(driver, OUT)) {
        actual.add((Order) vanillaSpecific(registry, record.value(), Order.class));
      }
      assertEquals(expected, actual);
      for (int i = 0; i < input.size(); i++) {
        assertEquals(expected.get(i), vanillaSpecific(registry, input.get(i), Order.class));
      }
      assertEquals(new Order("alice", 10L, "EUR"), driver.<GenericRecord, Order>getTimestampedKeyValueStore(STORE)
          .get(orderKey("o-1")).value());
    }
  }

  @Test
  void upperCaseReaderFieldsTakeLowerCaseWriterFields() {
    Map<String, Object> configs = serdeConfigs(scope);
    GenericRecord lower = new GenericRecordBuilder(PAYMENT_LOWER).set("customer", "alice").set("amount", 10L).build();
    List<byte[]> input = upstreamValues(configs, lower);
    // Vanilla Avro has no such fallback: the upper-case fields have no default, so it cannot resolve the pair.
    assertThrows(AvroTypeException.class,
        () -> vanillaDecode(registry, input.get(0), PAYMENT_UPPER, GenericData.get()));

    Map<String, Object> readerConfigs = serdeConfigs(scope, KavroSerdeConfig.KAVRO_READER_SCHEMA_CONFIG,
        PAYMENT_UPPER.toString());
    try (GenericKavroSerde keys = KavroSerdes.generic(configs, true);
        GenericKavroSerde values = KavroSerdes.generic(readerConfigs, false);
        TopologyTestDriver driver = new TopologyTestDriver(passThroughTable(keys, values),
            streamsProps("case-fallback-app", configs))) {
      pipe(driver, configs, input);

      GenericRecord expected = new GenericRecordBuilder(PAYMENT_UPPER).set("CUSTOMER", "alice").set("AMOUNT", 10L)
          .build();
      assertEquals(List.of(expected), valuesDecodedWithVanillaAvro(readRaw(driver, OUT)));
      GenericRecord stored = driver.<GenericRecord, GenericRecord>getTimestampedKeyValueStore(STORE)
          .get(orderKey("o-1")).value();
      assertEquals(expected, stored);
      assertFalse(stored.hasField("customer"));
    }
  }

  /** source -> table (the store) -> sink, with the same serdes on both sides. */
  private static <V> Topology passThroughTable(Serde<GenericRecord> keys, Serde<V> values) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(ORDERS, Consumed.with(keys, values))
        .toTable(Materialized.<GenericRecord, V, KeyValueStore<Bytes, byte[]>>as(STORE)
            .withKeySerde(keys).withValueSerde(values))
        .toStream()
        .to(OUT, Produced.with(keys, values));
    return builder.build();
  }

  /** The bytes an upstream producer writes with its own (writer) schema, keyed o-1, o-2, ... */
  private static List<byte[]> upstreamValues(Map<String, Object> configs, GenericRecord... values) {
    List<byte[]> bytes = new ArrayList<>();
    try (KavroSerializer serializer = new KavroSerializer()) {
      serializer.configure(configs, false);
      for (GenericRecord value : values) {
        bytes.add(serializer.serialize(ORDERS, value));
      }
    }
    return bytes;
  }

  private static void pipe(TopologyTestDriver driver, Map<String, Object> configs, List<byte[]> values) {
    try (KavroSerializer keys = new KavroSerializer()) {
      keys.configure(configs, true);
      var topic = driver.createInputTopic(ORDERS, keys, new ByteArraySerializer());
      for (int i = 0; i < values.size(); i++) {
        topic.pipeInput(orderKey("o-" + (i + 1)), values.get(i));
      }
    }
  }

  private List<GenericRecord> valuesDecodedWithVanillaAvro(List<TestRecord<byte[], byte[]>> raw) {
    List<GenericRecord> decoded = new ArrayList<>();
    for (TestRecord<byte[], byte[]> record : raw) {
      decoded.add(vanillaGeneric(registry, record.value()));
    }
    return decoded;
  }
}
