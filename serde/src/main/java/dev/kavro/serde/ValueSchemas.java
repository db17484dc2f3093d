package dev.kavro.serde;

import java.nio.ByteBuffer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;

/**
 * The schema of a value to serialize. Primitives map to one shared schema instance per type, so that the
 * serializer's identity-keyed caches hit for them too.
 */
final class ValueSchemas {
  static final Schema STRING = Schema.create(Schema.Type.STRING);
  static final Schema INT = Schema.create(Schema.Type.INT);
  static final Schema LONG = Schema.create(Schema.Type.LONG);
  static final Schema FLOAT = Schema.create(Schema.Type.FLOAT);
  static final Schema DOUBLE = Schema.create(Schema.Type.DOUBLE);
  static final Schema BOOLEAN = Schema.create(Schema.Type.BOOLEAN);
  static final Schema BYTES = Schema.create(Schema.Type.BYTES);

  private ValueSchemas() {}

  /** The schema of {@code value}, or {@code null} when it is not an Avro value Kavro can serialize. */
  static Schema of(Object value) {
    if (value instanceof GenericContainer container) {
      return container.getSchema();
    }
    if (value instanceof CharSequence) {
      return STRING;
    }
    if (value instanceof Integer) {
      return INT;
    }
    if (value instanceof Long) {
      return LONG;
    }
    if (value instanceof Float) {
      return FLOAT;
    }
    if (value instanceof Double) {
      return DOUBLE;
    }
    if (value instanceof Boolean) {
      return BOOLEAN;
    }
    if (value instanceof byte[] || value instanceof ByteBuffer) {
      return BYTES;
    }
    return null;
  }
}
