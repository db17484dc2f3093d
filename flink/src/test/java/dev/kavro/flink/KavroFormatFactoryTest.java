package dev.kavro.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;
import org.junit.jupiter.api.Test;

/** The format's factory as Flink finds and validates it: its options against avro-confluent's, and bad options. */
class KavroFormatFactoryTest {
  /**
   * Every key of Flink 2.3.0's {@code AvroConfluentFormatOptions} with its fallback keys (read from the source): a
   * table switches to Kavro by renaming the format, so each must be one of Kavro's too.
   */
  private static final List<String> AVRO_CONFLUENT_KEYS = List.of("url", "schema-registry.url", "subject",
      "schema-registry.subject", "schema", "schema-registry.schema", "ssl.keystore.location", "ssl.keystore.password",
      "ssl.truststore.location", "ssl.truststore.password", "basic-auth.credentials-source", "basic-auth.user-info",
      "bearer-auth.credentials-source", "bearer-auth.token", "properties");

  @Test
  void flinkFindsTheFactoryByItsIdentifierForBothDirections() {
    ClassLoader loader = getClass().getClassLoader();
    assertInstanceOf(KavroFormatFactory.class,
        FactoryUtil.discoverFactory(loader, DeserializationFormatFactory.class, "kavro"));
    assertInstanceOf(KavroFormatFactory.class,
        FactoryUtil.discoverFactory(loader, SerializationFormatFactory.class, "kavro"));
  }

  @Test
  void everyAvroConfluentOptionIsAnOptionUnderTheSameKeys() {
    KavroFormatFactory factory = new KavroFormatFactory();
    Set<String> keys = new HashSet<>();
    Set<ConfigOption<?>> all = new HashSet<>(factory.requiredOptions());
    all.addAll(factory.optionalOptions());
    for (ConfigOption<?> option : all) {
      keys.add(option.key());
      for (FallbackKey fallback : option.fallbackKeys()) {
        keys.add(fallback.getKey());
      }
    }
    assertTrue(keys.containsAll(AVRO_CONFLUENT_KEYS), "missing " + AVRO_CONFLUENT_KEYS.stream()
        .filter(k -> !keys.contains(k)).toList());
    assertEquals(Set.of(KavroFormatOptions.URL), factory.requiredOptions());
    assertEquals(all, factory.forwardOptions());
  }

  @Test
  void theFallbackKeysOfAvroConfluentWork() throws Exception {
    TableHarness table = TableHarness.kafka("fallbacks").option("format", "kavro")
        .option("kavro.schema-registry.url", "mock://factory-fallbacks")
        .option("kavro.schema-registry.subject", "chosen").column("id", DataTypes.INT().notNull());
    TaskContext task = new TaskContext();
    table.encoder("kavro.", table.physical(), task)
        .serialize(org.apache.flink.table.data.GenericRowData.of(1));
    assertEquals(1, dev.kavro.registry.MockSchemaRegistry.forScope("factory-fallbacks").latest("chosen").version());
  }

  @Test
  void anUnknownOptionFailsAndPropertiesPassAsTheyStand() {
    TableHarness table = base().option("kavro.no-such-option", "x");
    ValidationException e = assertThrows(ValidationException.class, () -> table.decoding("kavro."));
    assertTrue(e.getMessage().contains("Unsupported options found for format 'kavro': [no-such-option]"),
        e.getMessage());
    base().option("kavro.properties.max.retries", "1").decoding("kavro.");
  }

  @Test
  void aMissingUrlFails() {
    TableHarness table = TableHarness.kafka("t").option("format", "kavro").column("id", DataTypes.INT());
    ValidationException e = assertThrows(ValidationException.class, () -> table.decoding("kavro."));
    assertTrue(e.getMessage().contains("url"), e.getMessage());
  }

  @Test
  void optionsThatContradictEachOtherFail() {
    assertFails(base().option("kavro.subject", "s").option("kavro.subject.name.strategy", "RecordNameStrategy"),
        "both name the subject");
    assertFails(base().option("kavro.use.latest.version", "true"), "needs 'auto.register.schemas' = 'false'");
    assertFails(base().option("kavro.schema", "{\"type\":\"record\""), "is not a valid Avro schema");
    assertFails(base().option("kavro.properties.max.retries", "many"), "Invalid 'kavro' format configuration");
    assertFails(base().option("kavro.subject.name.strategy", "com.example.Missing"),
        "Invalid 'kavro' format configuration");
    assertFails(base().option("kavro.timestamp-mapping", "sometimes"), "timestamp-mapping");
  }

  @Test
  void typesTheLegacyMappingCannotHoldFailInPlanning() {
    TableHarness table = base().option("kavro.timestamp-mapping", "legacy")
        .column("at", DataTypes.TIMESTAMP_LTZ(3));
    ValidationException e = assertThrows(ValidationException.class, () -> table.decoding("kavro.")
        .createRuntimeDecoder(org.apache.flink.table.runtime.connector.source.ScanRuntimeProviderContext.INSTANCE,
            table.physical()));
    assertTrue(e.getMessage().contains("TIMESTAMP_LTZ"), e.getMessage());
  }

  @Test
  void encodingWithoutASingleTopicNeedsASubject() {
    TableHarness table = new TableHarness().option("connector", "kafka").option("topic", "a;b")
        .option("format", "kavro").option("kavro.url", "mock://factory").column("id", DataTypes.INT());
    ValidationException e = assertThrows(ValidationException.class, () -> table.encoding("kavro.")
        .createRuntimeEncoder(new org.apache.flink.table.runtime.connector.sink.SinkRuntimeProviderContext(false),
            table.physical()));
    assertTrue(e.getMessage().contains("Option 'subject' is required for serialization"), e.getMessage());
  }

  private static TableHarness base() {
    return TableHarness.kafka("t").option("format", "kavro").option("kavro.url", "mock://factory")
        .column("id", DataTypes.INT());
  }

  private static void assertFails(TableHarness table, String message) {
    Exception e = assertThrows(Exception.class, () -> table.decoding("kavro."));
    String all = e.getMessage() + (e.getCause() == null ? "" : " / " + e.getCause().getMessage());
    assertTrue(all.contains(message), all);
  }
}
