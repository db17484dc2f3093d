package dev.kavro.connect.runtime;

import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.io.Encoder;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Leaf operations of a direct Connect write, with the generic path's semantics (convert to Avro generic data as
 * Confluent's AvroData does, then write it with Avro's generic writer): the same casts, checks and byte order.
 * Stateless.
 */
public final class ConnectWriteSupport {
  private ConnectWriteSupport() {}

  public static DataException nullForRequired() {
    return new DataException("Found null value for non-optional schema");
  }

  public static DataException fieldError(String field, DataException e) {
    return new DataException("Field '" + field + "': " + e.getMessage(), e);
  }

  /** The struct of a record value, checked against its schema as the generic path checks it. */
  public static Struct struct(Object value, org.apache.kafka.connect.data.Schema connect) {
    Struct struct = (Struct) value;
    if (struct.schema() != connect && !struct.schema().equals(connect)) {
      throw new DataException("Mismatching struct schema: the value's schema " + struct.schema().name()
          + " is not the schema given for it, " + connect.name());
    }
    return struct;
  }

  public static int date(org.apache.kafka.connect.data.Schema connect, Object value) {
    return Date.fromLogical(connect, (java.util.Date) value);
  }

  public static int timeMillis(org.apache.kafka.connect.data.Schema connect, Object value) {
    return Time.fromLogical(connect, (java.util.Date) value);
  }

  public static long timeMicros(org.apache.kafka.connect.data.Schema connect, Object value) {
    return Time.fromLogical(connect, (java.util.Date) value) * 1000L;
  }

  public static long timestampMillis(org.apache.kafka.connect.data.Schema connect, Object value) {
    return Timestamp.fromLogical(connect, (java.util.Date) value);
  }

  public static long timestampMicros(org.apache.kafka.connect.data.Schema connect, Object value) {
    return Math.multiplyExact(Timestamp.fromLogical(connect, (java.util.Date) value), 1000L);
  }

  public static byte[] decimal(org.apache.kafka.connect.data.Schema connect, Object value) {
    return Decimal.fromLogical(connect, (BigDecimal) value);
  }

  /** Writes a Connect bytes value (ByteBuffer, byte[] or Avro fixed) as Avro bytes. */
  public static void writeBytes(Object value, Encoder out) throws IOException {
    if (value instanceof ByteBuffer buffer) {
      out.writeBytes(buffer);
    } else {
      out.writeBytes(ByteBuffer.wrap(bytesOf(value)));
    }
  }

  /** Writes {@code bytes} as an Avro fixed of {@code schema}, after the generic path's size check. */
  public static void writeFixed(byte[] bytes, Schema schema, Encoder out) throws IOException {
    if (bytes.length != schema.getFixedSize()) {
      throw new DataException("Fixed " + schema.getFullName() + " needs " + schema.getFixedSize() + " bytes, got "
          + bytes.length);
    }
    out.writeFixed(bytes, 0, bytes.length);
  }

  /** The bytes of a bytes value: a byte array itself, a fixed's bytes, a buffer's remaining bytes (copied). */
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

  public static int enumOrdinal(Schema schema, Object value) {
    return schema.getEnumOrdinal(value.toString());
  }

  public static Collection<?> collection(Object value) {
    return (Collection<?>) value;
  }

  /**
   * A map's entries in the order the generic path writes them: it writes the HashMap of string keys it built, so
   * several entries are put into an equal HashMap first; the values stay unconverted.
   */
  public static Map<?, ?> mapInWriteOrder(Object value) {
    Map<?, ?> map = (Map<?, ?>) value;
    int size = map.size();
    if (size == 0) {
      return map;
    }
    if (size == 1) {
      Object key = map.keySet().iterator().next();
      if (key instanceof String) {
        return map;
      }
    }
    HashMap<String, Object> ordered = new HashMap<>(size < 3 ? 4 : (int) (size / 0.75f) + 1);
    for (Map.Entry<?, ?> e : map.entrySet()) {
      if (e.getKey() == null) {
        throw nullMapKey();
      }
      ordered.put(e.getKey().toString(), e.getValue());
    }
    return ordered;
  }

  private static DataException nullMapKey() {
    return new DataException("Null key in a map whose Avro form is a map; set allow.optional.map.keys=false");
  }
}
