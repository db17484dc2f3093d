package dev.kavro.serde;

import dev.kavro.registry.SchemaRegistry;
import org.apache.avro.Schema;

/** How the deserializer and the Connect converter look a writer schema up by id, as Confluent's deserializer does. */
public final class SchemaLookups {
  private SchemaLookups() {}

  /**
   * The writer schema of {@code id}: without a topic, looked up without a subject; with a strategy that does not
   * use the schema, under the topic's subject (qualified with {@code context}); otherwise under the bare
   * {@code context}, and with no context first without a subject, then once more under the subject the schema
   * gives.
   *
   * @param context the topic's context as {@code :.ctx:}, or {@code null} for the default context
   * @throws dev.kavro.registry.RegistryException when the registry fails
   * @throws RuntimeException when a strategy that does not use the schema cannot name a subject
   */
  public static Schema writerById(
      SchemaRegistry registry, SubjectNameStrategy strategy, String context, String topic, boolean isKey, int id) {
    if (topic == null) {
      return registry.schemaById(context, id).schema();
    }
    if (!strategy.usesSchema()) {
      String subject = strategy.subject(topic, isKey, null);
      return registry.schemaById(context == null ? subject : context + subject, id).schema();
    }
    Schema schema = registry.schemaById(context, id).schema();
    if (context != null) {
      return schema;
    }
    String subject;
    try {
      subject = strategy.subject(topic, isKey, schema);
    } catch (RuntimeException e) {
      // A record-name strategy cannot name a primitive writer; the id's schema is then the one already fetched.
      return schema;
    }
    return registry.schemaById(subject, id).schema();
  }
}
