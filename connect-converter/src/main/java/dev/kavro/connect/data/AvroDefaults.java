package dev.kavro.connect.data;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.avro.util.internal.JacksonUtils;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;

/**
 * Connect default values from Avro, as Confluent's {@code AvroData.defaultValueFromAvro} reads them: an Avro field
 * default as a generic datum, a {@code connect.default} property as JSON walked along the Avro schema. Confluent's
 * quirks are kept (a {@code connect.default} inside a union reads the union's first branch), because the resulting
 * Connect schemas must be equal to Confluent's.
 */
final class AvroDefaults {
  private AvroDefaults() {}

  /** A field default ({@code Schema.Field.defaultVal()}): the datum conversion, logical types included. */
  static Object fromDatum(Schema connect, Object value, AvroDataSettings settings) {
    return value == JsonProperties.NULL_VALUE ? null : AvroToConnectValue.convert(connect, value, settings);
  }

  /** A {@code connect.default} property value (as {@code getObjectProp} gives it). */
  static Object fromJson(Schema connect, org.apache.avro.Schema avro, Object json, AvroDataSettings settings) {
    return json(connect, avro, JacksonUtils.toJsonNode(json), settings);
  }

  private static Object json(Schema connect, org.apache.avro.Schema avro, JsonNode json, AvroDataSettings settings) {
    Object raw = raw(connect, avro, json, settings);
    return raw == null || connect.name() == null ? raw : AvroToConnectValue.logical(connect, raw, settings);
  }

  /** The value in its Avro form; logical types are converted by the caller. */
  private static Object raw(Schema connect, org.apache.avro.Schema avro, JsonNode json, AvroDataSettings settings) {
    if (json == null || json.isNull()) {
      return null;
    }
    switch (avro.getType()) {
      case INT:
        return switch (connect.type()) {
          case INT8 -> (byte) json.intValue();
          case INT16 -> json.shortValue();
          case INT32 -> json.intValue();
          default -> null;
        };
      case LONG:
        return json.longValue();
      case FLOAT:
        return (float) json.doubleValue();
      case DOUBLE:
        return json.doubleValue();
      case BOOLEAN:
        return json.asBoolean();
      case STRING:
      case ENUM:
        return json.asText();
      case BYTES:
      case FIXED:
        return bytes(json);
      case ARRAY: {
        if (!json.isArray()) {
          throw new DataException("Invalid JSON for array default value");
        }
        List<Object> list = new ArrayList<>(json.size());
        for (JsonNode element : json) {
          list.add(json(connect.valueSchema(), avro.getElementType(), element, settings));
        }
        return list;
      }
      case MAP: {
        if (!json.isObject()) {
          throw new DataException("Invalid JSON for map default value");
        }
        Map<String, Object> map = new HashMap<>(json.size());
        Iterator<Map.Entry<String, JsonNode>> it = json.fields();
        while (it.hasNext()) {
          Map.Entry<String, JsonNode> e = it.next();
          map.put(e.getKey(), json(connect.valueSchema(), avro.getValueType(), e.getValue(), settings));
        }
        return map;
      }
      case RECORD: {
        if (!json.isObject()) {
          throw new DataException("Invalid JSON for record default value");
        }
        Struct struct = new Struct(connect);
        for (org.apache.avro.Schema.Field avroField : avro.getFields()) {
          Field field = connect.field(avroField.name());
          struct.put(avroField.name(), json(field.schema(), avroField.schema(), json.get(field.name()), settings));
        }
        return struct;
      }
      case UNION: {
        // Confluent reads a union's default by its first branch, as Avro field defaults are.
        org.apache.avro.Schema first = avro.getTypes().get(0);
        if (first.getType() == org.apache.avro.Schema.Type.NULL) {
          return null;
        }
        Field field = connect.field(AvroSchemas.unionFieldName(first, 0, settings));
        return json(field.schema(), first, json, settings);
      }
      default:
        return null;
    }
  }

  private static ByteBuffer bytes(JsonNode json) {
    try {
      byte[] bytes = json.isTextual() ? json.textValue().getBytes(StandardCharsets.ISO_8859_1) : json.binaryValue();
      return bytes == null ? null : ByteBuffer.wrap(bytes);
    } catch (IOException e) {
      throw new DataException("Invalid binary data in default value", e);
    }
  }
}
