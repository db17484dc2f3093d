package dev.kavro.runtime;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.io.Encoder;
import org.apache.avro.util.Utf8;

/**
 * An Avro binary encoder that writes into a growable byte array, for records that end up as one array, as a Kafka
 * record does.
 *
 * <p>Avro's {@code BinaryEncoder} is built for streams: it buffers, checks its buffer on every call and flushes into an
 * {@code OutputStream}, which then copies again. Here a write checks one bound and stores, and the result is taken
 * with one copy ({@link #toByteArray}) or read in place ({@link #array}, {@link #size}). The bytes are exactly those
 * {@code BinaryEncoder} writes for the same calls, including its block framing of arrays and maps (item count, items,
 * a zero) and its UTF-8 encoding of Java strings (unpaired surrogates become {@code '?'}).
 *
 * <p>Not thread-safe: one instance per thread, emptied with {@link #reset} for the next datum. {@link #flush} does
 * nothing: nothing is ever pending.
 */
public final class ByteArrayEncoder extends Encoder {
  /** The largest array the JVM reliably allocates. */
  private static final int MAX_SIZE = Integer.MAX_VALUE - 8;

  private byte[] buf;
  private int pos;

  /** An empty encoder with a small initial capacity. */
  public ByteArrayEncoder() {
    this(256);
  }

  /** An empty encoder whose array first holds {@code initialCapacity} bytes; it grows as needed. */
  public ByteArrayEncoder(int initialCapacity) {
    if (initialCapacity < 0) {
      throw new IllegalArgumentException("Negative capacity " + initialCapacity);
    }
    this.buf = new byte[initialCapacity];
  }

  /** Forgets everything written; the array is kept for the next datum. */
  public ByteArrayEncoder reset() {
    pos = 0;
    return this;
  }

  /**
   * Forgets everything written and leaves the first {@code reservedPrefix} bytes of {@link #array} for the caller to
   * fill (a framing header, say); the encoding starts after them and {@link #size} counts them.
   */
  public ByteArrayEncoder reset(int reservedPrefix) {
    if (reservedPrefix < 0 || reservedPrefix > MAX_SIZE) {
      throw new IllegalArgumentException("Invalid prefix length " + reservedPrefix);
    }
    pos = 0;
    ensure(reservedPrefix);
    pos = reservedPrefix;
    return this;
  }

  /**
   * Drops a backing array that grew past {@code retainedCapacity}, so that one huge datum does not pin that much
   * memory in an encoder reused per thread. Forgets what was written.
   */
  public ByteArrayEncoder shrink(int retainedCapacity) {
    if (buf.length > retainedCapacity) {
      buf = new byte[256];
    }
    pos = 0;
    return this;
  }

  /** The number of bytes written (a reserved prefix included). */
  public int size() {
    return pos;
  }

  /** The current capacity of the backing array. */
  public int capacity() {
    return buf.length;
  }

  /**
   * The backing array, valid up to {@link #size}; the same array until the next write that needs to grow it. Writing
   * into it overwrites what was encoded.
   */
  public byte[] array() {
    return buf;
  }

  /** A copy of the bytes written. */
  public byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  @Override
  public void flush() {
  }

  /** For {@link BoxedFields}, which writes into {@link #array} from a position of its own: sets the size. */
  void position(int p) {
    pos = p;
  }

  /** For {@link BoxedFields}: sets the size to {@code p}, makes room for {@code more} bytes, answers the array. */
  byte[] room(int p, int more) {
    pos = p;
    ensure(more);
    return buf;
  }

  @Override
  public void writeNull() {
  }

  @Override
  public void writeBoolean(boolean b) {
    ensure(1);
    buf[pos++] = (byte) (b ? 1 : 0);
  }

  @Override
  public void writeInt(int n) {
    ensure(5);
    pos = putVarInt(buf, pos, n);
  }

