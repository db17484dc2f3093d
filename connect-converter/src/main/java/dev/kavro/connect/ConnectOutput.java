package dev.kavro.connect;

import java.io.OutputStream;
import java.util.Arrays;

/**
 * An unsynchronized growable byte buffer for one thread's records; {@code ByteArrayOutputStream} takes a lock on
 * every call.
 */
final class ConnectOutput extends OutputStream {
  /** Buffers that grew past this are dropped after use, so that one huge record does not pin memory per thread. */
  static final int RETAINED_CAPACITY = 1 << 20;

  private byte[] bytes = new byte[256];
  private int count;

  void reset() {
    count = 0;
  }

  int capacity() {
    return bytes.length;
  }

  @Override
  public void write(int b) {
    ensure(1);
    bytes[count++] = (byte) b;
  }

  @Override
  public void write(byte[] src, int off, int len) {
    ensure(len);
    System.arraycopy(src, off, bytes, count, len);
    count += len;
  }

  byte[] toByteArray() {
    return Arrays.copyOf(bytes, count);
  }

  private void ensure(int more) {
    int needed = count + more;
    if (needed < 0) {
      throw new IllegalStateException("Serialized record larger than 2 GiB");
    }
    if (needed > bytes.length) {
      int grown = Math.max(needed, bytes.length << 1);
      bytes = Arrays.copyOf(bytes, grown < 0 ? Integer.MAX_VALUE - 8 : grown);
    }
  }
}
