package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.testing.LogCapture;
import dev.kavro.avro.ReaderMode;
import dev.kavro.test.specific.User;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.Test;

class KavroSerdeConfigTest {
  private static final String URL = "mock://config-test";

  @Test
  void readerCacheKeysHaveDefaultsAndBounds() {
    KavroSerdeConfig c = new KavroSerdeConfig(config("schema.registry.url", URL));
    assertEquals(1000, c.getInt(KavroSerdeConfig.KAVRO_READER_CACHE_MAX_CONFIG));
    assertEquals(1, c.getInt(KavroSerdeConfig.KAVRO_COMPILE_THREADS_CONFIG));
    assertThrows(ConfigException.class,
        () -> new KavroSerdeConfig(config("schema.registry.url", URL, "kavro.compile.threads", "0")));
    assertThrows(ConfigException.class,
        () -> new KavroSerdeConfig(config("schema.registry.url", URL, "kavro.reader.cache.max", "0")));
  }

  @Test
  void defaultsAreConfluents() {
    KavroSerdeConfig c = new KavroSerdeConfig(config("schema.registry.url", URL));
    assertTrue(c.autoRegisterSchemas());
    assertFalse(c.useLatestVersion());
    assertTrue(c.latestCompatibilityStrict());
    assertEquals(-1, c.useSchemaId());
    assertTrue(c.idCompatibilityStrict());
    assertFalse(c.normalizeSchemas());
    assertFalse(c.specificAvroReader());
    assertFalse(c.useLogicalTypeConverters());
    assertFalse(c.failOnTrailingData());
    assertEquals(ReaderMode.ASYNC, c.readerMode());
    assertNull(c.readerSchema());
    assertNull(c.specificType(false));
    assertInstanceOf(TopicNameStrategy.class, c.subjectNameStrategy(true));
    assertInstanceOf(TopicNameStrategy.class, c.subjectNameStrategy(false));
  }

  @Test
  void requiresTheRegistryUrl() {
    assertThrows(ConfigException.class, () -> new KavroSerdeConfig(Map.of()));
  }

  @Test
  void parsesValuesGivenAsStrings() {
    KavroSerdeConfig c = new KavroSerdeConfig(config("schema.registry.url", URL,
        "auto.register.schemas", "false", "use.latest.version", "true", "latest.compatibility.strict", "false",
        "use.schema.id", "12", "normalize.schemas", "true", "avro.use.logical.type.converters", "true",
        "avro.fail.on.trailing.data", "true", "kavro.reader.mode", "Compiled"));
    assertFalse(c.autoRegisterSchemas());
    assertTrue(c.useLatestVersion());
    assertFalse(c.latestCompatibilityStrict());
    assertEquals(12, c.useSchemaId());
    assertTrue(c.normalizeSchemas());
    assertTrue(c.useLogicalTypeConverters());
    assertTrue(c.failOnTrailingData());
    assertEquals(ReaderMode.COMPILED, c.readerMode());
  }

  @Test
  void rejectsAnUnknownReaderMode() {
    assertThrows(ConfigException.class,
        () -> new KavroSerdeConfig(config("schema.registry.url", URL, "kavro.reader.mode", "eager")));
  }

  @Test
  void mapsConfluentStrategyClassNamesToKavros() {
    String pkg = "io.confluent.kafka.serializers.subject.";
    assertInstanceOf(TopicNameStrategy.class, strategy(pkg + "TopicNameStrategy"));
    assertInstanceOf(RecordNameStrategy.class, strategy(pkg + "RecordNameStrategy"));
    assertInstanceOf(TopicRecordNameStrategy.class, strategy(pkg + "TopicRecordNameStrategy"));
    assertInstanceOf(RecordNameStrategy.class, strategy(RecordNameStrategy.class.getName()));
    assertInstanceOf(TopicRecordNameStrategy.class, strategy(TopicRecordNameStrategy.class));
  }

  @Test
  void acceptsACustomStrategyClass() {
    assertInstanceOf(UpperCaseStrategy.class, strategy(UpperCaseStrategy.class.getName()));
  }

  @Test
  void rejectsUnknownOrWrongStrategyClasses() {
    assertThrows(ConfigException.class, () -> strategy("com.example.NoSuchStrategy"));
    assertThrows(ConfigException.class, () -> strategy(String.class.getName()));
  }

  @Test
  void associatedNameStrategyFallsBackToTopicNamesWithOneWarning() {
    try (LogCapture log = new LogCapture(KavroSerdeConfig.class)) {
      KavroSerdeConfig c = new KavroSerdeConfig(config("schema.registry.url", URL, "value.subject.name.strategy",
          "io.confluent.kafka.serializers.subject.AssociatedNameStrategy"));
      SubjectNameStrategy strategy = c.subjectNameStrategy(false);
      assertInstanceOf(TopicNameStrategy.class, strategy);
      assertEquals(1, log.warningsMentioning("AssociatedNameStrategy"), log.warnings().toString());
    }
  }

