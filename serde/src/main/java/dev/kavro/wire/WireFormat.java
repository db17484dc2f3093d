package dev.kavro.wire;

import java.nio.ByteBuffer;
import java.util.UUID;

/**
 * The Confluent framing of a Kafka record: a magic byte and a schema reference, either in front of the Avro body
 * (the payload prefix) or in a record header. Framing only; this class knows nothing about Avro.
 *
 * <ul>
 *   <li>V0: {@code 0x00} + big-endian int32 schema id (what Confluent's and Kavro's serializers write).
 *   <li>V1: {@code 0x01} + 16-byte GUID, most significant long first (Confluent 8 writes it into the header
 *       {@code __key_schema_id} / {@code __value_schema_id}; it is accepted as a payload prefix too).
 * </ul>
 *
 * <p>Stateless and thread-safe. Malformed input throws {@link IllegalArgumentException} with a message saying what
 * was wrong; callers wrap it with their own context.
 */
public final class WireFormat {
  /** Magic byte of the integer-id form. */
  public static final byte MAGIC_BYTE_ID = 0x00;
  /** Magic byte of the GUID form. */
  public static final byte MAGIC_BYTE_GUID = 0x01;
  /** Length of {@code 0x00} + int32. */
  public static final int ID_PREFIX_LENGTH = 5;
  /** Length of {@code 0x01} + 16-byte GUID. */
  public static final int GUID_PREFIX_LENGTH = 17;
  /** Header carrying the key's schema id, as Confluent names it. */
  public static final String KEY_SCHEMA_ID_HEADER = "__key_schema_id";
  /** Header carrying the value's schema id, as Confluent names it. */
  public static final String VALUE_SCHEMA_ID_HEADER = "__value_schema_id";

  private WireFormat() {}

  /** The header that carries the schema id of a key or of a value. */
  public static String schemaIdHeader(boolean isKey) {
    return isKey ? KEY_SCHEMA_ID_HEADER : VALUE_SCHEMA_ID_HEADER;
  }

  /** {@code 0x00} + big-endian {@code id}: the payload prefix the serializer writes. */
  public static byte[] idPrefix(int id) {
    byte[] prefix = new byte[ID_PREFIX_LENGTH];
    prefix[0] = MAGIC_BYTE_ID;
    prefix[1] = (byte) (id >>> 24);
    prefix[2] = (byte) (id >>> 16);
    prefix[3] = (byte) (id >>> 8);
    prefix[4] = (byte) id;
    return prefix;
  }

  /** The V0 or V1 bytes of {@code schemaId}, as used in a payload prefix or a header value. */
  public static byte[] toBytes(SchemaId schemaId) {
    if (!schemaId.isGuid()) {
      return idPrefix(schemaId.id());
    }
    UUID guid = schemaId.guid();
    return ByteBuffer.allocate(GUID_PREFIX_LENGTH)
        .put(MAGIC_BYTE_GUID)
        .putLong(guid.getMostSignificantBits())
        .putLong(guid.getLeastSignificantBits())
        .array();
  }

  /** Big-endian int32 at {@code offset}; the caller has checked the bounds. */
  public static int readInt(byte[] bytes, int offset) {
    return (bytes[offset] & 0xff) << 24
        | (bytes[offset + 1] & 0xff) << 16
        | (bytes[offset + 2] & 0xff) << 8
        | (bytes[offset + 3] & 0xff);
  }

  /**
   * Reads the schema id prefix (V0 or V1) from {@code payload} and leaves its position on the first Avro byte.
   *
   * @throws IllegalArgumentException if the magic byte is unknown or the payload is shorter than the prefix; the
   *     position is then unchanged
   */
  public static SchemaId readPrefix(ByteBuffer payload) {
    int remaining = payload.remaining();
    checkPrefix(remaining, remaining < 1 ? 0 : payload.get(payload.position()));
    byte magic = payload.get();
    if (magic == MAGIC_BYTE_ID) {
      return SchemaId.ofId(payload.getInt());
    }
    return SchemaId.ofGuid(new UUID(payload.getLong(), payload.getLong()));
  }

  /**
   * Parses the value of a {@code __key_schema_id} / {@code __value_schema_id} header: exactly {@code 0x00} + int32
   * or {@code 0x01} + 16-byte GUID.
   *
   * @throws IllegalArgumentException if the value is null, has an unknown magic byte, or has the wrong length
   */
  public static SchemaId parseHeader(byte[] value) {
    checkHeader(value);
    return readPrefix(ByteBuffer.wrap(value));
  }

  /** The length of the prefix at {@code off}, checked against {@code len}; see {@link #readPrefix}. */
  static int checkPrefix(byte[] payload, int off, int len) {
    return checkPrefix(len, len < 1 ? 0 : payload[off]);
  }

  /** @throws IllegalArgumentException unless {@code value} is a well-formed header value; see {@link #parseHeader} */
  static void checkHeader(byte[] value) {
    if (value == null || value.length == 0) {
      throw new IllegalArgumentException("Empty schema id header");
    }
    int needed = prefixLength(value[0], "header");
    if (value.length != needed) {
      throw new IllegalArgumentException("Schema id header of " + value.length + " bytes; magic byte "
          + hex(value[0]) + " needs exactly " + needed);
    }
  }

  private static int checkPrefix(int remaining, byte magic) {
    if (remaining < 1) {
      throw new IllegalArgumentException("Truncated payload: 0 bytes, expected a magic byte and a schema id");
    }
    int needed = prefixLength(magic, "payload");
    if (remaining < needed) {
      throw new IllegalArgumentException("Truncated payload: " + remaining + " bytes, shorter than the "
          + needed + "-byte schema id prefix");
    }
    return needed;
  }

  private static int prefixLength(byte magic, String where) {
    if (magic == MAGIC_BYTE_ID) {
      return ID_PREFIX_LENGTH;
    }
    if (magic == MAGIC_BYTE_GUID) {
      return GUID_PREFIX_LENGTH;
    }
    throw new IllegalArgumentException("Unknown magic byte " + hex(magic) + " in " + where
        + " (expected 0x00 or 0x01); the data was not written by a Confluent-compatible Avro serializer");
  }

  private static String hex(byte b) {
    return String.format("0x%02x", b & 0xff);
  }
}
