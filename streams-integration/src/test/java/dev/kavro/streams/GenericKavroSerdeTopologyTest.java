package dev.kavro.streams;

import static dev.kavro.streams.StreamsFixtures.ORDERS;
import static dev.kavro.streams.StreamsFixtures.STORE;
import static dev.kavro.streams.StreamsFixtures.TOTALS_OUT;
import static dev.kavro.streams.StreamsFixtures.assertNoSchemaIdHeaders;
import static dev.kavro.streams.StreamsFixtures.changelog;
import static dev.kavro.streams.StreamsFixtures.customerKey;
import static dev.kavro.streams.StreamsFixtures.newScope;
import static dev.kavro.streams.StreamsFixtures.order;
import static dev.kavro.streams.StreamsFixtures.orderKey;
import static dev.kavro.streams.StreamsFixtures.repartition;
import static dev.kavro.streams.StreamsFixtures.serdeConfigs;
import static dev.kavro.streams.StreamsFixtures.streamsProps;
import static dev.kavro.streams.StreamsFixtures.totals;
import static dev.kavro.streams.StreamsFixtures.vanillaGeneric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroSerializer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueIterator;
import org.apache.kafka.streams.state.ReadOnlyKeyValueStore;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class GenericKavroSerdeTopologyTest {
  private final String scope = newScope();
  private final MockSchemaRegistry registry = MockSchemaRegistry.forScope(scope);

  @AfterEach
  void dropScope() {
    MockSchemaRegistry.dropScope(scope);
  }

  @Test
  void roundTripsKeysAndValuesThroughRepartitionAndStore() {
    String app = "generic-app";
    Map<String, Object> configs = serdeConfigs(scope);
    try (GenericKavroSerde orderKeys = KavroSerdes.generic(configs, true);
        GenericKavroSerde orders = KavroSerdes.generic(configs, false);
        GenericKavroSerde customerKeys = KavroSerdes.generic(configs, true);
        GenericKavroSerde totals = KavroSerdes.generic(configs, false);
        TopologyTestDriver driver = new TopologyTestDriver(
            OrderTotalsTopology.generic(orderKeys, orders, customerKeys, totals), streamsProps(app, configs))) {
      pipeOrders(driver, configs);

      List<KeyValue<GenericRecord, GenericRecord>> expected = List.of(
          KeyValue.pair(customerKey("alice"), totals("alice", 1, 10)),
          KeyValue.pair(customerKey("bob"), totals("bob", 1, 5)),
          KeyValue.pair(customerKey("alice"), totals("alice", 2, 17)));
      List<TestRecord<byte[], byte[]>> output = readRaw(driver, TOTALS_OUT);
      assertEquals(expected, decodeWithVanillaAvro(output));
      // Kavro's own deserializer reads the same bytes to the same records.
      for (int i = 0; i < output.size(); i++) {
        assertEquals(expected.get(i).key, customerKeys.deserializer().deserialize(TOTALS_OUT, output.get(i).key()));
        assertEquals(expected.get(i).value, totals.deserializer().deserialize(TOTALS_OUT, output.get(i).value()));
        assertNoSchemaIdHeaders(output.get(i).headers());
      }

      KeyValueStore<GenericRecord, ValueAndTimestamp<GenericRecord>> store = driver.getTimestampedKeyValueStore(STORE);
      assertEquals(totals("alice", 2, 17), store.get(customerKey("alice")).value());
      assertEquals(totals("bob", 1, 5), store.get(customerKey("bob")).value());
      assertEquals(2, count(store));

      // The store's bytes went through the header-less methods; its changelog holds the same framed Avro.
      assertEquals(expected, decodeWithVanillaAvro(readRaw(driver, changelog(app))));
      assertEquals(List.of(
          KeyValue.pair(customerKey("alice"), order("alice", 10)),
          KeyValue.pair(customerKey("bob"), order("bob", 5)),
          KeyValue.pair(customerKey("alice"), order("alice", 7))),
          decodeWithVanillaAvro(readRaw(driver, repartition(app))));
    }
  }

  @Test
  void defaultSerdesCreatedByClassNameRoundTrip() {
    String app = "default-serdes-app";
    Map<String, Object> configs = serdeConfigs(scope);
    var props = streamsProps(app, configs);
    props.put("default.key.serde", GenericKavroSerde.class.getName());
    props.put("default.value.serde", GenericKavroSerde.class);
    try (TopologyTestDriver driver = new TopologyTestDriver(OrderTotalsTopology.genericWithDefaultSerdes(), props)) {
      pipeOrders(driver, configs);

      assertEquals(List.of(
          KeyValue.pair(customerKey("alice"), totals("alice", 1, 10)),
          KeyValue.pair(customerKey("bob"), totals("bob", 1, 5)),
          KeyValue.pair(customerKey("alice"), totals("alice", 2, 17))),
          decodeWithVanillaAvro(readRaw(driver, TOTALS_OUT)));
      KeyValueStore<GenericRecord, ValueAndTimestamp<GenericRecord>> store = driver.getTimestampedKeyValueStore(STORE);
      assertEquals(totals("alice", 2, 17), store.get(customerKey("alice")).value());
      assertEquals(2, count(store));
    }
  }

  /** An upstream producer's Kavro serializers write three orders, two of them by alice. */
  static void pipeOrders(TopologyTestDriver driver, Map<String, Object> configs) {
    try (KavroSerializer keys = new KavroSerializer(); KavroSerializer values = new KavroSerializer()) {
      keys.configure(configs, true);
      values.configure(configs, false);
      TestInputTopic<Object, Object> input = driver.createInputTopic(ORDERS, keys, values);
      input.pipeInput(orderKey("o-1"), order("alice", 10));
      input.pipeInput(orderKey("o-2"), order("bob", 5));
      input.pipeInput(orderKey("o-3"), order("alice", 7));
    }
  }

  static List<TestRecord<byte[], byte[]>> readRaw(TopologyTestDriver driver, String topic) {
    assertTrue(driver.producedTopicNames().contains(topic), () -> topic + " in " + driver.producedTopicNames());
    return driver.createOutputTopic(topic, new ByteArrayDeserializer(), new ByteArrayDeserializer())
        .readRecordsToList();
  }

  private List<KeyValue<GenericRecord, GenericRecord>> decodeWithVanillaAvro(List<TestRecord<byte[], byte[]>> raw) {
    List<KeyValue<GenericRecord, GenericRecord>> decoded = new ArrayList<>();
    for (TestRecord<byte[], byte[]> record : raw) {
      decoded.add(KeyValue.pair(vanillaGeneric(registry, record.key()), vanillaGeneric(registry, record.value())));
    }
    return decoded;
  }

  static long count(ReadOnlyKeyValueStore<?, ?> store) {
    long n = 0;
    try (KeyValueIterator<?, ?> all = store.all()) {
      while (all.hasNext()) {
        all.next();
        n++;
      }
    }
    return n;
  }
}
