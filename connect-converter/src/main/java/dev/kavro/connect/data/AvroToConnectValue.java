package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.JsonProperties;
import org.apache.avro.generic.GenericData;
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
 * Avro generic values to Connect values, walking the Avro schema and the Connect schema that
 * {@link AvroToConnectSchema} made of it (or a projection target of the same shape): records become {@link Struct}s
 * (positionally: Connect field {@code i} is Avro field {@code i}), strings and enum symbols {@link String}s, bytes
 * and fixed {@link ByteBuffer}s, logical types Connect's logical values. Stateless.
 */
public final class AvroToConnectValue {
  private AvroToConnectValue() {}

  /**
   * Converts one value.
   *
   * @throws DataException if the value does not fit the schemas
   */
  public static Object convert(org.apache.avro.Schema avro, Schema connect, Object value, AvroDataSettings settings) {
    if (value == null || value == JsonProperties.NULL_VALUE) {
      return null;
    }
    if (avro.getType() == org.apache.avro.Schema.Type.UNION) {
      if (AvroSchemas.isOptionalWrapper(avro, settings)) {
        return convert(AvroSchemas.wrapped(avro), connect, value, settings);
      }
      return union(avro, connect, value, settings);
    }
    try {
      return switch (connect.type()) {
        case INT8 -> ((Number) value).byteValue();
        case INT16 -> ((Number) value).shortValue();
        case INT32 -> int32(connect, value);
        case INT64 -> int64(connect, value);
        case FLOAT32, FLOAT64, BOOLEAN -> value;
        case STRING -> value.toString();
        case BYTES -> bytes(connect, value);
        case ARRAY -> array(avro, connect, (Collection<?>) value, settings);
        case MAP -> map(avro, connect, value, settings);
        case STRUCT -> struct(avro, connect, (IndexedRecord) value, settings);
      };
    } catch (ClassCastException e) {
      throw new DataException("Avro value of " + value.getClass().getName() + " does not fit the Connect schema "
          + connect.type() + " (Avro " + avro.getType() + ")", e);
    }
  }

  private static Object int32(Schema connect, Object value) {
    String name = connect.name();
    if (Date.LOGICAL_NAME.equals(name)) {
      return Date.toLogical(connect, (Integer) value);
    }
    if (Time.LOGICAL_NAME.equals(name)) {
      if (value instanceof Long micros) {
        return Time.toLogical(connect, (int) Math.floorDiv(micros, 1000L));
      }
      return Time.toLogical(connect, (Integer) value);
    }
    return (Integer) value;
  }

  private static Object int64(Schema connect, Object value) {
    if (Timestamp.LOGICAL_NAME.equals(connect.name())) {
      long raw = (Long) value;
      return Timestamp.toLogical(connect, LogicalTypes.isMicros(connect) ? Math.floorDiv(raw, 1000L) : raw);
    }
    return (Long) value;
  }

  private static Object bytes(Schema connect, Object value) {
    if (Decimal.LOGICAL_NAME.equals(connect.name())) {
      return Decimal.toLogical(connect, bytesOf(value));
    }
    if (value instanceof ByteBuffer buffer) {
      return buffer;
    }
    if (value instanceof byte[] bytes) {
      return ByteBuffer.wrap(bytes);
    }
    return ByteBuffer.wrap(((GenericFixed) value).bytes());
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

  private static List<Object> array(org.apache.avro.Schema avro, Schema connect, Collection<?> values,
      AvroDataSettings settings) {
    org.apache.avro.Schema element = avro.getElementType();
    Schema connectElement = connect.valueSchema();
    List<Object> result = new ArrayList<>(values.size());
    for (Object v : values) {
      result.add(convert(element, connectElement, v, settings));
    }
    return result;
  }

  private static Map<Object, Object> map(org.apache.avro.Schema avro, Schema connect, Object value,
      AvroDataSettings settings) {
    if (avro.getType() == org.apache.avro.Schema.Type.ARRAY) {
      org.apache.avro.Schema entry = avro.getElementType();
      org.apache.avro.Schema keyAvro = entry.getField(KEY_FIELD).schema();
      org.apache.avro.Schema valueAvro = entry.getField(VALUE_FIELD).schema();
      int keyPos = entry.getField(KEY_FIELD).pos();
      int valuePos = entry.getField(VALUE_FIELD).pos();
      Collection<?> entries = (Collection<?>) value;
      Map<Object, Object> result = new HashMap<>(capacity(entries.size()));
      for (Object e : entries) {
        IndexedRecord record = (IndexedRecord) e;
        result.put(convert(keyAvro, connect.keySchema(), record.get(keyPos), settings),
            convert(valueAvro, connect.valueSchema(), record.get(valuePos), settings));
      }
      return result;
    }
    Map<?, ?> values = (Map<?, ?>) value;
    org.apache.avro.Schema valueAvro = avro.getValueType();
    Map<Object, Object> result = new HashMap<>(capacity(values.size()));
    for (Map.Entry<?, ?> e : values.entrySet()) {
      result.put(e.getKey().toString(), convert(valueAvro, connect.valueSchema(), e.getValue(), settings));
    }
    return result;
  }

  static int capacity(int size) {
    return size < 3 ? 4 : (int) (size / 0.75f) + 1;
  }

  private static Struct struct(org.apache.avro.Schema avro, Schema connect, IndexedRecord record,
      AvroDataSettings settings) {
    Struct struct = new Struct(connect);
    List<org.apache.avro.Schema.Field> avroFields = avro.getFields();
    for (Field field : connect.fields()) {
      org.apache.avro.Schema.Field avroField = avroFields.get(field.index());
      struct.put(field, convert(avroField.schema(), field.schema(), record.get(avroField.pos()), settings));
    }
    return struct;
  }

  private static Struct union(org.apache.avro.Schema avro, Schema connect, Object value, AvroDataSettings settings) {
    int index = GenericData.get().resolveUnion(avro, value);
    org.apache.avro.Schema branch = avro.getTypes().get(index);
    String fieldName = settings.generalizedSumTypes() ? GENERALIZED_UNION_FIELD_PREFIX + index
        : AvroSchemas.unionFieldName(branch, settings);
    Field field = connect.field(fieldName);
    if (field == null) {
      throw new DataException("The Connect union " + connect.name() + " has no field " + fieldName);
    }
    Struct struct = new Struct(connect);
    struct.put(field, convert(branch, field.schema(), value, settings));
    return struct;
  }
}
