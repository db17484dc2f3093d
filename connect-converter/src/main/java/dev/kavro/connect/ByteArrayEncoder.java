package dev.kavro.connect;

import java.io.IOException;
import java.util.Arrays;
import org.apache.avro.io.BinaryData;
import org.apache.avro.io.BinaryEncoder;

/**
 * An Avro binary encoder that writes one whole record straight into a growable byte array, the counterpart of
 * {@code dev.kavro.runtime.ByteArrayDecoder}.
 *
 * <p>Avro's buffered encoder writes into its own buffer and copies that into an output stream on flush, and writes
 * every string through {@code String.getBytes}, a new array per string. Here bytes land in the record's array once,
 * and short strings are encoded in place. The bytes are exactly those of Avro's {@code BinaryEncoder} (the varint,
 * float and double encodings are Avro's own {@link BinaryData} methods; strings with surrogates, and long ones, go
 * through Avro's {@code writeString}).
 *
 * <p>Not thread-safe: one instance per thread, {@link #reset} per record.
 */
final class ByteArrayEncoder extends BinaryEncoder {
  /** Buffers that grew past this are dropped after use, so that one huge record does not pin memory per thread. */
  static final int RETAINED_CAPACITY = 1 << 20;
  /** Longer strings take {@code String.getBytes}, whose vectorized copy beats a char loop. */
  private static final int IN_PLACE_STRING_MAX = 64;
  private static final int INITIAL_CAPACITY = 256;

  private byte[] buf = new byte[INITIAL_CAPACITY];
  private int pos;
  /** A short string's chars, copied out in one bulk call: cheaper than charAt's per-char checks, twice. */
  private final char[] chars = new char[IN_PLACE_STRING_MAX];

  /** Starts a new record. */
  void reset() {
    pos = 0;
  }

  /** Drops a buffer grown past {@link #RETAINED_CAPACITY}; call after the record's bytes were taken. */
  void trim() {
    if (buf.length > RETAINED_CAPACITY) {
      buf = new byte[INITIAL_CAPACITY];
      pos = 0;
    }
  }

  /** The bytes written since {@link #reset}. */
  byte[] toByteArray() {
    return Arrays.copyOf(buf, pos);
  }

  /** Appends bytes as they are (no Avro length): the wire-format prefix, a raw top-level bytes value. */
  void writeRaw(byte[] bytes) {
    writeFixed(bytes, 0, bytes.length);
  }

  @Override
  public void writeBoolean(boolean b) {
    ensure(1);
    buf[pos++] = (byte) (b ? 1 : 0);
  }

  @Override
  public void writeInt(int n) {
    ensure(5);
    pos += BinaryData.encodeInt(n, buf, pos);
  }

  @Override
  public void writeLong(long n) {
    ensure(10);
    pos += BinaryData.encodeLong(n, buf, pos);
  }

  @Override
  public void writeFloat(float f) {
    ensure(4);
    pos += BinaryData.encodeFloat(f, buf, pos);
  }

  @Override
  public void writeDouble(double d) {
    ensure(8);
    pos += BinaryData.encodeDouble(d, buf, pos);
  }

  @Override
  public void writeFixed(byte[] bytes, int start, int len) {
    ensure(len);
    System.arraycopy(bytes, start, buf, pos, len);
    pos += len;
  }

  @Override
  protected void writeZero() {
    ensure(1);
    buf[pos++] = 0;
  }

  /** Nothing waits for a sink: every byte is in the record's array as soon as it is written. */
  @Override
  public int bytesBuffered() {
    return 0;
  }

  @Override
  public void flush() {
  }

  @Override
  public void writeString(String s) throws IOException {
    int n = s.length();
    if (n == 0 || n > IN_PLACE_STRING_MAX) {
      super.writeString(s);
      return;
    }
    char[] cs = chars;
    s.getChars(0, n, cs, 0);
    int utf8 = n;
    for (int i = 0; i < n; i++) {
      char c = cs[i];
      if (c >= 0x80) {
        if (c < 0x800) {
          utf8++;
        } else if (Character.isSurrogate(c)) {
          // Pairs take 4 bytes, lone surrogates a replacement: String.getBytes' rules, so its bytes.
          super.writeString(s);
          return;
        } else {
          utf8 += 2;
        }
      }
    }
    writeInt(utf8);
    ensure(utf8);
    byte[] b = buf;
    int p = pos;
    for (int i = 0; i < n; i++) {
      char c = cs[i];
      if (c < 0x80) {
        b[p++] = (byte) c;
      } else if (c < 0x800) {
        b[p++] = (byte) (0xC0 | (c >> 6));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      } else {
        b[p++] = (byte) (0xE0 | (c >> 12));
        b[p++] = (byte) (0x80 | ((c >> 6) & 0x3F));
        b[p++] = (byte) (0x80 | (c & 0x3F));
      }
    }
    pos = p;
  }

  private void ensure(int more) {
    int needed = pos + more;
    if (needed < 0) {
      throw new IllegalStateException("Serialized record larger than 2 GiB");
    }
    if (needed > buf.length) {
      int grown = Math.max(needed, buf.length << 1);
      buf = Arrays.copyOf(buf, grown < 0 ? Integer.MAX_VALUE - 8 : grown);
    }
  }
}
