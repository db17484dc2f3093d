package dev.kavro.connect.runtime;

import dev.kavro.runtime.ReadSupport;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import org.apache.avro.io.Decoder;

/** Leaf operations of a Connect read by the node tree. Stateless. */
public final class ConnectReadSupport {
  private ConnectReadSupport() {}

  /** A list for an array whose first block claims {@code firstBlock} elements (already checked against the input). */
  public static ArrayList<Object> newList(long firstBlock) {
    return new ArrayList<>((int) Math.min(firstBlock, 1024));
  }

  /** A map for {@code firstBlock} entries, sized as the generic path sizes it for small maps. */
  public static HashMap<Object, Object> newMap(long firstBlock) {
    return new HashMap<>(firstBlock < 3 ? 4 : (int) Math.min(firstBlock / 0.75f + 1, 1 << 16));
  }

  /** A fresh buffer holding the next {@code size} bytes. */
  public static ByteBuffer readFixed(Decoder in, int size) throws IOException {
    ReadSupport.requireBytes(in, size);
    byte[] bytes = new byte[size];
    in.readFixed(bytes, 0, size);
    return ByteBuffer.wrap(bytes);
  }

  public static ByteBuffer readBytes(Decoder in) throws IOException {
    return in.readBytes(null);
  }

  /**
   * A default value for one record: immutable values are shared, a {@link java.util.Date} (Connect's mutable
   * logical values) is copied so that no record can change another's.
   */
  public static Object freshDefault(Object value) {
    return value instanceof java.util.Date date ? new java.util.Date(date.getTime()) : value;
  }
}
