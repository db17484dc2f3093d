package dev.kavro.rules;

import dev.cel.common.values.CelByteString;
import dev.cel.common.values.NullValue;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;

/**
 * Converts Avro values to the values CEL evaluates (records become maps, ints longs, floats doubles, bytes
 * {@link CelByteString}, enums strings) and CEL results back to Avro values of a given schema.
 */
final class CelValues {
  private CelValues() {}

  static Object toCel(Object value) {
    if (value == null) {
      return NullValue.NULL_VALUE;
    }
    if (value instanceof CharSequence || value instanceof GenericEnumSymbol<?> || value instanceof Enum<?>) {
      return value.toString();
    }
    if (value instanceof Integer || value instanceof Short || value instanceof Byte) {
      return ((Number) value).longValue();
    }
    if (value instanceof Float f) {
      return f.doubleValue();
    }
    if (value instanceof Long || value instanceof Double || value instanceof Boolean) {
      return value;
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] bytes = new byte[buffer.remaining()];
      buffer.duplicate().get(bytes);
      return CelByteString.of(bytes);
    }
    if (value instanceof byte[] bytes) {
      return CelByteString.of(bytes);
    }
    if (value instanceof GenericFixed fixed) {
      return CelByteString.of(fixed.bytes());
    }
    if (value instanceof IndexedRecord record) {
      Map<String, Object> map = new LinkedHashMap<>();
      for (Schema.Field f : record.getSchema().getFields()) {
        map.put(f.name(), toCel(record.get(f.pos())));
      }
      return map;
    }
    if (value instanceof Map<?, ?> in) {
      Map<String, Object> map = new LinkedHashMap<>();
      in.forEach((k, v) -> map.put(String.valueOf(k), toCel(v)));
      return map;
    }
    if (value instanceof Collection<?> in) {
      List<Object> list = new ArrayList<>(in.size());
      in.forEach(v -> list.add(toCel(v)));
      return list;
    }
    // Logical-type objects (BigDecimal, Instant, UUID, ...) reach CEL as their text.
    return value.toString();
  }

  /**
   * A CEL result as an Avro value of {@code schema}.
   *
   * @throws IllegalArgumentException when the result does not fit the schema
   */
  static Object toAvro(Object result, Schema schema, GenericData model) {
    if (result instanceof NullValue || result instanceof com.google.protobuf.NullValue) {
      result = null;
    }
    switch (schema.getType()) {
      case UNION:
        for (Schema branch : schema.getTypes()) {
          if (fits(result, branch)) {
            return toAvro(result, branch, model);
          }
        }
        throw new IllegalArgumentException("a " + describe(result) + " fits no branch of " + schema);
      case NULL:
        require(result == null, result, schema);
        return null;
      case BOOLEAN:
        require(result instanceof Boolean, result, schema);
        return result;
      case INT:
        require(result instanceof Number, result, schema);
        return ((Number) result).intValue();
      case LONG:
        require(result instanceof Number, result, schema);
        return ((Number) result).longValue();
      case FLOAT:
        require(result instanceof Number, result, schema);
        return ((Number) result).floatValue();
      case DOUBLE:
        require(result instanceof Number, result, schema);
        return ((Number) result).doubleValue();
      case STRING:
        require(result instanceof CharSequence, result, schema);
        return result.toString();
      case ENUM:
        require(result instanceof CharSequence && schema.hasEnumSymbol(result.toString()), result, schema);
        return model.createEnum(result.toString(), schema);
      case BYTES:
        return ByteBuffer.wrap(bytes(result, schema));
      case FIXED:
        byte[] bytes = bytes(result, schema);
        require(bytes.length == schema.getFixedSize(), result, schema);
        return model.createFixed(null, bytes, schema);
      case ARRAY:
        require(result instanceof Collection, result, schema);
        List<Object> list = new ArrayList<>();
        for (Object item : (Collection<?>) result) {
          list.add(toAvro(item, schema.getElementType(), model));
        }
        return list;
      case MAP:
        require(result instanceof Map, result, schema);
        Map<String, Object> map = new LinkedHashMap<>();
        ((Map<?, ?>) result).forEach((k, v) -> map.put(String.valueOf(k), toAvro(v, schema.getValueType(), model)));
        return map;
      case RECORD:
        if (result instanceof IndexedRecord record && record.getSchema().equals(schema)) {
          return record;
        }
        require(result instanceof Map, result, schema);
        Map<?, ?> fields = (Map<?, ?>) result;
        Object record = model.newRecord(null, schema);
        for (Schema.Field f : schema.getFields()) {
          Object value = fields.containsKey(f.name()) ? toAvro(fields.get(f.name()), f.schema(), model)
              : f.hasDefaultValue() ? model.getDefaultValue(f) : toAvro(null, f.schema(), model);
          model.setField(record, f.name(), f.pos(), value);
        }
        return record;
      default:
        throw new IllegalArgumentException("unsupported schema " + schema);
    }
  }

  private static boolean fits(Object value, Schema branch) {
    return switch (branch.getType()) {
      case NULL -> value == null;
      case BOOLEAN -> value instanceof Boolean;
      case INT, LONG -> value instanceof Long || value instanceof Integer;
      case FLOAT, DOUBLE -> value instanceof Double || value instanceof Float;
      case STRING -> value instanceof CharSequence;
      case ENUM -> value instanceof CharSequence && branch.hasEnumSymbol(value.toString());
      case BYTES -> value instanceof CelByteString || value instanceof byte[] || value instanceof ByteBuffer;
      case FIXED -> (value instanceof CelByteString b && b.size() == branch.getFixedSize())
          || (value instanceof byte[] a && a.length == branch.getFixedSize());
      case ARRAY -> value instanceof Collection;
      case MAP, RECORD -> value instanceof Map || value instanceof IndexedRecord;
      default -> false;
    };
  }

  private static byte[] bytes(Object value, Schema schema) {
    if (value instanceof CelByteString b) {
      return b.toByteArray();
    }
    if (value instanceof byte[] a) {
      return a;
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] out = new byte[buffer.remaining()];
      buffer.duplicate().get(out);
      return out;
    }
    throw new IllegalArgumentException("a " + describe(value) + " is not a value of " + schema.getType());
  }

  private static void require(boolean ok, Object value, Schema schema) {
    if (!ok) {
      throw new IllegalArgumentException("a " + describe(value) + " is not a value of " + schema.getType());
    }
  }

  private static String describe(Object value) {
    return value == null ? "null" : value.getClass().getSimpleName();
  }
}
