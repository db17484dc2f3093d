package dev.kavro.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;

/**
 * Little-endian views of byte arrays, for Avro's fixed-width floats and doubles and for reading varints a word at a
 * time: one load or store instead of one per byte, which HotSpot 17 does not merge on its own.
 */
final class LittleEndian {
  static final VarHandle INT = MethodHandles.byteArrayViewVarHandle(int[].class, ByteOrder.LITTLE_ENDIAN);
  static final VarHandle LONG = MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);

  private LittleEndian() {}
}
