package dev.kavro.serde;

import org.apache.avro.Schema;
import org.apache.kafka.common.errors.SerializationException;

/** The full name that record-based subject strategies use. */
final class NamedSchemas {
  private NamedSchemas() {}

  static String fullName(Schema schema, boolean isKey, Class<?> strategy) {
    if (schema == null) {
      throw new SerializationException(strategy.getSimpleName() + " needs the schema to name the subject");
    }
    return switch (schema.getType()) {
      case RECORD, ENUM, FIXED -> schema.getFullName();
      default -> throw new SerializationException(strategy.getSimpleName() + " needs a named schema (record, enum "
          + "or fixed) for the message " + (isKey ? "key" : "value") + ", got " + schema.getType().getName());
    };
  }
}
