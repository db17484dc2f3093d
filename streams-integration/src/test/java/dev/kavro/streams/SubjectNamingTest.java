package dev.kavro.streams;

import static dev.kavro.streams.GenericKavroSerdeTopologyTest.pipeOrders;
import static dev.kavro.streams.GenericKavroSerdeTopologyTest.readRaw;
import static dev.kavro.streams.StreamsFixtures.CUSTOMER_KEY;
import static dev.kavro.streams.StreamsFixtures.ORDER;
import static dev.kavro.streams.StreamsFixtures.ORDER_KEY;
import static dev.kavro.streams.StreamsFixtures.TOTALS;
import static dev.kavro.streams.StreamsFixtures.TOTALS_OUT;
import static dev.kavro.streams.StreamsFixtures.changelog;
import static dev.kavro.streams.StreamsFixtures.customerKey;
import static dev.kavro.streams.StreamsFixtures.newScope;
import static dev.kavro.streams.StreamsFixtures.repartition;
import static dev.kavro.streams.StreamsFixtures.schemaId;
import static dev.kavro.streams.StreamsFixtures.serdeConfigs;
import static dev.kavro.streams.StreamsFixtures.streamsProps;
import static dev.kavro.streams.StreamsFixtures.totals;
import static dev.kavro.streams.StreamsFixtures.vanillaGeneric;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegistryException;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.serde.RecordNameStrategy;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.streams.TestInputTopic;
import org.apache.kafka.streams.TopologyTestDriver;
import org.apache.kafka.streams.errors.StreamsException;
import org.apache.kafka.streams.test.TestRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Which registry subjects a Streams application creates. Streams hands the serdes its internal topic names
 * ({@code <app>-<name>-repartition}, {@code <app>-<store>-changelog}), so with TopicNameStrategy each internal topic
 * gets its own subjects. Every serde here shares one {@link RecordingRegistry}, so the recorded set is exactly the
 * set of subjects in the mock scope.
 */
class SubjectNamingTest {
  private final String scope = newScope();
  private final RecordingRegistry registry = new RecordingRegistry(scope);

  @AfterEach
  void dropScope() {
    MockSchemaRegistry.dropScope(scope);
  }

  @Test
  void topicNameStrategyRegistersSubjectsForInternalTopics() {
    String app = "subjects-app";
    run(app, serdeConfigs(scope));

    assertEquals(Set.of(
        "orders-key", "orders-value",
        app + "-by-customer-repartition-key", app + "-by-customer-repartition-value",
        app + "-totals-changelog-key", app + "-totals-changelog-value",
        "totals-out-key", "totals-out-value"), registry.subjects());
    // One schema, one id, however many subjects carry it.
    int totalsId = registry.latest("totals-out-value").id();
    assertEquals(totalsId, registry.latest(app + "-totals-changelog-value").id());
    assertEquals(TOTALS, registry.schemaById(totalsId));
    assertEquals(CUSTOMER_KEY, registry.latest(app + "-by-customer-repartition-key").schema());
    assertEquals(ORDER, registry.latest(app + "-by-customer-repartition-value").schema());
  }

  @Test
  void defaultSerdesByClassNameRegisterTheSameInternalSubjects() {
    String app = "default-subjects-app";
    Map<String, Object> configs = serdeConfigs(scope);
    var props = streamsProps(app, configs);
    props.put("default.key.serde", GenericKavroSerde.class);
    props.put("default.value.serde", GenericKavroSerde.class);
    try (TopologyTestDriver driver = new TopologyTestDriver(OrderTotalsTopology.genericWithDefaultSerdes(), props)) {
      pipeOrders(driver, configs);
    }
    // Those serdes build their own client on mock://scope, so ask the scope itself.
    MockSchemaRegistry mock = MockSchemaRegistry.forScope(scope);
    for (String subject : List.of(repartition(app) + "-key", repartition(app) + "-value",
        changelog(app) + "-key", changelog(app) + "-value", "totals-out-key", "totals-out-value")) {
      assertEquals(1, mock.latest(subject).version(), subject);
    }
    assertEquals(TOTALS, mock.latest(changelog(app) + "-value").schema());
  }