  /** Stores {@code n} zig-zag varint encoded at {@code p}, which has room for five bytes; answers the next position. */
  static int putVarInt(byte[] b, int p, int n) {
    int v = (n << 1) ^ (n >> 31);
    while ((v & ~0x7F) != 0) {
      b[p++] = (byte) (v | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    return p;
  }

  @Override
  public void writeLong(long n) {
    ensure(10);
    pos = putVarLong(buf, pos, n);
  }

  /** Stores {@code n} zig-zag varint encoded at {@code p}, which has room for ten bytes; answers the next position. */
  static int putVarLong(byte[] b, int p, long n) {
    long v = (n << 1) ^ (n >> 63);
    while ((v & ~0x7FL) != 0) {
      b[p++] = (byte) (v | 0x80);
      v >>>= 7;
    }
    b[p++] = (byte) v;
    return p;
  }

  @Override
  public void writeFloat(float f) {
    ensure(4);
    LittleEndian.INT.set(buf, pos, Float.floatToRawIntBits(f));
    pos += 4;
  }

  @Override
  public void writeDouble(double d) {
    ensure(8);
    LittleEndian.LONG.set(buf, pos, Double.doubleToRawLongBits(d));
    pos += 8;
  }

  /** The bytes of {@code utf8}, length first. */
  @Override
  public void writeString(Utf8 utf8) {
    writeLengthAndBytes(utf8.getBytes(), utf8.getByteLength());
  }

  /** The first {@code len} bytes of {@code bytes}, length first: one bound check for both, then one copy. */
  private void writeLengthAndBytes(byte[] bytes, int len) {
    ensure(len + 5);
    int p = putVarInt(buf, pos, len);
    System.arraycopy(bytes, 0, buf, p, len);
    pos = p + len;
  }

  /** Whether the first {@code len} bytes are all below 0x80: eight at a time, then the tail. */
  static boolean isAscii(byte[] bytes, int len) {
    int i = 0;
    long any = 0;
    for (; i + 8 <= len; i += 8) {
      any |= (long) LittleEndian.LONG.get(bytes, i);
    }
    for (; i < len; i++) {
      any |= bytes[i];
    }
    return (any & 0x8080808080808080L) == 0;
  }

  /**
   * Writes the string's UTF-8 bytes, length first, exactly as {@code BinaryEncoder} does ({@code getBytes(UTF_8)}:
   * unpaired surrogates become {@code '?'}). A string of up to {@value #CHAR_LOOP_MAX} chars is encoded char by char
   * straight into the array (one pass, no temporary array); a longer one through {@code String.getBytes(UTF_8)}, whose
   * intrinsic copies an ASCII string in bulk. Why the split: the char loop saves the temporary array and its copy,
   * which is what short strings cost, while past a couple of dozen chars the intrinsic's bulk copy of an ASCII string
   * outruns any loop over chars.
   */
  @Override
  public void writeString(String string) {
    int chars = string.length();
    if (chars > CHAR_LOOP_MAX) {
      byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
      writeLengthAndBytes(utf8, utf8.length);
      return;
    }
    // At most 3 bytes per char (a surrogate pair: 4 for 2), after a length of at most 2 bytes.
    ensure(2 + 3 * chars);
    byte[] b = buf;
    int start = pos + 1;
    int i = 0;
    for (; i < chars; i++) { // the ASCII run, small enough to inline at every string field
      char c = string.charAt(i);
      if (c >= 0x80) {
        break;
      }
      b[start + i] = (byte) c;
    }
    if (i == chars) {
      b[pos] = (byte) (chars << 1); // zig-zag 2 * length, one varint byte as chars <= CHAR_LOOP_MAX < 64
      pos = start + chars;
    } else {
      writeMultiByteTail(string, i, chars, start);
    }
  }

  /** The rest of {@link #writeString(String)} from the first non-ASCII char {@code i}, and the length before it all. */
  private void writeMultiByteTail(String string, int i, int chars, int start) {
    int end = putUtf8(string, i, chars, buf, start + i);
    int len = end - start;
    if (len < 64) { // zig-zag 2 * len fits one varint byte
      buf[pos] = (byte) (len << 1);
      pos = end;
    } else { // move the bytes one further for a two-byte length
      System.arraycopy(buf, start, buf, start + 1, len);
      pos = putVarInt(buf, pos, len) + len;
    }
  }

  /** Strings up to this many chars are encoded char by char; see {@link #writeString(String)}. */
  static final int CHAR_LOOP_MAX = 24;

  /** Stores the UTF-8 encoding of the string's chars {@code from} to {@code chars} at {@code p}; answers the end. */
  private static int putUtf8(String s, int from, int chars, byte[] b, int p) {
    for (int i = from; i < chars; i++) {
      char c = s.charAt(i);
      if (c < 0x80) {
        b[p++] = (byte) c;
      } else if (c < 0x800) {
        b[p++] = (byte) (0xC0 | (c >> 6));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (!Character.isSurrogate(c)) {
        b[p++] = (byte) (0xE0 | (c >> 12));
        b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      } else if (Character.isHighSurrogate(c) && i + 1 < chars && Character.isLowSurrogate(s.charAt(i + 1))) {
        int cp = Character.toCodePoint(c, s.charAt(++i));
        b[p++] = (byte) (0xF0 | (cp >> 18));
        b[p++] = (byte) (0x80 | ((cp >> 12) & 0x3F));
        b[p++] = (byte) (0x80 | ((cp >> 6) & 0x3F));
        b[p++] = (byte) (0x80 | (cp & 0x3F));
      } else {
        b[p++] = '?'; // an unpaired surrogate, as String.getBytes(UTF_8) replaces it
      }
    }
    return p;
  }

  /** As {@code Encoder.writeString(CharSequence)}: a {@code Utf8} as its bytes, anything else as its string. */
  @Override
  public void writeString(CharSequence charSequence) {
    if (charSequence instanceof String string) {
      writeString(string);
    } else if (charSequence instanceof Utf8 utf8) {
      writeString(utf8);
    } else {
      writeString(charSequence.toString());
    }
  }

  /** Writes the bytes from {@code position} to {@code limit}, length first; the buffer itself is not moved. */
  @Override
  public void writeBytes(ByteBuffer bytes) {
    int length = bytes.limit() - bytes.position();
    if (length == 0) {
      writeZero();
    } else {
      writeInt(length);
      writeFixed(bytes);
    }
  }

  @Override
  public void writeBytes(byte[] bytes, int start, int len) {
    if (len == 0) {
      writeZero();
      return;
    }
    writeInt(len);
    writeFixed(bytes, start, len);
  }

  @Override
  public void writeFixed(byte[] bytes, int start, int len) {
    ensure(len);
    System.arraycopy(bytes, start, buf, pos, len);
    pos += len;
  }

  /** Writes the bytes from {@code position} to {@code limit}; the buffer itself is not moved. */
  @Override
  public void writeFixed(ByteBuffer bytes) {
    int start = bytes.position();
    int len = bytes.limit() - start;
    ensure(len);
    if (bytes.hasArray()) { // a heap buffer: its array copied straight, without get()'s generic copy path
      System.arraycopy(bytes.array(), bytes.arrayOffset() + start, buf, pos, len);
    } else {
      bytes.get(start, buf, pos, len);
    }
    pos += len;
  }

  @Override
  public void writeEnum(int e) {
    writeInt(e);
  }

  @Override
  public void writeArrayStart() {
  }

  /** Writes the block count; an empty collection writes none, only the terminating zero of its end. */
  @Override
  public void setItemCount(long itemCount) {
    if (itemCount > 0) {
      writeLong(itemCount);
    }
  }

  @Override
  public void startItem() {
  }

  @Override
  public void writeArrayEnd() {
    writeZero();
  }

  @Override
  public void writeMapStart() {
  }

  @Override
  public void writeMapEnd() {
    writeZero();
  }

  @Override
  public void writeIndex(int unionIndex) {
    writeInt(unionIndex);
  }

  private void writeZero() {
    ensure(1);
    buf[pos++] = 0;
  }

  private void ensure(int more) {
    if (more > buf.length - pos) {
      grow(more);
    }
  }

  private void grow(int more) {
    long needed = (long) pos + more;
    if (more < 0 || needed > MAX_SIZE) {
      throw new AvroRuntimeException("Encoded datum larger than " + MAX_SIZE + " bytes: " + pos + " written, "
          + more + " more");
    }
    long doubled = Math.max((long) buf.length << 1, 16);
    buf = Arrays.copyOf(buf, (int) Math.min(MAX_SIZE, Math.max(needed, doubled)));
  }
}
