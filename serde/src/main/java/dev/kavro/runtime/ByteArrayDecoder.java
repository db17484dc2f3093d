package dev.kavro.runtime;

import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.InvalidNumberEncodingException;
import org.apache.avro.SystemLimitException;
import org.apache.avro.io.Decoder;
import org.apache.avro.util.Utf8;

/**
 * An Avro binary decoder over a byte-array slice that is already complete in memory, as a Kafka record is.
 *
 * <p>Avro's {@code BinaryDecoder} is built for streams: every read first makes sure its buffer holds enough bytes,
 * and asks its source how many remain. Here everything is in the array, so a read checks one bound and moves on.
 * Results, reuse rules, limits ({@code SystemLimitException}) and failures ({@code EOFException},
 * {@code InvalidNumberEncodingException}) are those of {@code BinaryDecoder}, so every reader gives equal results over
 * either.
 *
 * <p>Not thread-safe: one instance per thread, re-aimed with {@link #wrap}.
 */
public final class ByteArrayDecoder extends Decoder {
  private static final long CONTINUATION_BITS = 0x8080808080808080L;
  /** The continuation bits of an int's at most five bytes. */
  private static final long INT_CONTINUATION_BITS = 0x0000008080808080L;

  private byte[] buf;
  private int pos;
  private int limit;
  private long collectionCount;
  /** Open levels of a recursive schema's datum (see {@link NestingLimit}). */
  private int depth;
  /** The deepest level opened since the last {@link #wrap}. */
  private int deepest;
  /** Array elements that take no bytes, read since the last {@link #wrap} (see {@link ZeroByteItems}). */
  private long zeroByteItems;
  /**
   * The longest string length that passed Avro's string limit since the last {@link #wrap}: a shorter one passes too,
   * so {@link #stringLength} skips the check for it (a call per string otherwise, as C2 never inlines a method of an
   * exception class such as {@code SystemLimitException}). Reset per wrap, so a limit changed between reads still holds.
   */
  private long passedStringLength;

  public ByteArrayDecoder() {
    this(new byte[0], 0, 0);
  }

  public ByteArrayDecoder(byte[] bytes, int offset, int length) {
    wrap(bytes, offset, length);
  }

  /** Re-aims this decoder at {@code length} bytes of {@code bytes} from {@code offset}. */
  public ByteArrayDecoder wrap(byte[] bytes, int offset, int length) {
    if (offset < 0 || length < 0 || offset + length > bytes.length) {
      throw new IndexOutOfBoundsException("offset " + offset + ", length " + length + ", array " + bytes.length);
    }
    this.buf = bytes;
    this.pos = offset;
    this.limit = offset + length;
    this.collectionCount = 0;
    this.depth = 0;
    this.deepest = 0;
    this.zeroByteItems = 0;
    this.passedStringLength = -1;
    return this;
  }

  /** The index of the next byte to read in the wrapped array. */
  public int position() {
    return pos;
  }

  /** Moves to {@code position} in the wrapped array, which must lie within the wrapped slice. */
  public void position(int position) {
    if (position < 0 || position > limit) {
      throw new IndexOutOfBoundsException("position " + position + ", limit " + limit);
    }
    this.pos = position;
  }

  /** A new decoder over the same bytes from {@code position} to this one's end. */
  public ByteArrayDecoder from(int position) {
    return new ByteArrayDecoder(buf, position, limit - position);
  }

  /** The deepest nesting of a recursive schema's datum read since the last {@link #wrap}. */
  public int deepestLevel() {
    return deepest;
  }

  void enterLevel() {
    if (++depth > NestingLimit.CALLER_DEPTH) {
      deepest = Math.max(deepest, depth);
      NestingLimit.beyondCallerDepth(depth);
    }
  }

  /** Counts {@code count} more zero-byte array elements of this datum against {@link ZeroByteItems#MAX_ITEMS}. */
  void addZeroByteItems(long count) {
    zeroByteItems += count;
    if (zeroByteItems > ZeroByteItems.MAX_ITEMS) {
      throw ZeroByteItems.tooMany(zeroByteItems);
    }
  }

  void exitLevel() {
    depth--;
  }

  /** Whether every byte has been read. */
  public boolean isEnd() {
    return pos >= limit;
  }

  @Override
  public int remainingBytes() {
    return limit - pos;
  }

  @Override
  public void readNull() {
  }

  @Override
  public boolean readBoolean() throws IOException {
    if (pos >= limit) {
      throw new EOFException();
    }
    return (buf[pos++] & 0xff) == 1;
  }

