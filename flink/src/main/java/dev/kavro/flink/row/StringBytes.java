package dev.kavro.flink.row;

import dev.kavro.runtime.ByteArrayEncoder;
import org.apache.flink.core.memory.MemorySegment;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinarySection;
import org.apache.flink.table.data.binary.BinaryStringData;

/**
 * Writes a {@link StringData} as an Avro string. One held in binary form (what Flink's runtime passes around) is
 * copied straight from its memory segment; one that holds only a Java {@code String} is encoded by Kavro's encoder,
 * with the bytes {@code String.getBytes(UTF_8)} gives. The segment API is Flink-internal, so it is used only if it
 * links, and {@code toBytes()} serves otherwise.
 */
final class StringBytes {
  private static final boolean SEGMENTS = segmentsLink();

  private StringBytes() {}

  private static boolean segmentsLink() {
    try {
      BinaryStringData probe = BinaryStringData.fromBytes(new byte[] {'k'});
      BinarySection section = probe.getBinarySection();
      MemorySegment segment = section.getSegments()[0];
      return !segment.isOffHeap() && segment.getArray()[section.getOffset()] == 'k'
          && section.getSizeInBytes() == 1 && probe.getJavaObject() == null;
    } catch (LinkageError | RuntimeException e) {
      return false;
    }
  }

  static void write(StringData value, ByteArrayEncoder out) {
    if (SEGMENTS && value instanceof BinaryStringData binary) {
      BinarySection section = binary.getBinarySection();
      if (section != null) {
        MemorySegment[] segments = section.getSegments();
        if (segments.length == 1 && !segments[0].isOffHeap()) {
          out.writeBytes(segments[0].getArray(), section.getOffset(), section.getSizeInBytes());
          return;
        }
      } else if (binary.getJavaObject() != null) {
        out.writeString(binary.getJavaObject());
        return;
      }
    }
    byte[] bytes = value.toBytes();
    out.writeBytes(bytes, 0, bytes.length);
  }
}
