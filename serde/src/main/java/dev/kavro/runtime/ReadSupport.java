package dev.kavro.runtime;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Conversion;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericArray;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.util.Utf8;

/**
 * Leaf operations of a read, with the semantics of Avro's fast reader: what is reused, what type comes back, and
 * which limits guard allocations. Stateless and thread-safe.
 */
public final class ReadSupport {
  private ReadSupport() {}

  public static Object readNull(Decoder in) throws IOException {
    in.readNull();
    return null;
  }

  public static Utf8 readUtf8(Decoder in, Object old) throws IOException {
    return in.readString(old instanceof Utf8 ? (Utf8) old : null);
  }

  public static ByteBuffer readBytes(Decoder in, Object old) throws IOException {
    return in.readBytes(old instanceof ByteBuffer ? (ByteBuffer) old : null);
  }

  public static Object readFixed(GenericData data, Object old, Schema schema, Decoder in) throws IOException {
    requireBytes(in, schema.getFixedSize());
    GenericFixed fixed = (GenericFixed) data.createFixed(old, schema);
    in.readFixed(fixed.bytes(), 0, schema.getFixedSize());
    return fixed;
  }

  public static ByteBuffer stringToBytes(Decoder in) throws IOException {
    return ByteBuffer.wrap(in.readString(null).getBytes());
  }

  public static Utf8 bytesToUtf8(Decoder in, Object old) throws IOException {
    Utf8 value = new Utf8(in.readBytes(null).array());
    return old instanceof Utf8 ? ((Utf8) old).set(value) : value;
  }

  public static String bytesToString(Decoder in) throws IOException {
    ByteBuffer bytes = in.readBytes(null);
    return new String(bytes.array(), bytes.position(), bytes.remaining(), StandardCharsets.UTF_8);
  }

  /** The reader value for a writer enum ordinal; {@code values} comes from the plan. */
  public static Object enumValue(Object[] values, int ordinal, Schema writer) {
    if (ordinal < 0 || ordinal >= values.length) {
      throw new AvroTypeException(
          "Enumeration out of range: must be in [0, " + values.length + "), but received " + ordinal);
    }
    Object value = values[ordinal];
    if (value == null) {
      throw new AvroTypeException("No match for " + writer.getEnumSymbols().get(ordinal));
    }
    return value;
  }

  public static AvroTypeException badUnionIndex(int index, int branches) {
    return new AvroTypeException(
        "Union branch index out of range: must be in [0, " + branches + "), but received " + index);
  }

  /**
   * Reads the branch index of a two-branch union of null and one value type.
   *
   * @return true for the value branch, false for the null branch (whose null is consumed)
   * @throws AvroTypeException for any other index
   */
  public static boolean isValueBranch(Decoder in, int valueBranch) throws IOException {
    int index = in.readIndex();
    if (index == valueBranch) {
      return true;
    }
    if (index == 1 - valueBranch) {
      in.readNull();
      return false;
    }
    throw badUnionIndex(index, 2);
  }

  /** Fails a read that reached an unresolvable part of the plan. Declared to return so it fits in expressions. */
  public static Object fail(String message) {
    throw new AvroTypeException(message);
  }

  public static Object convert(Object raw, Schema schema, Conversion<?> conversion) {
    return Conversions.convertToLogicalType(raw, schema, schema.getLogicalType(), conversion);
  }

  /** A generic record, reusing {@code old} when it was made for this very schema, as {@code GenericData} does. */
  public static GenericData.Record newGenericRecord(Object old, Schema schema) {
    if (old instanceof GenericData.Record && ((GenericData.Record) old).getSchema() == schema) {
      return (GenericData.Record) old;
    }
    return new GenericData.Record(schema);
  }

  /** An array to fill: {@code old} cleared when it is a list, else a new one sized for the first block. */
  @SuppressWarnings("unchecked")
  public static List<Object> newArray(Object old, long firstBlock, Schema schema) {
    if (old instanceof List) {
      List<Object> list = (List<Object>) old;
      list.clear();
      return list;
    }
    return new GenericData.Array<>(AvroInternals.initialCollectionCapacity(firstBlock), schema);
  }

  /** The element to reuse next, for arrays that keep their old elements. */
  public static Object peek(List<?> array) {
    return array instanceof GenericArray ? ((GenericArray<?>) array).peek() : null;
  }