  @Override
  public int readInt() throws IOException {
    int p = pos;
    if (limit - p >= 8) {
      // A whole word is readable: no bound check per byte. One-byte values (|n| < 64) return at once.
      int b = buf[p];
      if (b >= 0) {
        pos = p + 1;
        return (b >>> 1) ^ -(b & 1);
      }
      long word = (long) LittleEndian.LONG.get(buf, p);
      long lastBytes = ~word & INT_CONTINUATION_BITS;
      if (lastBytes == 0) {
        throw new InvalidNumberEncodingException("Invalid int encoding");
      }
      int stopBit = Long.numberOfTrailingZeros(lastBytes);
      // Bits past the 32nd (a fifth byte's high bits) drop out of the int, as BinaryDecoder's shifts drop them.
      int value = (int) sevenBitGroupsThrough(word, stopBit);
      pos = p + bytesThrough(stopBit);
      return (value >>> 1) ^ -(value & 1);
    }
    return readIntNearEnd();
  }

  private int readIntNearEnd() throws IOException {
    int p = pos;
    int result = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      if (p >= limit) {
        throw new EOFException();
      }
      int b = buf[p++];
      result |= (b & 0x7f) << shift;
      if (b >= 0) {
        pos = p;
        return (result >>> 1) ^ -(result & 1);
      }
    }
    throw new InvalidNumberEncodingException("Invalid int encoding");
  }

  @Override
  public long readLong() throws IOException {
    int p = pos;
    if (limit - p >= 10) {
      // Enough bytes for any long: no bound check per byte. One-byte values (|n| < 64) return at once.
      long b = buf[p];
      if (b >= 0) {
        pos = p + 1;
        return (b >>> 1) ^ -(b & 1);
      }
      // Longer values: find the last byte of the first eight in one step instead of a branch per byte, which
      // mispredicts once per value when lengths vary (random longs).
      long word = (long) LittleEndian.LONG.get(buf, p);
      long lastBytes = ~word & CONTINUATION_BITS;
      if (lastBytes != 0) {
        int stopBit = Long.numberOfTrailingZeros(lastBytes);
        long value = sevenBitGroupsThrough(word, stopBit);
        pos = p + bytesThrough(stopBit);
        return (value >>> 1) ^ -(value & 1);
      }
      long value = sevenBitGroups(word);
      b = buf[p + 8];
      value |= (b & 0x7f) << 56;
      if (b >= 0) {
        pos = p + 9;
        return (value >>> 1) ^ -(value & 1);
      }
      b = buf[p + 9];
      value |= (b & 0x7f) << 63;
      if (b >= 0) {
        pos = p + 10;
        return (value >>> 1) ^ -(value & 1);
      }
      throw new InvalidNumberEncodingException("Invalid long encoding");
    }
    return readLongNearEnd();
  }

  /** {@link #sevenBitGroups} of the bytes of {@code word} up to the one whose (cleared) high bit is {@code stopBit}. */
  private static long sevenBitGroupsThrough(long word, int stopBit) {
    return sevenBitGroups(word & (-1L >>> (63 - stopBit)));
  }

  /** How many bytes a varint takes whose last byte's high bit is bit {@code stopBit} of the word. */
  private static int bytesThrough(int stopBit) {
    return (stopBit + 1) >>> 3;
  }

  /** The low seven bits of each of the eight bytes of {@code word}, packed into 56 bits, first byte lowest. */
  private static long sevenBitGroups(long word) {
    long x = (word & 0x007F007F007F007FL) | ((word & 0x7F007F007F007F00L) >>> 1);
    x = (x & 0x00003FFF00003FFFL) | ((x & 0x3FFF00003FFF0000L) >>> 2);
    return (x & 0x000000000FFFFFFFL) | ((x & 0x0FFFFFFF00000000L) >>> 4);
  }

  private long readLongNearEnd() throws IOException {
    int p = pos;
    long result = 0;
    for (int shift = 0; shift < 70; shift += 7) {
      if (p >= limit) {
        throw new EOFException();
      }
      int b = buf[p++];
      result |= (long) (b & 0x7f) << shift;
      if (b >= 0) {
        pos = p;
        return (result >>> 1) ^ -(result & 1);
      }
    }
    throw new InvalidNumberEncodingException("Invalid long encoding");
  }

  @Override
  public float readFloat() throws IOException {
    require(4);
    int bits = (int) LittleEndian.INT.get(buf, pos);
    pos += 4;
    return Float.intBitsToFloat(bits);
  }

  @Override
  public double readDouble() throws IOException {
    require(8);
    long bits = (long) LittleEndian.LONG.get(buf, pos);
    pos += 8;
    return Double.longBitsToDouble(bits);
  }

  @Override
  public Utf8 readString(Utf8 old) throws IOException {
    int length = stringLength();
    Utf8 result;
    if (old != null) {
      result = old;
      result.setByteLength(length);
      System.arraycopy(buf, pos, result.getBytes(), 0, length);
    } else {
      // copyOfRange allocates without zeroing first: the copy fills the whole array.
      result = new Utf8(Arrays.copyOfRange(buf, pos, pos + length));
    }
    pos += length;
    return result;
  }

  /** A string's length, checked as BinaryDecoder checks it: Avro's string limit first, then the input. */
  private int stringLength() throws IOException {
    long claimed = readLong();
    if (claimed > passedStringLength || claimed < 0) {
      passedStringLength = SystemLimitException.checkMaxStringLength(claimed);
    }
    int length = (int) claimed;
    require(length);
    return length;
  }

  @Override
  public String readString() throws IOException {
    int length = stringLength();
    String result = new String(buf, pos, length, StandardCharsets.UTF_8);
    pos += length;
    return result;
  }

  /**
   * A string's UTF-8 bytes in a new array, with {@link #readString()}'s checks and failures, for callers that keep
   * the bytes themselves (such as Flink's {@code StringData}) and need neither a {@code Utf8} nor a {@code String}.
   */
  public byte[] readStringBytes() throws IOException {
    int length = stringLength();
    byte[] bytes = Arrays.copyOfRange(buf, pos, pos + length);
    pos += length;
    return bytes;
  }

  /** A bytes value in a new array, with {@link #readBytes}'s checks and failures, for callers that want no buffer. */
  public byte[] readBytesArray() throws IOException {
    int length = SystemLimitException.checkMaxBytesLength(readLong());
    require(length);
    byte[] bytes = Arrays.copyOfRange(buf, pos, pos + length);
    pos += length;
    return bytes;
  }

  @Override
  public void skipString() throws IOException {
    skip(readLong());
  }

  @Override
  public ByteBuffer readBytes(ByteBuffer old) throws IOException {
    int length = SystemLimitException.checkMaxBytesLength(readLong());
    require(length);
    ByteBuffer result;
    if (old != null && length <= old.capacity()) {
      result = old;
      result.clear();
    } else {
      result = ByteBuffer.allocate(length);
    }
    System.arraycopy(buf, pos, result.array(), result.arrayOffset() + result.position(), length);
    pos += length;
    result.limit(length);
    return result;
  }

  @Override
  public void skipBytes() throws IOException {
    skip(readLong());
  }

  @Override
  public void readFixed(byte[] bytes, int start, int length) throws IOException {
    if (length < 0) {
      throw new AvroRuntimeException("Malformed data. Length is negative: " + length);
    }
    require(length);
    System.arraycopy(buf, pos, bytes, start, length);
    pos += length;
  }

  @Override
  public void skipFixed(int length) throws IOException {
    skip(length);
  }

  @Override
  public int readEnum() throws IOException {
    return readInt();
  }

  @Override
  public long readArrayStart() throws IOException {
    collectionCount = AvroInternals.checkMaxCollectionLength(readItemCount());
    return collectionCount;
  }

  @Override
  public long arrayNext() throws IOException {
    long length = readItemCount();
    collectionCount = SystemLimitException.checkMaxCollectionLength(collectionCount, length);
    return length;
  }

  @Override
  public long skipArray() throws IOException {
    return AvroInternals.checkMaxCollectionLength(skipItems());
  }

  @Override
  public long readMapStart() throws IOException {
    return readArrayStart();
  }

  @Override
  public long mapNext() throws IOException {
    return arrayNext();
  }

  @Override
  public long skipMap() throws IOException {
    return skipArray();
  }

  @Override
  public int readIndex() throws IOException {
    return readInt();
  }

  /** A block's item count; a negative count is followed by the block's size in bytes, which is not needed here. */
  private long readItemCount() throws IOException {
    long count = readLong();
    if (count < 0L) {
      if (count == Long.MIN_VALUE) {
        throw new AvroRuntimeException("Malformed data. Block count is invalid: " + count);
      }
      long byteCount = readLong();
      if (byteCount < 0L) {
        throw new AvroRuntimeException("Malformed data. Block byte-size is negative: " + byteCount);
      }
      count = -count;
    }
    return count;
  }

  private long skipItems() throws IOException {
    long count = readLong();
    while (count < 0L) {
      if (count == Long.MIN_VALUE) {
        throw new AvroRuntimeException("Malformed data. Block count is invalid: " + count);
      }
      long byteCount = readLong();
      if (byteCount < 0L) {
        throw new AvroRuntimeException("Malformed data. Block byte-size is negative: " + byteCount);
      }
      skip(byteCount);
      count = readLong();
    }
    return count;
  }

  private void skip(long length) throws IOException {
    if (length <= 0) {
      return;
    }
    if (length > limit - pos) {
      pos = limit;
      throw new EOFException();
    }
    pos += (int) length;
  }

  private void require(int length) throws EOFException {
    if (length > limit - pos) {
      throw new EOFException(
          "Attempted to read " + length + " bytes, but only " + (limit - pos) + " bytes are available");
    }
  }
}
