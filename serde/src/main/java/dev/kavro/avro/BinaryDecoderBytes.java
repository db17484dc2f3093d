package dev.kavro.avro;

import dev.kavro.runtime.ByteArrayDecoder;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.Decoder;

/**
 * Reads over Avro's own {@link BinaryDecoder} at the speed of Kavro's {@link ByteArrayDecoder}, when the decoder
 * reads from a byte array ({@code DecoderFactory.binaryDecoder(byte[], ...)}, which is also what
 * {@code DataFileStream} uses for every block): then all of its remaining input sits in its buffer, between its
 * position and its limit, and Kavro can read those bytes directly and move the decoder's position past the datum.
 *
 * <p>Why: every read through the {@code Decoder} API is a virtual call into {@code BinaryDecoder}, whose own varint and
 * string code then does the work; on records of many strings, profiles showed most of the time inside
 * {@code BinaryDecoder}, so compiled code could not do better than Avro's FastReaderBuilder there (figures in
 * {@code bench/results/design-measurements.md}).
 *
 * <p>Reaches three private fields of {@code BinaryDecoder} (the same names in Avro 1.11.4 to 1.12.2). Where they cannot
 * be reached (another Avro, a module that does not open them), or for any other decoder (one over an
 * {@code InputStream}, whose input goes beyond its buffer; a {@code DirectBinaryDecoder}; a subclass), reads go through
 * the {@code Decoder} API as before. Thread-safe: the decoder itself is not.
 */
final class BinaryDecoderBytes {
  private static final VarHandle SOURCE;
  private static final VarHandle BUF;
  private static final VarHandle POS;
  private static final VarHandle LIMIT;
  private static final Class<?> ARRAY_SOURCE;

  static {
    VarHandle source = null;
    VarHandle buf = null;
    VarHandle pos = null;
    VarHandle limit = null;
    Class<?> arraySource = null;
    try {
      MethodHandles.Lookup lookup = MethodHandles.privateLookupIn(BinaryDecoder.class, MethodHandles.lookup());
      Class<?> byteSource = Class.forName("org.apache.avro.io.BinaryDecoder$ByteSource", false,
          BinaryDecoder.class.getClassLoader());
      arraySource = Class.forName("org.apache.avro.io.BinaryDecoder$ByteArrayByteSource", false,
          BinaryDecoder.class.getClassLoader());
      source = lookup.findVarHandle(BinaryDecoder.class, "source", byteSource);
      buf = lookup.findVarHandle(BinaryDecoder.class, "buf", byte[].class);
      pos = lookup.findVarHandle(BinaryDecoder.class, "pos", int.class);
      limit = lookup.findVarHandle(BinaryDecoder.class, "limit", int.class);
    } catch (ReflectiveOperationException | RuntimeException e) {
      source = null; // another Avro or a closed module: the Decoder API serves
    }
    SOURCE = source;
    BUF = buf;
    POS = pos;
    LIMIT = limit;
    ARRAY_SOURCE = arraySource;
  }

  private BinaryDecoderBytes() {}

  /**
   * {@code target} wrapped around the rest of {@code in}'s input, or {@code null} when {@code in} is not a
   * {@code BinaryDecoder} over a byte array. After reading from {@code target}, {@link #advance} {@code in}.
   */
  static ByteArrayDecoder wrap(Decoder in, ByteArrayDecoder target) {
    if (SOURCE == null || in.getClass() != BinaryDecoder.class) {
      return null;
    }
    Object source = SOURCE.get(in);
    if (source == null || source.getClass() != ARRAY_SOURCE) {
      return null;
    }
    int pos = (int) POS.get(in);
    return target.wrap((byte[]) BUF.get(in), pos, (int) LIMIT.get(in) - pos);
  }

  /** Moves {@code in} to {@code position} of its buffer: past what was read through {@link #wrap}. */
  static void advance(Decoder in, int position) {
    POS.set(in, position);
  }
}
