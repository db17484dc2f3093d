package dev.kavro.connect.runtime;

import dev.kavro.connect.data.AvroToConnectValue;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.io.Encoder;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Leaf operations of the write interpreter ({@code ConnectWriteInterpreter}), with the generic path's semantics (convert to Avro generic data as
 * Confluent's AvroData does, then write it with Avro's generic writer): the same casts, checks and byte order.
 * Stateless.
 */
public final class ConnectWriteSupport {
  private static final long MILLIS_PER_DAY = 24 * 60 * 60 * 1000L;

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

  /**
   * {@code Date.fromLogical} without the Calendar it builds for every value, a large share of writing a record with a
   * date: in UTC the time fields are all zero exactly when the millis are a whole number of days. Same results, same
   * failures.
   */
  public static int date(org.apache.kafka.connect.data.Schema connect, Object value) {
    if (!Date.LOGICAL_NAME.equals(connect.name())) {
      return Date.fromLogical(connect, (java.util.Date) value);
    }
    long millis = ((java.util.Date) value).getTime();
    if (Math.floorMod(millis, MILLIS_PER_DAY) != 0) {
      throw new DataException("Kafka Connect Date type should not have any time fields set to non-zero values.");
    }
    return (int) (millis / MILLIS_PER_DAY);
  }

  public static int timeMillis(org.apache.kafka.connect.data.Schema connect, Object value) {
    return time(connect, value);
  }

  public static long timeMicros(org.apache.kafka.connect.data.Schema connect, Object value) {
    return time(connect, value) * 1000L;
  }

  /** {@code Time.fromLogical} without its Calendar, whose UTC millis are the Date's own. */
  private static int time(org.apache.kafka.connect.data.Schema connect, Object value) {
    if (!Time.LOGICAL_NAME.equals(connect.name())) {
      return Time.fromLogical(connect, (java.util.Date) value);
    }
    long millis = ((java.util.Date) value).getTime();
    if (millis < 0 || millis > MILLIS_PER_DAY) {
      throw new DataException("Kafka Connect Time type should not have any date fields set to non-zero values.");
    }
    return (int) millis;
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

  /**
   * A decimal's unscaled bytes for an Avro fixed of {@code size}: sign-extended to the size (Confluent writes the
   * shorter array and fails in Avro's writer; Kavro writes the same number, valid Avro).
   *
   * @throws DataException if the number needs more bytes than the fixed holds
   */
  public static byte[] fixedDecimal(org.apache.kafka.connect.data.Schema connect, Object value, int size) {
    byte[] bytes = decimal(connect, value);
    if (bytes.length >= size) {
      return bytes;
    }
    byte[] padded = new byte[size];
    java.util.Arrays.fill(padded, 0, size - bytes.length, bytes.length > 0 && bytes[0] < 0 ? (byte) -1 : 0);
    System.arraycopy(bytes, 0, padded, size - bytes.length, bytes.length);
    return padded;
  }

  /** Writes a Connect bytes value (ByteBuffer, byte[] or Avro fixed) as Avro bytes. */
  public static void writeBytes(Object value, Encoder out) throws IOException {
    if (value instanceof ByteBuffer buffer) {
      out.writeBytes(buffer);
    } else {
      out.writeBytes(ByteBuffer.wrap(AvroToConnectValue.bytesOf(value)));
    }
  }

  /** Writes a bytes value as an Avro fixed of {@code schema}: a heap buffer's bytes without a copy. */
  public static void writeFixed(Object value, Schema schema, Encoder out) throws IOException {
    if (value instanceof ByteBuffer buffer && buffer.hasArray()) {
      if (buffer.remaining() != schema.getFixedSize()) {
        throw fixedSize(schema, buffer.remaining());
      }
      out.writeFixed(buffer.array(), buffer.arrayOffset() + buffer.position(), buffer.remaining());
    } else {
      writeFixed(AvroToConnectValue.bytesOf(value), schema, out);
    }
  }

  private static DataException fixedSize(Schema schema, int size) {
    return new DataException("Fixed " + schema.getFullName() + " needs " + schema.getFixedSize() + " bytes, got "
        + size);
  }

  /** Writes {@code bytes} as an Avro fixed of {@code schema}, after the generic path's size check. */
  public static void writeFixed(byte[] bytes, Schema schema, Encoder out) throws IOException {
    if (bytes.length != schema.getFixedSize()) {
      throw fixedSize(schema, bytes.length);
    }
    out.writeFixed(bytes, 0, bytes.length);
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
    // Default capacity, as Confluent's HashMap: the capacity decides the iteration order, so the bytes match.
    HashMap<String, Object> ordered = new HashMap<>();
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
