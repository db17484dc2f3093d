package dev.kavro.serde;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.reflect.ReflectData;

/**
 * The schema of a value to serialize, found as Confluent's {@code AvroSchemaUtils.getSchema} finds it: primitives
 * first, then with {@code schema.reflection} the {@link ReflectData} schema of the value's class, else the
 * container's own schema, else for a {@link Map} a map of its first value's schema. Primitives map to one shared
 * schema instance per type, and map schemas are interned per value schema, so that the serializer's identity-keyed
 * caches hit for them too. Thread-safe.
 */
final class ValueSchemas {
  static final Schema STRING = Schema.create(Schema.Type.STRING);
  static final Schema INT = Schema.create(Schema.Type.INT);
  static final Schema LONG = Schema.create(Schema.Type.LONG);
  static final Schema FLOAT = Schema.create(Schema.Type.FLOAT);
  static final Schema DOUBLE = Schema.create(Schema.Type.DOUBLE);
  static final Schema BOOLEAN = Schema.create(Schema.Type.BOOLEAN);
  static final Schema BYTES = Schema.create(Schema.Type.BYTES);
  static final Schema NULL = Schema.create(Schema.Type.NULL);

  private static final ReflectData REFLECT_WITH_CONVERSIONS = DataModels.addConversions(new ReflectData());
  private static final ReflectData ALLOW_NULL_WITH_CONVERSIONS =
      DataModels.addConversions(new ReflectData.AllowNull());

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final String JAVA_STRING_PROP = "avro.java.string";

  private final ReflectData reflectData;
  private final boolean removeJavaProperties;
  private final Cache<Schema, Schema> mapSchemas = Caffeine.newBuilder().weakKeys().maximumSize(1_000).build();
  private final Cache<Schema, Schema> withoutJavaProperties =
      Caffeine.newBuilder().weakKeys().maximumSize(1_000).build();

  /**
   * @param reflectData the model of {@code schema.reflection}, or {@code null} when it is off
   * @param removeJavaProperties {@code avro.remove.java.properties}: drop {@code avro.java.string} from the schemas of
   *     containers, so that generated classes register the same schema as other writers
   */
  ValueSchemas(ReflectData reflectData, boolean removeJavaProperties) {
    this.reflectData = reflectData;
    this.removeJavaProperties = removeJavaProperties;
  }

  /** Confluent's choice of reflect model: {@code avro.reflection.allow.null} and the logical-type conversions. */
  static ReflectData reflectData(boolean allowNull, boolean conversions) {
    if (allowNull) {
      return conversions ? ALLOW_NULL_WITH_CONVERSIONS : ReflectData.AllowNull.get();
    }
    return conversions ? REFLECT_WITH_CONVERSIONS : ReflectData.get();
  }

  /**
   * The schema of {@code value}.
   *
   * @throws org.apache.kafka.common.errors.SerializationException naming the topic when the value is not a type
   *     Confluent's serializer accepts, or reflection cannot derive a schema for its class
   */
  Schema of(Object value, String topic, boolean isKey) {
    Schema primitive = primitive(value);
    if (primitive != null) {
      return primitive;
    }
    if (reflectData != null) {
      try {
        return reflectData.getSchema(value.getClass());
      } catch (RuntimeException e) {
        throw SerdeErrors.serialization("Cannot derive a schema for " + value.getClass().getName()
            + " with Avro reflection", SerdeErrors.where(topic, isKey, null), e);
      }
    }
    if (value instanceof GenericContainer container) {
      Schema schema = container.getSchema();
      return removeJavaProperties ? withoutJavaProperties.get(schema, ValueSchemas::withoutJavaString) : schema;
    }
    if (value instanceof Map<?, ?> map) {
      Schema valueSchema = map.isEmpty() ? NULL : of(map.values().iterator().next(), topic, isKey);
      return mapSchemas.get(valueSchema, Schema::createMap);
    }
    throw SerdeErrors.serialization("Unsupported Avro type " + value.getClass().getName(),
        SerdeErrors.where(topic, isKey, null), "expected a GenericContainer (GenericRecord, SpecificRecord, ...), "
            + "CharSequence, Integer, Long, Float, Double, Boolean, byte[], ByteBuffer or a Map of those; set "
            + "schema.reflection=true to write other classes with Avro reflection");
  }

  /** {@code schema} without any {@code avro.java.string} property, as Confluent strips it: through its JSON. */
  static Schema withoutJavaString(Schema schema) {
    try {
      JsonNode tree = JSON.readTree(schema.toString());
      strip(tree);
      return new Schema.Parser().parse(tree.toString());
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void strip(JsonNode node) {
    if (node instanceof ObjectNode object) {
      object.remove(JAVA_STRING_PROP);
    }
    node.forEach(ValueSchemas::strip);
  }

  /** Whether {@code value} is one of the types with a fixed primitive schema. */
  static boolean isPrimitive(Object value) {
    return primitive(value) != null;
  }

  private static Schema primitive(Object value) {
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
