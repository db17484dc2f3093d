package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Avro generic values (as {@code GenericDatumReader} makes them, or Avro field defaults as
 * {@code Schema.Field.defaultVal()} gives them) to Connect values, driven by the Connect schema as Confluent's
 * {@code AvroData.toConnectData} is: records become {@link Struct}s (Avro fields found by the Connect field's name),
 * strings and enum symbols {@link String}s, bytes and fixed {@link ByteBuffer}s, logical types Connect's logical
 * values, and a union's value goes to the field {@link ConfluentUnions} picks. Stateless.
 */
public final class AvroToConnectValue {
  private AvroToConnectValue() {}

  /**
   * Converts one value.
   *
   * @param avro the Avro schema of the value (kept for callers; the Connect schema drives the conversion)
   * @throws DataException if the value does not fit the schema, as Confluent throws
   */
  public static Object convert(org.apache.avro.Schema avro, Schema connect, Object value, AvroDataSettings settings) {
    return convert(connect, value, settings);
  }

  /** Converts one value by its Connect schema. */
  public static Object convert(Schema connect, Object value, AvroDataSettings settings) {
    if (value == null && !connect.isOptional()) {
      throw new DataException("Found null value for non-optional schema");
    }
    if (value == null || value == JsonProperties.NULL_VALUE) {
      return null;
    }
    Object converted;
    try {
      converted = switch (connect.type()) {
        case INT32 -> value instanceof Long micros && LogicalTypes.isMicros(connect, settings) ? micros
            : (Integer) value;
        case INT64 -> (Long) value;
        case FLOAT32 -> (Float) value;
        case FLOAT64 -> (Double) value;
        case BOOLEAN -> (Boolean) value;
        case INT8 -> ((Integer) value).byteValue();
        case INT16 -> ((Integer) value).shortValue();
        case STRING -> string(value);
        case BYTES -> bytes(value);
        case ARRAY -> array(connect, (Collection<?>) value, settings);
        case MAP -> map(connect, value, settings);
        case STRUCT -> struct(connect, value, settings);
      };
    } catch (ClassCastException e) {
      throw new DataException("Invalid type for " + connect.type() + ": " + value.getClass(), e);
    }
    return connect.name() == null ? converted : logical(connect, converted, settings);
  }

  private static Object string(Object value) {
    if (value instanceof String) {
      return value;
    }
    if (value instanceof CharSequence || value instanceof GenericEnumSymbol || value instanceof Enum) {
      return value.toString();
    }
    throw new DataException("Invalid class for string type, expecting String or CharSequence but found "
        + value.getClass());
  }

  private static ByteBuffer bytes(Object value) {
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    if (value instanceof ByteBuffer buffer) {
      return buffer;
    }
    if (value instanceof GenericFixed fixed) {
      return ByteBuffer.wrap(fixed.bytes());
    }
    throw new DataException("Invalid class for bytes type, expecting byte[] or ByteBuffer but found "
        + value.getClass());
  }

  /** Connect's logical types from their Avro encodings, by schema name, as Confluent checks them. */
  static Object logical(Schema connect, Object value, AvroDataSettings settings) {
    switch (connect.name()) {
      case Decimal.LOGICAL_NAME -> {
        if (value instanceof ByteBuffer buffer) {
          return Decimal.toLogical(connect, buffer.array());
        }
        throw new DataException("Invalid type for Decimal, underlying representation should be bytes but was "
            + value.getClass());
      }
      case Date.LOGICAL_NAME -> {
        if (value instanceof Integer days) {
          return Date.toLogical(connect, days);
        }
        throw new DataException("Invalid type for Date, underlying representation should be int32 but was "
            + value.getClass());
      }
      case Time.LOGICAL_NAME -> {
        if (value instanceof Integer millis) {
          return Time.toLogical(connect, millis);
        }
        if (value instanceof Long micros && LogicalTypes.isMicros(connect, settings)) {
          return Time.toLogical(connect, (int) Math.floorDiv(micros, 1000L));
        }
        throw new DataException("Invalid type for Time, underlying representation should be int32 but was "
            + value.getClass());
      }
      case Timestamp.LOGICAL_NAME -> {
        if (value instanceof Long raw) {
          return Timestamp.toLogical(connect, LogicalTypes.isMicros(connect, settings) ? Math.floorDiv(raw, 1000L)
              : raw);
        }
        throw new DataException("Invalid type for Timestamp, underlying representation should be int64 but was "
            + value.getClass());
      }
      default -> {
        return value;
      }
    }
  }

  /** The bytes of a bytes or fixed value: a byte array itself, a fixed's bytes, a buffer's remaining bytes (copied). */
  public static byte[] bytesOf(Object value) {
    if (value instanceof byte[] bytes) {
      return bytes;
    }
    if (value instanceof GenericFixed fixed) {
      return fixed.bytes();
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] copy = new byte[buffer.remaining()];
    buffer.get(copy);
    return copy;
  }

  private static List<Object> array(Schema connect, Collection<?> values, AvroDataSettings settings) {
    Schema element = connect.valueSchema();
    List<Object> result = new ArrayList<>(values.size());
    for (Object v : values) {
      result.add(convert(element, v, settings));
    }
    return result;
  }

  /** A required string key reads an Avro map; any other key an array of MapEntry records. */
  private static Map<Object, Object> map(Schema connect, Object value, AvroDataSettings settings) {
    Schema key = connect.keySchema();
    Schema valueSchema = connect.valueSchema();
    if (key.type() == Schema.Type.STRING && !key.isOptional()) {
      Map<?, ?> values = (Map<?, ?>) value;
      Map<Object, Object> result = new HashMap<>(capacity(values.size()));
      for (Map.Entry<?, ?> e : values.entrySet()) {
        result.put(e.getKey().toString(), convert(valueSchema, e.getValue(), settings));
      }
      return result;
    }
    Collection<?> entries = (Collection<?>) value;
    Map<Object, Object> result = new HashMap<>(capacity(entries.size()));
    for (Object e : entries) {
      IndexedRecord entry = (IndexedRecord) e;
      result.put(convert(key, entry.get(entry.getSchema().getField(KEY_FIELD).pos()), settings),
          convert(valueSchema, entry.get(entry.getSchema().getField(VALUE_FIELD).pos()), settings));
    }
    return result;
  }

  static int capacity(int size) {
    return size < 3 ? 4 : (int) (size / 0.75f) + 1;
  }

  private static Struct struct(Schema connect, Object value, AvroDataSettings settings) {
    if (ConfluentUnions.isUnion(connect)) {
      Field field = ConfluentUnions.fieldOf(connect, value, settings);
      return new Struct(connect).put(field, convert(field.schema(), value, settings));
    }
    Struct struct = new Struct(connect);
    if (value instanceof Map<?, ?> defaults) {
      // A record default, as Avro gives it: a map by field name; a missing field takes its Connect default.
      for (Field field : connect.fields()) {
        String name = settings.scrubInvalidNames() ? NameScrubber.scrub(field.name()) : field.name();
        Object v = defaults.containsKey(name) ? defaults.get(name) : field.schema().defaultValue();
        struct.put(field, convert(field.schema(), v, settings));
      }
      return struct;
    }
    IndexedRecord record = (IndexedRecord) value;
    List<org.apache.avro.Schema.Field> avroFields = record.getSchema().getFields();
    for (Field field : connect.fields()) {
      String name = settings.scrubInvalidNames() ? NameScrubber.scrub(field.name()) : field.name();
      // Usually the fields line up; the lookup by name (Confluent's) is for projections that reorder them.
      int i = field.index();
      org.apache.avro.Schema.Field avroField = i < avroFields.size() && avroFields.get(i).name().equals(name)
          ? avroFields.get(i) : record.getSchema().getField(name);
      if (avroField == null) {
        throw new DataException("The Avro record " + record.getSchema().getFullName() + " has no field " + name);
      }
      struct.put(field, convert(field.schema(), record.get(avroField.pos()), settings));
    }
    return struct;
  }
}
