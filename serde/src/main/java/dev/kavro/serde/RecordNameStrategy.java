package dev.kavro.serde;

import org.apache.avro.Schema;

/**
 * The schema's full name, whatever the topic: lets one topic carry several record types. Thread-safe.
 *
 * @see #subject(String, boolean, Schema)
 */
public final class RecordNameStrategy implements SubjectNameStrategy {
  /**
   * {@inheritDoc}
   *
   * @throws org.apache.kafka.common.errors.SerializationException if the schema is not a record, enum or fixed
   */
  @Override
  public String subject(String topic, boolean isKey, Schema schema) {
    return NamedSchemas.fullName(schema, isKey, getClass());
  }

  @Override
  public boolean usesSchema() {
    return true;
  }
}
