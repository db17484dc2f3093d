package dev.kavro.connect.data;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Connect default values to and from the JSON-shaped Java values Avro keeps in properties and field defaults
 * ({@code connect.default}, Avro field defaults). Logical values travel as their Avro encodings (days, millis,
 * unscaled bytes), bytes as ISO-8859-1 strings, as in Avro's JSON encoding.
 */
final class JsonDefaults {
  private JsonDefaults() {}

  /** The JSON-shaped value of a Connect value; {@link JsonProperties#NULL_VALUE} for null. */
  static Object toJson(Schema schema, Object value) {
    if (value == null) {
      return JsonProperties.NULL_VALUE;
    }
    String name = schema.name();
    return switch (schema.type()) {
      case INT8, INT16 -> ((Number) value).intValue();
      case INT32 -> Date.LOGICAL_NAME.equals(name) ? Date.fromLogical(schema, (java.util.Date) value)
          : Time.LOGICAL_NAME.equals(name) ? Time.fromLogical(schema, (java.util.Date) value) : value;
      case INT64 -> Timestamp.LOGICAL_NAME.equals(name) ? Timestamp.fromLogical(schema, (java.util.Date) value)
          : value;
      case FLOAT32, FLOAT64, BOOLEAN, STRING -> value;
      case BYTES -> new String(Decimal.LOGICAL_NAME.equals(name) ? Decimal.fromLogical(schema, (BigDecimal) value)
          : AvroToConnectValue.bytesOf(value), StandardCharsets.ISO_8859_1);
      case ARRAY -> {
        List<Object> list = new ArrayList<>();
        for (Object v : (Collection<?>) value) {
          list.add(toJson(schema.valueSchema(), v));
        }
        yield list;
      }
      case MAP -> {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : ((Map<?, ?>) value).entrySet()) {
          map.put(String.valueOf(toJson(schema.keySchema(), e.getKey())), toJson(schema.valueSchema(), e.getValue()));
        }
        yield map;
      }
      case STRUCT -> {
        Map<String, Object> map = new LinkedHashMap<>();
        Struct struct = (Struct) value;
        for (Field field : schema.fields()) {
          map.put(field.name(), toJson(field.schema(), struct.get(field)));
        }
        yield map;
      }
    };
  }

  /** The Connect value of a JSON-shaped value, for {@code schema} (which may still be a builder). */
  static Object toConnect(Schema schema, Object json) {
    if (json == null || json == JsonProperties.NULL_VALUE) {
      return null;
    }
    String name = schema.name();
    try {
      return switch (schema.type()) {
        case INT8 -> ((Number) json).byteValue();
        case INT16 -> ((Number) json).shortValue();
        case INT32 -> Date.LOGICAL_NAME.equals(name) ? Date.toLogical(schema, ((Number) json).intValue())
            : Time.LOGICAL_NAME.equals(name) ? Time.toLogical(schema, ((Number) json).intValue())
            : (Object) ((Number) json).intValue();
        case INT64 -> Timestamp.LOGICAL_NAME.equals(name) ? Timestamp.toLogical(schema, ((Number) json).longValue())
            : (Object) ((Number) json).longValue();
        case FLOAT32 -> ((Number) json).floatValue();
        case FLOAT64 -> ((Number) json).doubleValue();
        case BOOLEAN -> (Boolean) json;
        case STRING -> json.toString();
        case BYTES -> {
          byte[] bytes = json.toString().getBytes(StandardCharsets.ISO_8859_1);
          yield Decimal.LOGICAL_NAME.equals(name) ? Decimal.toLogical(schema, bytes) : ByteBuffer.wrap(bytes);
        }
        case ARRAY -> {
          List<Object> list = new ArrayList<>();
          for (Object v : (Collection<?>) json) {
            list.add(toConnect(schema.valueSchema(), v));
          }
          yield list;
        }
        case MAP -> {
          Map<Object, Object> map = new LinkedHashMap<>();
          for (Map.Entry<?, ?> e : ((Map<?, ?>) json).entrySet()) {
            map.put(toConnect(schema.keySchema(), keyJson(schema.keySchema(), e.getKey().toString())),
                toConnect(schema.valueSchema(), e.getValue()));
          }
          yield map;
        }
        case STRUCT -> {
          Struct struct = new Struct(schema);
          Map<?, ?> fields = (Map<?, ?>) json;
          for (Field field : schema.fields()) {
            Object v = toConnect(field.schema(), fields.get(field.name()));
            if (v != null) {
              struct.put(field, v);
            }
          }
          yield struct;
        }
      };
    } catch (ClassCastException | NumberFormatException e) {
      throw new DataException("Default value " + json + " does not fit the Connect schema " + schema.type(), e);
    }
  }

  /** Map keys are JSON object names (strings); read non-string keys back from their text. */
  private static Object keyJson(Schema keySchema, String text) {
    return switch (keySchema.type()) {
      case INT8, INT16, INT32, INT64 -> Long.parseLong(text);
      case FLOAT32, FLOAT64 -> Double.parseDouble(text);
      case BOOLEAN -> Boolean.parseBoolean(text);
      default -> text;
    };
  }
}
