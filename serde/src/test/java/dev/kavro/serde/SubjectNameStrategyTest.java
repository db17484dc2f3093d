package dev.kavro.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class SubjectNameStrategyTest {
  private static final Schema ORDER = Fixtures.ORDER_V1;
  private static final Schema COLOR = SchemaBuilder.enumeration("Color").namespace("a.b").symbols("RED");

  @Test
  void topicNameStrategySuffixesTheSide() {
    TopicNameStrategy s = new TopicNameStrategy();
    assertEquals("orders-key", s.subject("orders", true, ORDER));
    assertEquals("orders-value", s.subject("orders", false, null));
    assertFalse(s.usesSchema());
  }

  @Test
  void recordNameStrategyUsesTheFullName() {
    RecordNameStrategy s = new RecordNameStrategy();
    assertEquals("dev.kavro.test.Order", s.subject("orders", false, ORDER));
    assertEquals("a.b.Color", s.subject("orders", true, COLOR));
    assertTrue(s.usesSchema());
  }

  @Test
  void topicRecordNameStrategyPrefixesTheTopic() {
    TopicRecordNameStrategy s = new TopicRecordNameStrategy();
    assertEquals("orders-dev.kavro.test.Order", s.subject("orders", false, ORDER));
    assertTrue(s.usesSchema());
  }

  @Test
  void recordStrategiesRejectUnnamedSchemas() {
    Schema string = Schema.create(Schema.Type.STRING);
    SerializationException e = assertThrows(SerializationException.class,
        () -> new RecordNameStrategy().subject("t", false, string));
    assertTrue(e.getMessage().contains("named schema") && e.getMessage().contains("value"), e.getMessage());
    assertThrows(SerializationException.class, () -> new TopicRecordNameStrategy().subject("t", true,
        Schema.createArray(ORDER)));
    assertThrows(SerializationException.class, () -> new RecordNameStrategy().subject("t", true, null));
  }

  /** A strategy that names the subject its config gives; Kafka's Configurable, as Confluent's strategies are. */
  public static final class ConfiguredSubject implements SubjectNameStrategy, org.apache.kafka.common.Configurable {
    private String subject;

    @Override
    public void configure(java.util.Map<String, ?> configs) {
      subject = (String) configs.get("test.subject");
    }

    @Override
    public String subject(String topic, boolean isKey, Schema schema) {
      return subject;
    }

    @Override
    public boolean usesSchema() {
      return false;
    }
  }

  @Test
  void aConfigurableStrategyReceivesTheSerdeConfigs() {
    KavroSerdeConfig config = new KavroSerdeConfig(Fixtures.config("schema.registry.url", "mock://names",
        "value.subject.name.strategy", ConfiguredSubject.class.getName(), "test.subject", "payments"));
    assertEquals("payments", SubjectNames.of(config, false).subject("orders", ORDER));
    assertEquals("payments", config.subjectNameStrategy(false).subject("orders", false, ORDER));
  }
}
