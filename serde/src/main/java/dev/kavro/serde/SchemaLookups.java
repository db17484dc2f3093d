package dev.kavro.serde;

import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.SchemaRegistry;

/** How readers look a writer schema up by id, as Confluent's deserializer does ({@link SchemaIdTable}). */
final class SchemaLookups {
  private SchemaLookups() {}

  /**
   * The writer schema registered under {@code id}, with what the registry said about it (its data contract
   * included): without a topic, looked up without a subject; with a strategy that does not use the schema, under the
   * topic's subject (qualified with {@code context}); otherwise under the bare {@code context}, and with no context
   * first without a subject, then once more under the subject the schema gives.
   *
   * @param context the topic's context as {@code :.ctx:}, or {@code null} for the default context
   * @throws dev.kavro.registry.RegistryException when the registry fails
   * @throws RuntimeException when a strategy that does not use the schema cannot name a subject
   */
  static RegisteredSchema registeredById(
      SchemaRegistry registry, SubjectNameStrategy strategy, String context, String topic, boolean isKey, int id) {
    if (topic == null) {
      return registry.schemaById(context, id);
    }
    if (!strategy.usesSchema()) {
      String subject = strategy.subject(topic, isKey, null);
      return registry.schemaById(context == null ? subject : context + subject, id);
    }
    RegisteredSchema found = registry.schemaById(context, id);
    if (context != null) {
      return found;
    }
    String subject;
    try {
      subject = strategy.subject(topic, isKey, found.schema());
    } catch (RuntimeException e) {
      // A record-name strategy cannot name a primitive writer; the id's schema is then the one already fetched.
      return found;
    }
    return registry.schemaById(subject, id);
  }
}
