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
import dev.kavro.avro.CompileMode;
import dev.kavro.test.specific.User;
import java.util.List;
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
    assertEquals(CompileMode.ASYNC, c.compileMode());
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
    assertEquals(CompileMode.COMPILED, c.compileMode());
  }

  @Test
  void rejectsAnUnknownCompileMode() {
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
      new KavroSerdeConfig(config("schema.registry.url", URL, "use.latest.with.metadata", "app=1",
          "rule.executors", "x", "rule.executors.x.class", "com.example.X", "propagate.schema.tags", "true",
          "latest.cache.size", "5", "schema.registry.missing.cache.size", "5", "url.randomize", "true",
          "rule.metrics.enable", "true", "rule.executors.x.onFailure", "NONE"));
      for (String key : new String[] {"propagate.schema.tags", "latest.cache.size",
          "schema.registry.missing.cache.size", "url.randomize", "rule.metrics.enable"}) {
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

  /** Every key of Confluent 8.3.1's serde and client configs is implemented (defined) or warned about. */
  @Test
  void noConfluentKeyIsSilentlyIgnored() {
    java.util.Set<String> defined = KavroSerdeConfig.configDef().names();
    java.util.List<String> silent = new java.util.ArrayList<>();
    for (String key : CONFLUENT_KEYS) {
      if (!defined.contains(key) && UnsupportedConfluentKeys.find(Map.of(key, "x"), defined).isEmpty()) {
        silent.add(key);
      }
    }
    assertEquals(java.util.List.of(), silent);
  }

  @Test
  void implementedConfluentKeysAreNotWarned() {
    try (LogCapture log = new LogCapture(KavroSerdeConfig.class)) {
      new KavroSerdeConfig(config("schema.registry.url", URL, "schema.reflection", "true",
          "avro.reflection.allow.null", "true", "key.schema.id.serializer",
          "io.confluent.kafka.serializers.schema.id.HeaderSchemaIdSerializer", "context.name.strategy",
          "io.confluent.kafka.serializers.context.NullContextNameStrategy",
          "use.schema.guid", "0b4f0c1e-2a3b-4c5d-8e9f-001122334455", "proxy.host", "p", "proxy.port", "3128",
          "bearer.auth.logical.cluster", "lsrc-1", "bearer.auth.token", "t"));
      assertEquals(List.of(), log.warnings());
    }
  }

  @Test
  void confluentContextStrategiesAndCustomIdSerializersFailLoudly() {
    ConfigException e = assertThrows(ConfigException.class, () -> new KavroSerdeConfig(config(
        "schema.registry.url", URL, "context.name.strategy", "com.example.MyContextStrategy")));
    assertTrue(e.getMessage().contains("ContextNameStrategy"), e.getMessage());
    e = assertThrows(ConfigException.class, () -> new KavroSerdeConfig(config(
        "schema.registry.url", URL, "value.schema.id.serializer", "com.example.MyIdSerializer")));
    assertTrue(e.getMessage().contains("custom schema id serializers"), e.getMessage());
    assertThrows(ConfigException.class, () -> new KavroSerdeConfig(config(
        "schema.registry.url", URL, "use.schema.guid", "not-a-guid")));
  }

  /** The keys of Confluent 8.3.1's AbstractKafkaSchemaSerDeConfig, Avro serde configs and SchemaRegistryClientConfig. */
  static final List<String> CONFLUENT_KEYS = List.of("schema.registry.url", "schema.registry.url.randomize",
      "max.schemas.per.subject", "normalize.schemas", "auto.register.schemas", "propagate.schema.tags",
      "use.schema.id", "use.schema.guid", "id.compatibility.strict", "use.latest.version", "use.latest.with.metadata",
      "latest.compatibility.strict", "http.connect.timeout.ms", "http.read.timeout.ms", "max.retries",
      "retries.wait.ms", "retries.max.wait.ms", "latest.cache.size", "latest.cache.ttl.sec", "schema.format",
      "execution.environment", "rule.executors", "rule.actions", "rule.service.loader.enable", "rule.metrics.enable",
      "validation.rules.executor.class", "validation.rules.fail.fast", "basic.auth.credentials.source",
      "bearer.auth.credentials.source", "schema.registry.basic.auth.user.info", "basic.auth.user.info",
      "bearer.auth.token", "bearer.auth.issuer.endpoint.url", "bearer.auth.client.id", "bearer.auth.client.secret",
      "bearer.auth.scope", "bearer.auth.scope.claim.name", "bearer.auth.sub.claim.name",
      "bearer.auth.logical.cluster", "bearer.auth.identity.pool.id", "bearer.auth.cache.expiry.buffer.seconds",
      "bearer.auth.custom.provider.class", "context.name.strategy", "key.subject.name.strategy",
      "key.schema.id.serializer", "key.schema.id.deserializer", "value.subject.name.strategy",
      "value.schema.id.serializer", "value.schema.id.deserializer", "schema.reflection", "proxy.host", "proxy.port",
      "avro.reflection.allow.null", "avro.use.logical.type.converters", "avro.remove.java.properties",
      "validation.rules.execution", "specific.avro.reader", "specific.avro.key.type", "specific.avro.value.type",
      "avro.fail.on.trailing.data", "missing.cache.size", "missing.id.cache.ttl.sec", "missing.version.cache.ttl.sec",
      "missing.schema.cache.ttl.sec", "url.randomize", "use.apache.http.client", "bearer.auth.uami.endpoint.url",
      "bearer.auth.uami.endpoint.query");

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