  /**
   * Rejects an array block that claims more elements than the remaining bytes can hold, before anything is
   * allocated; elements that can take zero bytes are bounded by Avro's allocation cap and by Kavro's cap on such
   * elements per datum ({@link ZeroByteItems}). Otherwise the same checks and messages as Avro's readers.
   */
  public static void checkArrayBlock(Decoder in, long count, int minElementBytes) throws IOException {
    if (count <= 0) {
      return;
    }
    if (minElementBytes == 0) {
      AvroInternals.checkMaxCollectionAllocation(count);
      ZeroByteItems.add(in, count);
      return;
    }
    int remaining = AvroInternals.remainingBytes(in);
    if (remaining >= 0 && count * minElementBytes > remaining) {
      throw new EOFException("Collection claims " + count + " elements with at least " + minElementBytes
          + " bytes each, but only " + remaining + " bytes are available");
    }
  }

  /**
   * The fewest bytes one value of {@code schema} takes on the wire, as Avro's {@code GenericDatumReader} computes it
   * for its collection-size guard. Plans compute it once; Avro recomputes it for every array block.
   */
  public static int minimumBytes(Schema schema) {
    return minimumBytes(schema, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static int minimumBytes(Schema schema, Set<Schema> visiting) {
    return switch (schema.getType()) {
      case NULL -> 0;
      case FIXED -> schema.getFixedSize();
      case FLOAT -> 4;
      case DOUBLE -> 8;
      case RECORD -> {
        if (!visiting.add(schema)) {
          yield 0; // a recursive record: break the cycle as Avro does
        }
        long sum = 0;
        for (Schema.Field field : schema.getFields()) {
          sum = Math.min(Integer.MAX_VALUE, sum + minimumBytes(field.schema(), visiting));
        }
        visiting.remove(schema);
        yield (int) sum;
      }
      default -> 1; // a union's branch index, and every other type, take at least one byte
    };
  }

  /**
   * Fails before allocating {@code length} bytes for a value the input cannot hold (a fixed size comes from the
   * schema, not the payload), when the decoder knows how many bytes remain.
   */
  public static void requireBytes(Decoder in, int length) throws IOException {
    int remaining = AvroInternals.remainingBytes(in);
    if (remaining >= 0 && length > remaining) {
      throw new EOFException("Attempted to read " + length + " bytes, but only " + remaining + " bytes are available");
    }
  }

  /** Rejects a map block that claims more entries than remaining bytes (every key takes at least one byte). */
  public static void checkMapBlock(Decoder in, long count) throws IOException {
    int remaining = AvroInternals.remainingBytes(in);
    if (count > 0 && remaining >= 0 && count > remaining) {
      throw new EOFException("Map claims " + count + " entries, but only " + remaining + " bytes are available");
    }
  }

  /** Starts reading one datum of a recursive schema: forgets levels a failed read left open. */
  public static void startCountedRead(Decoder in) {
    NestingLimit.startStreamRead(in);
  }

  /** Opens a record or array of a recursive schema (see {@link NestingLimit}). */
  public static void enterLevel(Decoder in) {
    NestingLimit.enter(in);
  }

  /** Closes a level opened by {@link #enterLevel}. */
  public static void exitLevel(Decoder in) {
    NestingLimit.exit(in);
  }

  public static void beginZeroByteArray() {
    AvroInternals.beginCollectionAllocationScope();
  }

  public static void endZeroByteArray() {
    AvroInternals.endCollectionAllocationScope();
  }

  public static void skip(Schema writer, Decoder in) throws IOException {
    GenericDatumReader.skip(writer, in);
  }

  public static Utf8 utf8Default(Object old, Utf8 value) {
    if (old instanceof Utf8) {
      return ((Utf8) old).set(value);
    }
    return new Utf8(value);
  }

  public static Object emptyArrayDefault(GenericData data, Object old, Schema arraySchema) {
    return data.newArray(old, 0, arraySchema);
  }

  public static Object emptyMapDefault(GenericData data, Object old) {
    return data.newMap(old, 0);
  }

  /** A decoder over a default value's pre-encoded bytes; defaults are decoded afresh so none is shared. */
  public static BinaryDecoder defaultDecoder(byte[] encoded) {
    return DecoderFactory.get().binaryDecoder(encoded, null);
  }
}
