package dev.kavro.serde;

import org.apache.avro.Schema;

/**
 * Names the registry subject that a topic's keys or values are registered under. Configured with
 * {@code key.subject.name.strategy} / {@code value.subject.name.strategy}, which also accept Confluent's class names.
 *
 * <p>Implementations must be stateless or thread-safe, and have a public no-argument constructor to be configurable
 * by class name. One that also implements Kafka's {@code Configurable} receives every serde config first, as
 * Confluent's strategies do.
 */
public interface SubjectNameStrategy {

  /**
   * The subject for a record of {@code topic}.
   *
   * @param schema the record's schema; may be {@code null} when {@link #usesSchema()} is false
   * @throws org.apache.kafka.common.errors.SerializationException if the strategy cannot name a subject for this
   *     schema (for example a record-name strategy given a primitive)
   */
  String subject(String topic, boolean isKey, Schema schema);

  /** Whether {@link #subject} depends on the schema. */
  boolean usesSchema();
}
