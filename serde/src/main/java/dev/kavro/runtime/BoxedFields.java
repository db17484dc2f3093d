package dev.kavro.runtime;

import java.nio.ByteBuffer;
import org.apache.avro.generic.GenericFixed;

/**
 * Writes a record's fields of boxed plain values (a Kafka Connect struct's values, say) in one loop over a
 * {@link ScalarCode} per field, with the encoder's array and position held in locals for the whole record. The codes
 * it takes, and the classes of their values: {@code STRING} a {@code String}, as
 * {@link ByteArrayEncoder#writeString(String)}; {@code INT} an {@code Integer}; {@code NUMBER_AS_INT} any
 * {@code Number}; {@code LONG}, {@code FLOAT}, {@code DOUBLE}, {@code BOOLEAN} their boxes; {@code BYTES} a
 * {@code ByteBuffer} (position to limit, the buffer not moved), a {@code byte[]} or a fixed.
 *
 * <p>Why: the same loop calling {@link ByteArrayEncoder}'s write methods stores the position back to the encoder and
 * loads it again for every field, and checks the array's room in each call; here one position stays in a register
 * across the fields and each write checks the room it needs once. A heap buffer's bytes are copied here too, rather
 * than through the encoder's generic path, as Connect hands bytes over in heap buffers. The bytes are exactly the
 * write methods'.
 *
 * <p>Stateless and thread-safe; the encoder is not.
 */
public final class BoxedFields {
  private BoxedFields() {}

  /**
   * Writes {@code values[i]} as {@code kinds[i]} (a {@link ScalarCode} this class takes), in order; a null value is
   * replaced by {@code defaults[i]}.
   *
   * @return -1 when every field was written, else the index of the first field whose value and default are both
   *     null (the fields before it are written, the caller fails the record)
   * @throws ClassCastException if a value is not of its kind's class
   * @throws IllegalArgumentException if a kind is not a code this class takes
   * @throws org.apache.avro.AvroRuntimeException if the encoding outgrows the largest array
   */
  public static int write(ByteArrayEncoder out, byte[] kinds, Object[] values, Object[] defaults) {
    byte[] b = out.array();
    int p = out.size();
    for (int i = 0; i < kinds.length; i++) {
      Object v = values[i];
      if (v == null && (v = defaults[i]) == null) {
        out.position(p);
        return i;
      }
      switch (kinds[i]) {
        case ScalarCode.STRING -> {
          // Strings keep the encoder's own code (its char loop and UTF-8 rules): position in, position out.
          out.position(p);
          out.writeString((String) v);
          b = out.array();
          p = out.size();
        }
        case ScalarCode.INT, ScalarCode.NUMBER_AS_INT -> {
          int n = kinds[i] == ScalarCode.INT ? (Integer) v : ((Number) v).intValue();
          if (b.length - p < 5) {
            b = out.room(p, 5);
          }
          p = ByteArrayEncoder.putVarInt(b, p, n);
        }
        case ScalarCode.LONG -> {
          if (b.length - p < 10) {
            b = out.room(p, 10);
          }
          p = ByteArrayEncoder.putVarLong(b, p, (Long) v);
        }
        case ScalarCode.FLOAT -> {
          if (b.length - p < 4) {
            b = out.room(p, 4);
          }
          LittleEndian.INT.set(b, p, Float.floatToRawIntBits((Float) v));
          p += 4;
        }
        case ScalarCode.DOUBLE -> {
          if (b.length - p < 8) {
            b = out.room(p, 8);
          }
          LittleEndian.LONG.set(b, p, Double.doubleToRawLongBits((Double) v));
          p += 8;
        }
        case ScalarCode.BOOLEAN -> {
          if (b.length - p < 1) {
            b = out.room(p, 1);
          }
          b[p++] = (byte) ((Boolean) v ? 1 : 0);
        }
        case ScalarCode.BYTES -> {
          if (v instanceof ByteBuffer buffer && buffer.hasArray()) { // what Connect's converters hand over
            int len = buffer.remaining();
            if (len > b.length - p - 5) {
              b = out.room(p, len + 5);
            }
            p = ByteArrayEncoder.putVarInt(b, p, len);
            System.arraycopy(buffer.array(), buffer.arrayOffset() + buffer.position(), b, p, len);
            p += len;
          } else {
            out.position(p);
            writeBytes(v, out);
            b = out.array();
            p = out.size();
          }
        }
        default -> throw new IllegalArgumentException("Not a field kind: " + kinds[i]);
      }
    }
    out.position(p);
    return -1;
  }

  /** Bytes other than a heap buffer's: a direct or read-only buffer, an array, a fixed. */
  private static void writeBytes(Object v, ByteArrayEncoder out) {
    if (v instanceof byte[] bytes) {
      out.writeBytes(bytes, 0, bytes.length);
    } else if (v instanceof GenericFixed fixed) {
      out.writeBytes(fixed.bytes(), 0, fixed.bytes().length);
    } else {
      out.writeBytes((ByteBuffer) v);
    }
  }
}
