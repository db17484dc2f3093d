package dev.kavro.wire;

import java.util.UUID;

/**
 * Finds where a record's schema id is and where its Avro body starts: in the id header when the caller passes its
 * value (the whole payload is then the body), else in the payload prefix ({@code 0x00} + int32 or {@code 0x01} +
 * GUID, see {@link WireFormat}). Which header, and whether to look at one at all, is the caller's choice.
 *
 * <p>The answer is a {@code long} frame, so that a record costs no allocation: {@link #isGuid}, {@link #id} (the
 * integer id, the common form) and {@link #bodyOffset} read it; {@link #schemaId} makes the {@link SchemaId}, which
 * the GUID form needs and error messages use.
 *
 * <p>Stateless and thread-safe. Internal API for Kavro's adapters (serdes, Connect converter, Flink format).
 */
public final class FrameReader {
  private static final long GUID_FLAG = Long.MIN_VALUE;

  private FrameReader() {}

  /**
   * Reads the frame of the record in {@code payload[off, off + len)}.
   *
   * @param header the value of the schema id header to read the id from, or {@code null} to read the payload prefix
   * @throws IllegalArgumentException if the header value is empty, has an unknown magic byte or the wrong length, or
   *     the payload has an unknown magic byte or is shorter than its prefix; the message says which
   */
  public static long read(byte[] payload, int off, int len, byte[] header) {
    if (header != null) {
      if (header.length == WireFormat.ID_PREFIX_LENGTH && header[0] == WireFormat.MAGIC_BYTE_ID) {
        return frame(WireFormat.readInt(header, 1), off, false);
      }
      WireFormat.checkHeader(header);
      return frame(0, off, true);
    }
    if (len >= WireFormat.ID_PREFIX_LENGTH && payload[off] == WireFormat.MAGIC_BYTE_ID) {
      return frame(WireFormat.readInt(payload, off + 1), off + WireFormat.ID_PREFIX_LENGTH, false);
    }
    int prefix = WireFormat.checkPrefix(payload, off, len);
    return frame(0, off + prefix, true);
  }

  /** The frame of a payload that is all Avro body from {@code off}: its id is known from elsewhere (a config). */
  public static long unframed(int off) {
    return frame(0, off, false);
  }

  /** Whether the id is a GUID; {@link #schemaId} reads it. */
  public static boolean isGuid(long frame) {
    return frame < 0;
  }

  /** The integer id of a frame that is not {@link #isGuid} (0 for {@link #unframed}). */
  public static int id(long frame) {
    return (int) frame;
  }

  /** Where the Avro body starts in the payload (an index into the array, not relative to {@code off}). */
  public static int bodyOffset(long frame) {
    return (int) (frame >>> 32) & Integer.MAX_VALUE;
  }

  /**
   * The schema id of a frame, with the payload and header it was {@link #read} from. Allocates: for GUIDs and
   * messages, not for the integer form on the hot path.
   */
  public static SchemaId schemaId(long frame, byte[] payload, byte[] header) {
    if (!isGuid(frame)) {
      return SchemaId.ofId(id(frame));
    }
    if (header != null) {
      return SchemaId.ofGuid(guid(header, 1));
    }
    return SchemaId.ofGuid(guid(payload, bodyOffset(frame) - WireFormat.GUID_PREFIX_LENGTH + 1));
  }

  private static long frame(int id, int bodyOffset, boolean guid) {
    long frame = ((long) bodyOffset << 32) | (id & 0xffffffffL);
    return guid ? frame | GUID_FLAG : frame;
  }

  private static UUID guid(byte[] bytes, int at) {
    return new UUID(readLong(bytes, at), readLong(bytes, at + 8));
  }

  private static long readLong(byte[] bytes, int at) {
    return (long) WireFormat.readInt(bytes, at) << 32 | (WireFormat.readInt(bytes, at + 4) & 0xffffffffL);
  }
}
