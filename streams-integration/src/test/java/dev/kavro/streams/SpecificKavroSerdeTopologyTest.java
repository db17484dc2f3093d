package dev.kavro.streams;

import static dev.kavro.streams.GenericKavroSerdeTopologyTest.count;
import static dev.kavro.streams.GenericKavroSerdeTopologyTest.readRaw;
import static dev.kavro.streams.StreamsFixtures.ORDERS;
import static dev.kavro.streams.StreamsFixtures.STORE;
import static dev.kavro.streams.StreamsFixtures.TOTALS_OUT;
import static dev.kavro.streams.StreamsFixtures.assertNoSchemaIdHeaders;
import static dev.kavro.streams.StreamsFixtures.changelog;
import static dev.kavro.streams.StreamsFixtures.newScope;
import static dev.kavro.streams.StreamsFixtures.repartition;
import static dev.kavro.streams.StreamsFixtures.serdeConfigs;
import static dev.kavro.streams.StreamsFixtures.streamsProps;
import static dev.kavro.streams.StreamsFixtures.vanillaSpecific;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.streams.test.CustomerKey;
import dev.kavro.streams.test.CustomerTotals;
import dev.kavro.streams.test.Order;
import dev.kavro.streams.test.OrderKey;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.streams.KeyValue;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.state.KeyValueStore;
import org.apache.kafka.streams.state.ValueAndTimestamp;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class SpecificKavroSerdeTopologyTest {
  private final String scope = newScope();
  private final MockSchemaRegistry registry = MockSchemaRegistry.forScope(scope);

  @AfterEach
  void dropScope() {
    MockSchemaRegistry.dropScope(scope);
  }

  @Test
  void roundTripsKeysAndValuesThroughRepartitionAndStore() {
    String app = "specific-app";
    Map<String, Object> configs = serdeConfigs(scope);
    try (SpecificKavroSerde<OrderKey> orderKeys = KavroSerdes.specific(OrderKey.class, configs, true);
        SpecificKavroSerde<Order> orders = KavroSerdes.specific(Order.class, configs, false);
        SpecificKavroSerde<CustomerKey> customerKeys = KavroSerdes.specific(CustomerKey.class, configs, true);
        SpecificKavroSerde<CustomerTotals> totals = KavroSerdes.specific(CustomerTotals.class, configs, false);
        TopologyTestDriver driver = new TopologyTestDriver(
            OrderTotalsTopology.specific(orderKeys, orders, customerKeys, totals), streamsProps(app, configs))) {
      try (KavroSerializer keys = new KavroSerializer(); KavroSerializer values = new KavroSerializer()) {
        keys.configure(configs, true);
        values.configure(configs, false);
        TestInputTopic<Object, Object> input = driver.createInputTopic(ORDERS, keys, values);
        input.pipeInput(new OrderKey("o-1"), new Order("alice", 10L, "USD"));
        input.pipeInput(new OrderKey("o-2"), new Order("bob", 5L, "EUR"));
        input.pipeInput(new OrderKey("o-3"), new Order("alice", 7L, "USD"));
      }

      List<KeyValue<CustomerKey, CustomerTotals>> expected = List.of(
          KeyValue.pair(new CustomerKey("alice"), new CustomerTotals("alice", 1L, 10L)),
          KeyValue.pair(new CustomerKey("bob"), new CustomerTotals("bob", 1L, 5L)),
          KeyValue.pair(new CustomerKey("alice"), new CustomerTotals("alice", 2L, 17L)));
      List<TestRecord<byte[], byte[]>> output = readRaw(driver, TOTALS_OUT);
      assertEquals(expected, decodeWithVanillaAvro(output, CustomerKey.class, CustomerTotals.class));
      for (int i = 0; i < output.size(); i++) {
        CustomerKey key = customerKeys.deserializer().deserialize(TOTALS_OUT, output.get(i).key());
        CustomerTotals value = totals.deserializer().deserialize(TOTALS_OUT, output.get(i).value());
        assertEquals(expected.get(i), KeyValue.pair(key, value));
        assertNoSchemaIdHeaders(output.get(i).headers());
      }

      KeyValueStore<CustomerKey, ValueAndTimestamp<CustomerTotals>> store = driver.getTimestampedKeyValueStore(STORE);
      assertEquals(new CustomerTotals("alice", 2L, 17L), store.get(new CustomerKey("alice")).value());
      assertEquals(new CustomerTotals("bob", 1L, 5L), store.get(new CustomerKey("bob")).value());
      assertEquals(2, count(store));

      assertEquals(expected,
          decodeWithVanillaAvro(readRaw(driver, changelog(app)), CustomerKey.class, CustomerTotals.class));
      assertEquals(List.of(
          KeyValue.pair(new CustomerKey("alice"), new Order("alice", 10L, "USD")),
          KeyValue.pair(new CustomerKey("bob"), new Order("bob", 5L, "EUR")),
          KeyValue.pair(new CustomerKey("alice"), new Order("alice", 7L, "USD"))),
          decodeWithVanillaAvro(readRaw(driver, repartition(app)), CustomerKey.class, Order.class));
    }
  }

  private <K, V> List<KeyValue<K, V>> decodeWithVanillaAvro(
      List<TestRecord<byte[], byte[]>> raw, Class<K> keyType, Class<V> valueType) {
    List<KeyValue<K, V>> decoded = new ArrayList<>();
    for (TestRecord<byte[], byte[]> record : raw) {
      decoded.add(KeyValue.pair(keyType.cast(vanillaSpecific(registry, record.key(), keyType)),
          valueType.cast(vanillaSpecific(registry, record.value(), valueType))));
    }
    return decoded;
  }
}
