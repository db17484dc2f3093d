package dev.kavro.connect.data;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import dev.kavro.connect.runtime.ConnectWriteSupport;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Connect values to Avro generic values, walking the Connect schema and the Avro schema {@link ConnectToAvroSchema}
 * made of it. Structs become {@code GenericData.Record}s filled by position. Stateless.
 */
public final class ConnectToAvroValue {
  private ConnectToAvroValue() {}

  /**
   * Converts one value.
   *
   * @throws DataException if the value does not match its schema, or is null for a required schema
   */
  public static Object convert(Schema connect, org.apache.avro.Schema avro, Object value, AvroDataSettings settings) {
    if (value == null) {
      if (connect.isOptional()) {
        return null;
      }
      throw new DataException("Found null value for non-optional schema");
    }
    if (avro.getType() == org.apache.avro.Schema.Type.UNION) {
      if (ConnectToAvroSchema.isUnion(connect)) {
        return union(connect, avro, (Struct) value, settings);
      }
      avro = AvroSchemas.wrapped(avro);
    }
    try {
      return switch (connect.type()) {
        case INT8, INT16 -> ((Number) value).intValue();
        case INT32 -> int32(connect, value, settings);
        case INT64 -> int64(connect, value, settings);
        case FLOAT32 -> (Float) value;
        case FLOAT64 -> (Double) value;
        case BOOLEAN -> (Boolean) value;
        case STRING -> avro.getType() == org.apache.avro.Schema.Type.ENUM
            ? new GenericData.EnumSymbol(avro, value.toString()) : (String) value;
        case BYTES -> bytes(connect, avro, value);
        case ARRAY -> array(connect, avro, (Collection<?>) value, settings);
        case MAP -> map(connect, avro, (Map<?, ?>) value, settings);
        case STRUCT -> record(connect, avro, (Struct) value, settings);
      };
    } catch (ClassCastException e) {
      throw new DataException("Value of " + value.getClass().getName() + " does not match the Connect schema "
          + connect.type(), e);
    }
  }

  private static Object int32(Schema connect, Object value, AvroDataSettings settings) {
    if (Date.LOGICAL_NAME.equals(connect.name())) {
      return Date.fromLogical(connect, (java.util.Date) value);
    }
    if (Time.LOGICAL_NAME.equals(connect.name())) {
      int millis = Time.fromLogical(connect, (java.util.Date) value);
      return LogicalTypes.isMicros(connect, settings) ? (Object) (millis * 1000L) : (Object) millis;
    }
    return (Integer) value;
  }

  private static Object int64(Schema connect, Object value, AvroDataSettings settings) {
    if (Timestamp.LOGICAL_NAME.equals(connect.name())) {
      long millis = Timestamp.fromLogical(connect, (java.util.Date) value);
      return LogicalTypes.isMicros(connect, settings) ? Math.multiplyExact(millis, 1000L) : millis;
    }
    return (Long) value;
  }

  private static Object bytes(Schema connect, org.apache.avro.Schema avro, Object value) {
    byte[] bytes;
    if (Decimal.LOGICAL_NAME.equals(connect.name())) {
      bytes = Decimal.fromLogical(connect, (BigDecimal) value);
    } else if (value instanceof ByteBuffer buffer && avro.getType() != org.apache.avro.Schema.Type.FIXED) {
      return buffer;
    } else {
      bytes = AvroToConnectValue.bytesOf(value);
    }
    if (avro.getType() == org.apache.avro.Schema.Type.FIXED) {
      if (Decimal.LOGICAL_NAME.equals(connect.name())) {
        bytes = ConnectWriteSupport.fixedDecimal(connect, value, avro.getFixedSize());
      }
      if (bytes.length != avro.getFixedSize()) {
        throw new DataException("Fixed " + avro.getFullName() + " needs " + avro.getFixedSize() + " bytes, got "
            + bytes.length);
      }
      return new GenericData.Fixed(avro, bytes);
    }
    return ByteBuffer.wrap(bytes);
  }

  private static List<Object> array(Schema connect, org.apache.avro.Schema avro, Collection<?> values,
      AvroDataSettings settings) {
    Schema element = connect.valueSchema();
    org.apache.avro.Schema avroElement = avro.getElementType();
    List<Object> result = new ArrayList<>(values.size());
    for (Object v : values) {
      result.add(convert(element, avroElement, v, settings));
    }
    return result;
  }

  private static Object map(Schema connect, org.apache.avro.Schema avro, Map<?, ?> values,
      AvroDataSettings settings) {
    if (avro.getType() == org.apache.avro.Schema.Type.MAP) {
      // Default capacity, as Confluent's: the capacity decides the order in which Avro writes the entries.
      Map<String, Object> result = new HashMap<>();
      for (Map.Entry<?, ?> e : values.entrySet()) {
        if (e.getKey() == null) {
          throw new DataException("Null key in a map whose Avro form is a map; set allow.optional.map.keys=false");
        }
        result.put(e.getKey().toString(), convert(connect.valueSchema(), avro.getValueType(), e.getValue(),
            settings));
      }
      return result;
    }
    org.apache.avro.Schema entry = avro.getElementType();
    org.apache.avro.Schema keyAvro = entry.getFields().get(0).schema();
    org.apache.avro.Schema valueAvro = entry.getFields().get(1).schema();
    List<Object> result = new ArrayList<>(values.size());
    for (Map.Entry<?, ?> e : values.entrySet()) {
      GenericData.Record record = new GenericData.Record(entry);
      record.put(0, convert(connect.keySchema(), keyAvro, e.getKey(), settings));
      record.put(1, convert(connect.valueSchema(), valueAvro, e.getValue(), settings));
      result.add(record);
    }
    return result;
  }

  private static GenericData.Record record(Schema connect, org.apache.avro.Schema avro, Struct struct,
      AvroDataSettings settings) {
    if (struct.schema() != connect && !struct.schema().equals(connect)) {
      throw new DataException("Mismatching struct schema: the value's schema " + struct.schema().name()
          + " is not the schema given for it, " + connect.name());
    }
    GenericData.Record record = new GenericData.Record(avro);
    List<org.apache.avro.Schema.Field> avroFields = avro.getFields();
    for (Field field : connect.fields()) {
      Object value = settings.ignoreDefaultForNullables() && field.schema().isOptional()
          ? struct.getWithoutDefault(field.name()) : struct.get(field);
      try {
        record.put(field.index(), convert(field.schema(), avroFields.get(field.index()).schema(), value, settings));
      } catch (DataException e) {
        throw new DataException("Field '" + field.name() + "': " + e.getMessage(), e);
      }
    }
    return record;
  }

  private static Object union(Schema connect, org.apache.avro.Schema avro, Struct struct,
      AvroDataSettings settings) {
    List<org.apache.avro.Schema> branches = new ArrayList<>(avro.getTypes());
    branches.removeIf(b -> b.getType() == org.apache.avro.Schema.Type.NULL);
    for (Field field : connect.fields()) {
      Object value = settings.ignoreDefaultForNullables() ? struct.getWithoutDefault(field.name()) : struct.get(field);
      if (value != null) {
        return convert(field.schema(), branches.get(field.index()), value, settings);
      }
    }
    if (connect.isOptional()) {
      return null;
    }
    throw new DataException("Union " + connect.name() + " has no branch set and is not optional");
  }
}
