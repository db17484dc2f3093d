package dev.kavro.streams;

import static dev.kavro.streams.StreamsFixtures.ORDERS;
import static dev.kavro.streams.StreamsFixtures.REPARTITION_NAME;
import static dev.kavro.streams.StreamsFixtures.STORE;
import static dev.kavro.streams.StreamsFixtures.TOTALS_OUT;
import static dev.kavro.streams.StreamsFixtures.customerKey;
import static dev.kavro.streams.StreamsFixtures.totals;

import dev.kavro.streams.test.CustomerKey;
import dev.kavro.streams.test.CustomerTotals;
import dev.kavro.streams.test.Order;
import dev.kavro.streams.test.OrderKey;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.utils.Bytes;
import org.apache.kafka.streams.StreamsBuilder;
import org.apache.kafka.streams.Topology;
import org.apache.kafka.streams.kstream.Consumed;
import org.apache.kafka.streams.kstream.Grouped;
import org.apache.kafka.streams.kstream.KStream;
import org.apache.kafka.streams.kstream.KTable;
import org.apache.kafka.streams.kstream.Materialized;
import org.apache.kafka.streams.kstream.Produced;
import org.apache.kafka.streams.state.KeyValueStore;

/**
 * The test application: orders keyed by order id are re-keyed by customer (a repartition topic), summed per
 * customer into the store {@code totals} (a changelog topic), and the running totals go to {@code totals-out}.
 */
final class OrderTotalsTopology {
  private OrderTotalsTopology() {}

  static Topology generic(Serde<GenericRecord> orderKeys, Serde<GenericRecord> orders,
      Serde<GenericRecord> customerKeys, Serde<GenericRecord> totals) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(ORDERS, Consumed.with(orderKeys, orders))
        .selectKey((orderKey, order) -> customerKey(order.get("customer").toString()))
        .groupByKey(Grouped.with(REPARTITION_NAME, customerKeys, orders))
        .aggregate(() -> totals("", 0, 0), OrderTotalsTopology::add,
            Materialized.<GenericRecord, GenericRecord, KeyValueStore<Bytes, byte[]>>as(STORE)
                .withKeySerde(customerKeys).withValueSerde(totals))
        .toStream()
        .to(TOTALS_OUT, Produced.with(customerKeys, totals));
    return builder.build();
  }

  /** The same application with no serde in the code: Streams creates {@code default.*.serde} by class name. */
  static Topology genericWithDefaultSerdes() {
    StreamsBuilder builder = new StreamsBuilder();
    KStream<GenericRecord, GenericRecord> input = builder.stream(ORDERS);
    KTable<GenericRecord, GenericRecord> table = input
        .selectKey((orderKey, order) -> customerKey(order.get("customer").toString()))
        .groupByKey(Grouped.as(REPARTITION_NAME))
        .aggregate(() -> totals("", 0, 0), OrderTotalsTopology::add, Materialized.as(STORE));
    table.toStream().to(TOTALS_OUT);
    return builder.build();
  }

  static Topology specific(Serde<OrderKey> orderKeys, Serde<Order> orders, Serde<CustomerKey> customerKeys,
      Serde<CustomerTotals> totals) {
    StreamsBuilder builder = new StreamsBuilder();
    builder.stream(ORDERS, Consumed.with(orderKeys, orders))
        .selectKey((orderKey, order) -> new CustomerKey(order.getCustomer()))
        .groupByKey(Grouped.with(REPARTITION_NAME, customerKeys, orders))
        .aggregate(() -> new CustomerTotals("", 0L, 0L),
            (key, order, sum) -> new CustomerTotals(key.getCustomer(), sum.getOrders() + 1,
                sum.getTotal() + order.getAmount()),
            Materialized.<CustomerKey, CustomerTotals, KeyValueStore<Bytes, byte[]>>as(STORE)
                .withKeySerde(customerKeys).withValueSerde(totals))
        .toStream()
        .to(TOTALS_OUT, Produced.with(customerKeys, totals));
    return builder.build();
  }

  private static GenericRecord add(GenericRecord key, GenericRecord order, GenericRecord sum) {
    return totals(key.get("customer").toString(), (Long) sum.get("orders") + 1,
        (Long) sum.get("total") + (Long) order.get("amount"));
  }
}
