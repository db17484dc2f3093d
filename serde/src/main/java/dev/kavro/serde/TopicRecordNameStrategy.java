package dev.kavro.serde;

import org.apache.avro.Schema;

/** {@code <topic>-<schema full name>}: several record types per topic, scoped by topic. Thread-safe. */
public final class TopicRecordNameStrategy implements SubjectNameStrategy {
  /**
   * {@inheritDoc}
   *
   * @throws org.apache.kafka.common.errors.SerializationException if the schema is not a record, enum or fixed
   */
  @Override
  public String subject(String topic, boolean isKey, Schema schema) {
    return topic + "-" + NamedSchemas.fullName(schema, isKey, getClass());
  }

  @Override
  public boolean usesSchema() {
    return true;
  }
}
