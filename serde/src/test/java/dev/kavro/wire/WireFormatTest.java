package dev.kavro.wire;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class WireFormatTest {
  private static final UUID GUID = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");

  @Test
  void idPrefixIsMagicZeroThenBigEndianInt() {
    assertArrayEquals(new byte[] {0, 0, 0, 1, 2}, WireFormat.idPrefix(258));
    assertArrayEquals(new byte[] {0, (byte) 0x7f, (byte) 0xff, (byte) 0xff, (byte) 0xff},
        WireFormat.idPrefix(Integer.MAX_VALUE));
    assertArrayEquals(new byte[] {0, (byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xff}, WireFormat.idPrefix(-1));
  }

  @Test
  void guidBytesAreMagicOneThenMostThenLeastSignificantLong() {
    byte[] bytes = WireFormat.toBytes(SchemaId.ofGuid(GUID));
    assertEquals(17, bytes.length);
    assertEquals(1, bytes[0]);
    assertArrayEquals(new byte[] {0x00, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, (byte) 0x88, (byte) 0x99,
        (byte) 0xaa, (byte) 0xbb, (byte) 0xcc, (byte) 0xdd, (byte) 0xee, (byte) 0xff},
        java.util.Arrays.copyOfRange(bytes, 1, 17));
  }

  @Test
  void readsIdPrefixAndLeavesPositionOnTheBody() {
    ByteBuffer payload = ByteBuffer.wrap(new byte[] {0, 0, 0, 0, 42, 7, 8});
    assertEquals(SchemaId.ofId(42), WireFormat.readPrefix(payload));
    assertEquals(5, payload.position());
    assertEquals(2, payload.remaining());
  }

  @Test
  void readsGuidPrefixFromPayload() {
    byte[] framed = new byte[20];
    System.arraycopy(WireFormat.toBytes(SchemaId.ofGuid(GUID)), 0, framed, 0, 17);
    ByteBuffer payload = ByteBuffer.wrap(framed);
    assertEquals(SchemaId.ofGuid(GUID), WireFormat.readPrefix(payload));
    assertEquals(17, payload.position());
  }

  @Test
  void readsPrefixFromASliceWithNonZeroPosition() {
    ByteBuffer payload = ByteBuffer.wrap(new byte[] {9, 9, 0, 0, 0, 1, 0, 5}, 2, 6);
    assertEquals(SchemaId.ofId(256), WireFormat.readPrefix(payload));
    assertEquals(7, payload.position());
  }

  @Test
  void rejectsUnknownMagicByteWithoutMovingPosition() {
    ByteBuffer payload = ByteBuffer.wrap(new byte[] {7, 0, 0, 0, 1});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> WireFormat.readPrefix(payload));
    assertTrue(e.getMessage().contains("Unknown magic byte 0x07"), e.getMessage());
    assertEquals(0, payload.position());
  }

  @Test
  void rejectsTruncatedPrefixes() {
    assertTrue(assertThrows(IllegalArgumentException.class, () -> WireFormat.readPrefix(ByteBuffer.allocate(0)))
        .getMessage().contains("Truncated"));
    assertTrue(assertThrows(IllegalArgumentException.class,
        () -> WireFormat.readPrefix(ByteBuffer.wrap(new byte[] {0, 0, 1}))).getMessage().contains("3 bytes"));
    assertThrows(IllegalArgumentException.class, () -> WireFormat.readPrefix(ByteBuffer.wrap(new byte[16])
        .put(0, (byte) 1)));
  }

  @Test
  void parsesBothHeaderForms() {
    assertEquals(SchemaId.ofId(99), WireFormat.parseHeader(WireFormat.idPrefix(99)));
    assertEquals(SchemaId.ofGuid(GUID), WireFormat.parseHeader(WireFormat.toBytes(SchemaId.ofGuid(GUID))));
  }

  @Test
  void rejectsMalformedHeaders() {
    assertThrows(IllegalArgumentException.class, () -> WireFormat.parseHeader(null));
    assertThrows(IllegalArgumentException.class, () -> WireFormat.parseHeader(new byte[0]));
    assertThrows(IllegalArgumentException.class, () -> WireFormat.parseHeader(new byte[] {0, 0, 0, 0, 1, 2}));
    assertThrows(IllegalArgumentException.class, () -> WireFormat.parseHeader(new byte[] {1, 0, 0, 0, 1}));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> WireFormat.parseHeader(new byte[] {2, 0, 0, 0, 1}));
    assertTrue(e.getMessage().contains("Unknown magic byte 0x02"), e.getMessage());
  }

  @Test
  void namesHeadersAsConfluentDoes() {
    assertEquals("__key_schema_id", WireFormat.schemaIdHeader(true));
    assertEquals("__value_schema_id", WireFormat.schemaIdHeader(false));
  }

  @Test
  void readIntIsBigEndian() {
    assertEquals(0x01020304, WireFormat.readInt(new byte[] {9, 1, 2, 3, 4}, 1));
    assertEquals(-2, WireFormat.readInt(new byte[] {(byte) 0xff, (byte) 0xff, (byte) 0xff, (byte) 0xfe}, 0));
  }
}