  @Test
  void recordNameStrategyRegistersOnlyRecordNameSubjects() {
    String app = "record-name-app";
    Map<String, Object> configs = serdeConfigs(scope,
        KavroSerdeConfig.KEY_SUBJECT_NAME_STRATEGY_CONFIG, RecordNameStrategy.class.getName(),
        KavroSerdeConfig.VALUE_SUBJECT_NAME_STRATEGY_CONFIG, RecordNameStrategy.class.getName());
    List<TestRecord<byte[], byte[]>> output = run(app, configs);

    assertEquals(Set.of(ORDER_KEY.getFullName(), ORDER.getFullName(), CUSTOMER_KEY.getFullName(),
        TOTALS.getFullName()), registry.subjects());
    TestRecord<byte[], byte[]> last = output.get(output.size() - 1);
    assertEquals(registry.latest(TOTALS.getFullName()).id(), schemaId(last.value()));
    assertEquals(totals("alice", 2, 17), vanillaGeneric(registry, last.value()));
  }

  @Test
  void withoutAutoRegistrationPreRegisteredRecordSubjectsAreTheOnlyOnes() {
    for (Schema schema : List.of(ORDER_KEY, ORDER, CUSTOMER_KEY, TOTALS)) {
      registry.register(schema.getFullName(), schema, false);
    }
    Map<String, Object> configs = serdeConfigs(scope,
        KavroSerdeConfig.AUTO_REGISTER_SCHEMAS_CONFIG, false,
        KavroSerdeConfig.USE_LATEST_VERSION_CONFIG, true,
        KavroSerdeConfig.KEY_SUBJECT_NAME_STRATEGY_CONFIG, RecordNameStrategy.class.getName(),
        KavroSerdeConfig.VALUE_SUBJECT_NAME_STRATEGY_CONFIG, RecordNameStrategy.class.getName());
    List<TestRecord<byte[], byte[]>> output = run("latest-app", configs);

    assertEquals(Set.of(ORDER_KEY.getFullName(), ORDER.getFullName(), CUSTOMER_KEY.getFullName(),
        TOTALS.getFullName()), registry.subjects());
    assertEquals(3, output.size());
    assertEquals(customerKey("alice"), vanillaGeneric(registry, output.get(2).key()));
    assertEquals(totals("alice", 2, 17), vanillaGeneric(registry, output.get(2).value()));
  }

  @Test
  void withoutAutoRegistrationTopicNamesNeedTheInternalSubjectsToExist() {
    String app = "unregistered-app";
    // The upstream topic's subjects exist; the internal topics' subjects do not.
    registry.register("orders-key", ORDER_KEY, false);
    registry.register("orders-value", ORDER, false);
    Map<String, Object> configs = serdeConfigs(scope,
        KavroSerdeConfig.AUTO_REGISTER_SCHEMAS_CONFIG, false,
        KavroSerdeConfig.USE_LATEST_VERSION_CONFIG, true);

    StreamsException e = assertThrows(StreamsException.class, () -> run(app, configs));
    SerializationException cause = assertInstanceOf(SerializationException.class, rootSerializationCause(e));
    assertTrue(cause.getMessage().contains("'" + repartition(app) + "-key'"), cause.getMessage());
    assertInstanceOf(RegistryException.class, cause.getCause());
    assertEquals(Set.of("orders-key", "orders-value"), registry.subjects());
  }

  /** Runs the order-totals application with every serde on the recording registry; returns totals-out's bytes. */
  private List<TestRecord<byte[], byte[]>> run(String app, Map<String, Object> configs) {
    try (GenericKavroSerde orderKeys = KavroSerdes.generic(registry, configs, true);
        GenericKavroSerde orders = KavroSerdes.generic(registry, configs, false);
        GenericKavroSerde customerKeys = KavroSerdes.generic(registry, configs, true);
        GenericKavroSerde totals = KavroSerdes.generic(registry, configs, false);
        TopologyTestDriver driver = new TopologyTestDriver(
            OrderTotalsTopology.generic(orderKeys, orders, customerKeys, totals), streamsProps(app, configs));
        KavroSerializer upstreamKeys = new KavroSerializer(registry);
        KavroSerializer upstreamValues = new KavroSerializer(registry)) {
      upstreamKeys.configure(configs, true);
      upstreamValues.configure(configs, false);
      TestInputTopic<Object, Object> input = driver.createInputTopic("orders", upstreamKeys, upstreamValues);
      input.pipeInput(StreamsFixtures.orderKey("o-1"), StreamsFixtures.order("alice", 10));
      input.pipeInput(StreamsFixtures.orderKey("o-2"), StreamsFixtures.order("bob", 5));
      input.pipeInput(StreamsFixtures.orderKey("o-3"), StreamsFixtures.order("alice", 7));
      return readRaw(driver, TOTALS_OUT);
    }
  }

  private static Throwable rootSerializationCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof SerializationException) {
        return t;
      }
    }
    return e;
  }
}
