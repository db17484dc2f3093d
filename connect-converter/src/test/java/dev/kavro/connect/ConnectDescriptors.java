package dev.kavro.connect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.Deque;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;

/**
 * The golden corpus's descriptors of Connect schemas and values (see the corpus README): written from Kavro's
 * results, and read back into the schemas and values Confluent was given.
 */
final class ConnectDescriptors {
  static final ObjectMapper JSON = new ObjectMapper();
  private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
  private static final HexFormat HEX = HexFormat.of();
  /** The Java class of each scalar Connect type's values. */
  private static final Map<Schema.Type, Class<?>> JAVA_TYPES = Map.of(Schema.Type.INT8, Byte.class,
      Schema.Type.INT16, Short.class, Schema.Type.INT32, Integer.class, Schema.Type.INT64, Long.class,
      Schema.Type.FLOAT32, Float.class, Schema.Type.FLOAT64, Double.class, Schema.Type.BOOLEAN, Boolean.class,
      Schema.Type.STRING, String.class);

  private ConnectDescriptors() {}

  // ---- Connect -> descriptor ----

  static JsonNode schema(Schema schema) {
    return schema(schema, new ArrayDeque<>());
  }

  private static JsonNode schema(Schema schema, Deque<String> enclosing) {
    if (schema == null) {
      return NODES.nullNode();
    }
    ObjectNode node = NODES.objectNode();
    if (schema.type() == Schema.Type.STRUCT && schema.name() != null && enclosing.contains(schema.name())) {
      node.put("ref", schema.name());
      node.put("optional", schema.isOptional());
      return node;
    }
    node.put("type", schema.type().name());
    node.put("optional", schema.isOptional());
    node.put("name", schema.name());
    if (schema.version() == null) {
      node.putNull("version");
    } else {
      node.put("version", schema.version());
    }
    node.put("doc", schema.doc());
    if (schema.parameters() == null) {
      node.putNull("parameters");
    } else {
      ObjectNode params = node.putObject("parameters");
      schema.parameters().forEach(params::put);
    }
    if (schema.defaultValue() != null) {
      node.set("default", value(schema, schema.defaultValue()));
    }
    switch (schema.type()) {
      case STRUCT -> {
        if (schema.name() != null) {
          enclosing.push(schema.name());
        }
        ArrayNode fields = node.putArray("fields");
        for (Field field : schema.fields()) {
          ObjectNode f = fields.addObject();
          f.put("name", field.name());
          f.put("index", field.index());
          f.set("schema", schema(field.schema(), enclosing));
        }
        if (schema.name() != null) {
          enclosing.pop();
        }
      }
      case MAP -> {
        node.set("keySchema", schema(schema.keySchema(), enclosing));
        node.set("valueSchema", schema(schema.valueSchema(), enclosing));
      }
      case ARRAY -> node.set("valueSchema", schema(schema.valueSchema(), enclosing));
      default -> { }
    }
    return node;
  }

  static JsonNode value(Schema schema, Object value) {
    if (value == null) {
      return NODES.nullNode();
    }
    String name = schema.name();
    if (Decimal.LOGICAL_NAME.equals(name) && value instanceof BigDecimal d) {
      return NODES.objectNode().put("decimal", d.toPlainString());
    }
    if ((Date.LOGICAL_NAME.equals(name) || Time.LOGICAL_NAME.equals(name) || Timestamp.LOGICAL_NAME.equals(name))
        && value instanceof java.util.Date d) {
      return NODES.objectNode().put("millis", d.getTime());
    }
    Class<?> javaType = JAVA_TYPES.get(schema.type());
    if (javaType != null && javaType.isInstance(value)) {
      boolean notFinite = (value instanceof Float f && (f.isNaN() || f.isInfinite()))
          || (value instanceof Double d && (d.isNaN() || d.isInfinite()));
      return notFinite ? NODES.textNode(value.toString()) : JSON.valueToTree(value);
    }
    switch (schema.type()) {
      case BYTES:
        if (value instanceof byte[] bytes) {
          return NODES.objectNode().put("bytes", HEX.formatHex(bytes));
        }
        if (value instanceof ByteBuffer buffer) {
          ByteBuffer copy = buffer.duplicate();
          byte[] bytes = new byte[copy.remaining()];
          copy.get(bytes);
          return NODES.objectNode().put("bytes", HEX.formatHex(bytes));
        }
        break;
      case ARRAY:
        if (value instanceof Collection<?> list) {
          ArrayNode array = NODES.arrayNode();
          for (Object element : list) {
            array.add(value(schema.valueSchema(), element));
          }
          return array;
        }
        break;
      case MAP:
        if (value instanceof Map<?, ?> map) {
          List<JsonNode[]> entries = new ArrayList<>();
          for (Map.Entry<?, ?> e : map.entrySet()) {
            entries.add(new JsonNode[] {value(schema.keySchema(), e.getKey()),
                value(schema.valueSchema(), e.getValue())});
          }
          entries.sort(Comparator.<JsonNode[], String>comparing(e -> e[0].toString())
              .thenComparing(e -> e[1].toString()));
          ArrayNode array = NODES.arrayNode();
          for (JsonNode[] e : entries) {
            array.addArray().add(e[0]).add(e[1]);
          }
          ObjectNode node = NODES.objectNode();
          node.set("entries", array);
          return node;
        }
        break;
      case STRUCT:
        if (value instanceof Struct struct) {
          ObjectNode fields = NODES.objectNode();
          for (Field field : schema.fields()) {
            fields.set(field.name(), value(field.schema(), struct.get(field)));
          }
          ObjectNode node = NODES.objectNode();
          node.set("struct", fields);
          return node;
        }
        break;
      default:
        break;
    }
    return NODES.objectNode().put("javaType", value.getClass().getName()).put("value", value.toString());
  }

