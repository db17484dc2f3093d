package dev.kavro.connect.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.NullNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Map;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Connect default values as JSON for Avro ({@code connect.default} properties and field defaults), as Confluent's
 * {@code AvroData.defaultValueFromConnect} writes them: logical values as their Avro encodings, bytes as ISO-8859-1
 * text, maps with non-string keys as {@code [[key, value], ...]}, and a union struct as its first field's value.
 */
final class ConnectDefaults {
  private static final JsonNodeFactory JSON = JsonNodeFactory.instance;

  private ConnectDefaults() {}

  /**
   * The JSON of {@code value}, a value of {@code schema}.
   *
   * @throws DataException if the value does not fit the schema
   */
  static JsonNode toJson(Schema schema, Object value, AvroDataSettings settings) {
    if (value == null) {
      return NullNode.getInstance();
    }
    try {
      Object raw = avroLogical(schema, value);
      return switch (schema.type()) {
        case INT8 -> JSON.numberNode(((Byte) raw).intValue());
        case INT16 -> JSON.numberNode(((Short) raw).intValue());
        case INT32 -> JSON.numberNode((Integer) raw);
        case INT64 -> JSON.numberNode((Long) raw);
        case FLOAT32 -> JSON.numberNode((Float) raw);
        case FLOAT64 -> JSON.numberNode((Double) raw);
        case BOOLEAN -> JSON.booleanNode((Boolean) raw);
        case STRING -> JSON.textNode((String) raw);
        case BYTES -> JSON.textNode(new String(raw instanceof byte[] bytes ? bytes : ((ByteBuffer) raw).array(),
            StandardCharsets.ISO_8859_1));
        case ARRAY -> {
          ArrayNode array = JSON.arrayNode();
          for (Object element : (Collection<?>) raw) {
            array.add(toJson(schema.valueSchema(), element, settings));
          }
          yield array;
        }
        case MAP -> map(schema, (Map<?, ?>) raw, settings);
        case STRUCT -> struct(schema, (Struct) raw, settings);
      };
    } catch (ClassCastException e) {
      throw new DataException("Invalid type used for default value of " + schema.type() + " field: "
          + value.getClass(), e);
    }
  }

  private static JsonNode map(Schema schema, Map<?, ?> map, AvroDataSettings settings) {
    Schema key = schema.keySchema();
    if (key.type() == Schema.Type.STRING && (!key.isOptional() || settings.allowOptionalMapKeys())) {
      ObjectNode node = JSON.objectNode();
      for (Map.Entry<?, ?> e : map.entrySet()) {
        node.set((String) e.getKey(), toJson(schema.valueSchema(), e.getValue(), settings));
      }
      return node;
    }
    ArrayNode array = JSON.arrayNode();
    for (Map.Entry<?, ?> e : map.entrySet()) {
      array.addArray().add(toJson(key, e.getKey(), settings)).add(toJson(schema.valueSchema(), e.getValue(),
          settings));
    }
    return array;
  }

  private static JsonNode struct(Schema schema, Struct struct, AvroDataSettings settings) {
    boolean union = ConfluentUnions.isUnion(schema);
    ObjectNode node = JSON.objectNode();
    for (Field field : schema.fields()) {
      JsonNode value = toJson(field.schema(), struct.get(field), settings);
      if (union) {
        return value; // Confluent writes a union default as its first field's value, set or not
      }
      node.set(settings.scrubInvalidNames() ? NameScrubber.scrub(field.name()) : field.name(), value);
    }
    return node;
  }

  /** A Connect logical value in its Avro encoding; other values as they are. */
  private static Object avroLogical(Schema schema, Object value) {
    String name = schema.name();
    if (name == null) {
      return value;
    }
    return switch (name) {
      case Decimal.LOGICAL_NAME -> Decimal.fromLogical(schema, (BigDecimal) value);
      case Date.LOGICAL_NAME -> Date.fromLogical(schema, (java.util.Date) value);
      case Time.LOGICAL_NAME -> Time.fromLogical(schema, (java.util.Date) value);
      case Timestamp.LOGICAL_NAME -> Timestamp.fromLogical(schema, (java.util.Date) value);
      default -> value;
    };
  }
}