  @Test
  void unsupportedConfluentKeysAreWarnedOnceEach() {
    try (LogCapture log = new LogCapture(KavroSerdeConfig.class)) {
      new KavroSerdeConfig(config("schema.registry.url", URL, "rule.metrics.enable", "true",
          "schema.reflection", "true", "rule.executors", "x", "rule.executors.x.class", "com.example.X",
          "use.latest.with.metadata", "app=1", "rule.executors.x.onFailure", "NONE",
          "key.schema.id.serializer", "io.confluent.X", "context.name.strategy", "io.confluent.Y",
          "use.schema.guid", "0b4f0c1e-2a3b-4c5d-8e9f-001122334455", "schema.registry.missing.cache.size", "5"));
      for (String key : new String[] {"rule.metrics.enable", "schema.reflection", "key.schema.id.serializer",
          "context.name.strategy", "use.schema.guid", "schema.registry.missing.cache.size"}) {
        assertEquals(1, log.warnings().stream().filter(m -> m.contains("'" + key + "'")).count(),
            key + " in " + log.warnings());
      }
      // Data-contract keys are implemented now (dev.kavro.rules): never reported as ignored.
      for (String key : new String[] {"use.latest.with.metadata", "rule.executors", "rule.executors.x.class",
          "rule.executors.x.onFailure"}) {
        assertEquals(0, log.warnings().stream().filter(m -> m.contains("'" + key + "'")).count(),
            key + " in " + log.warnings());
      }
      assertTrue(log.warnings().stream().allMatch(m -> m.contains("not support") && m.contains("ignored")));
    }
  }

  @Test
  void unsupportedKeyValuesAreNeverLogged() {
    try (LogCapture log = new LogCapture(KavroSerdeConfig.class)) {
      new KavroSerdeConfig(config("schema.registry.url", URL, "bearer.auth.client.secret", "s3cr3t-value"));
      assertTrue(log.warnings().stream().noneMatch(m -> m.contains("s3cr3t-value")), log.warnings().toString());
    }
  }

  @Test
  void nonSerdeKeysAreIgnoredSilently() {
    try (LogCapture log = new LogCapture(KavroSerdeConfig.class)) {
      new KavroSerdeConfig(config("schema.registry.url", URL, "bootstrap.servers", "localhost:9092",
          "group.id", "g", "value.deserializer", KavroDeserializer.class.getName(), "enable.auto.commit", "false"));
      assertEquals(0, log.warnings().size(), log.warnings().toString());
    }
  }

  @Test
  void specificTypeMustImplementSpecificRecord() {
    ConfigException e = assertThrows(ConfigException.class, () -> new KavroSerdeConfig(config(
        "schema.registry.url", URL, "specific.avro.reader", "true", "specific.avro.value.type", String.class)));
    assertTrue(e.getMessage().contains("SpecificRecord"), e.getMessage());
    assertThrows(ConfigException.class, () -> new KavroSerdeConfig(config("schema.registry.url", URL,
        "specific.avro.key.type", "com.example.Missing")));
  }

  @Test
  void specificTypeIsUsedOnlyWithSpecificReader() {
    KavroSerdeConfig on = new KavroSerdeConfig(config("schema.registry.url", URL, "specific.avro.reader", "true",
        "specific.avro.value.type", User.class.getName()));
    assertSame(User.class, on.specificType(false));
    assertNull(on.specificType(true));
    try (LogCapture log = new LogCapture(KavroSerdeConfig.class)) {
      KavroSerdeConfig off = new KavroSerdeConfig(config("schema.registry.url", URL,
          "specific.avro.value.type", User.class));
      assertNull(off.specificType(false));
      assertEquals(1, log.warningsMentioning("specific.avro.value.type"), log.warnings().toString());
    }
  }

  @Test
  void parsesTheExplicitReaderSchema() {
    KavroSerdeConfig c = new KavroSerdeConfig(config("schema.registry.url", URL, "kavro.reader.schema",
        Fixtures.ORDER_V2.toString()));
    assertEquals(Fixtures.ORDER_V2, c.readerSchema());
    assertThrows(ConfigException.class, () -> new KavroSerdeConfig(config("schema.registry.url", URL,
        "kavro.reader.schema", "{\"type\":\"recod\"}")));
  }

  @Test
  void definesRegistryClientKeysToo() {
    assertTrue(KavroSerdeConfig.configDef().names().contains("schema.registry.url"));
    assertTrue(KavroSerdeConfig.configDef().names().contains(KavroSerdeConfig.KAVRO_READER_SCHEMA_CONFIG));
  }

  private static SubjectNameStrategy strategy(Object value) {
    return new KavroSerdeConfig(config("schema.registry.url", URL, "value.subject.name.strategy", value))
        .subjectNameStrategy(false);
  }

  /** A user-defined strategy, configurable by class name. */
  public static final class UpperCaseStrategy implements SubjectNameStrategy {
    @Override
    public String subject(String topic, boolean isKey, Schema schema) {
      return topic.toUpperCase(java.util.Locale.ROOT);
    }

    @Override
    public boolean usesSchema() {
      return false;
    }
  }
}