  // ---- descriptor -> Connect ----

  static Schema toSchema(JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    if (node.has("ref")) {
      throw new IllegalArgumentException("cyclic references are not rebuilt: " + node);
    }
    Schema.Type type = Schema.Type.valueOf(node.get("type").asText());
    SchemaBuilder builder = switch (type) {
      case STRUCT -> {
        SchemaBuilder b = SchemaBuilder.struct();
        yield b;
      }
      case ARRAY -> SchemaBuilder.array(toSchema(node.get("valueSchema")));
      case MAP -> SchemaBuilder.map(toSchema(node.get("keySchema")), toSchema(node.get("valueSchema")));
      default -> SchemaBuilder.type(type);
    };
    if (node.get("optional").asBoolean()) {
      builder.optional();
    }
    if (!node.get("name").isNull()) {
      builder.name(node.get("name").asText());
    }
    if (!node.get("version").isNull()) {
      builder.version(node.get("version").asInt());
    }
    if (!node.get("doc").isNull()) {
      builder.doc(node.get("doc").asText());
    }
    JsonNode params = node.get("parameters");
    if (!params.isNull()) {
      if (params.isEmpty()) {
        builder.parameters(new LinkedHashMap<>());
      }
      Iterator<Map.Entry<String, JsonNode>> it = params.fields();
      while (it.hasNext()) {
        Map.Entry<String, JsonNode> e = it.next();
        builder.parameter(e.getKey(), e.getValue().asText());
      }
    }
    if (type == Schema.Type.STRUCT) {
      for (JsonNode field : node.get("fields")) {
        builder.field(field.get("name").asText(), toSchema(field.get("schema")));
      }
    }
    if (node.has("default")) {
      builder.defaultValue(toValue(builder, node.get("default")));
    }
    return builder.build();
  }

  static Object toValue(Schema schema, JsonNode node) {
    if (node == null || node.isNull()) {
      return null;
    }
    String name = schema.name();
    if (node.isObject() && node.has("decimal")) {
      return new BigDecimal(node.get("decimal").asText());
    }
    if (node.isObject() && node.has("millis")) {
      return new java.util.Date(node.get("millis").asLong());
    }
    return switch (schema.type()) {
      case INT8 -> (byte) node.asInt();
      case INT16 -> (short) node.asInt();
      case INT32 -> node.asInt();
      case INT64 -> node.asLong();
      case FLOAT32 -> node.isTextual() ? Float.parseFloat(node.asText()) : node.floatValue();
      case FLOAT64 -> node.isTextual() ? Double.parseDouble(node.asText()) : node.doubleValue();
      case BOOLEAN -> node.asBoolean();
      case STRING -> node.asText();
      case BYTES -> HEX.parseHex(node.get("bytes").asText());
      case ARRAY -> {
        List<Object> list = new ArrayList<>();
        for (JsonNode element : node) {
          list.add(toValue(schema.valueSchema(), element));
        }
        yield list;
      }
      case MAP -> {
        Map<Object, Object> map = new LinkedHashMap<>();
        for (JsonNode entry : node.get("entries")) {
          map.put(toValue(schema.keySchema(), entry.get(0)), toValue(schema.valueSchema(), entry.get(1)));
        }
        yield map;
      }
      case STRUCT -> {
        Struct struct = new Struct(schema);
        JsonNode fields = node.get("struct");
        for (Field field : schema.fields()) {
          Object v = toValue(field.schema(), fields.get(field.name()));
          if (v != null) {
            struct.put(field, v);
          }
        }
        yield struct;
      }
    };
  }

  // ---- comparing ----

  /**
   * The first difference between two JSON values, member order included; numbers compare by value (a float as a
   * float). Null when equal.
   */
  static String difference(JsonNode expected, JsonNode actual, String path) {
    if (expected.isNumber() && actual.isNumber()) {
      boolean equal = expected.isFloat() || actual.isFloat() ? expected.floatValue() == actual.floatValue()
          : expected.isFloatingPointNumber() || actual.isFloatingPointNumber()
              ? expected.doubleValue() == actual.doubleValue()
              : expected.bigIntegerValue().equals(actual.bigIntegerValue());
      return equal ? null : path + ": expected " + expected + " but was " + actual;
    }
    if (expected.getNodeType() != actual.getNodeType()) {
      return path + ": expected " + expected + " but was " + actual;
    }
    if (expected.isObject()) {
      List<String> expectedNames = new ArrayList<>();
      expected.fieldNames().forEachRemaining(expectedNames::add);
      List<String> actualNames = new ArrayList<>();
      actual.fieldNames().forEachRemaining(actualNames::add);
      if (!expectedNames.equals(actualNames)) {
        return path + ": members " + expectedNames + " but were " + actualNames + " (expected " + expected
            + ", was " + actual + ")";
      }
      for (String name : expectedNames) {
        String d = difference(expected.get(name), actual.get(name), path + "." + name);
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    if (expected.isArray()) {
      if (expected.size() != actual.size()) {
        return path + ": expected " + expected + " but was " + actual;
      }
      for (int i = 0; i < expected.size(); i++) {
        String d = difference(expected.get(i), actual.get(i), path + "[" + i + "]");
        if (d != null) {
          return d;
        }
      }
      return null;
    }
    return expected.equals(actual) ? null : path + ": expected " + expected + " but was " + actual;
  }
}
