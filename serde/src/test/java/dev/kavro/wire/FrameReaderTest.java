package dev.kavro.wire;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.ByteBuffer;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class FrameReaderTest {
  private static final UUID GUID = UUID.fromString("00112233-4455-6677-8899-aabbccddeeff");

  @Test
  void readsTheIntPrefixAndTheBodyAfterIt() {
    byte[] payload = {9, 9, 0, 0, 0, 1, 2, 7, 8};
    long frame = FrameReader.read(payload, 2, 7, null);
    assertFalse(FrameReader.isGuid(frame));
    assertEquals(258, FrameReader.id(frame));
    assertEquals(7, FrameReader.bodyOffset(frame));
    assertEquals(SchemaId.ofId(258), FrameReader.schemaId(frame, payload, null));
  }

  @Test
  void keepsEveryIntIdIncludingNegativeOnes() {
    for (int id : new int[] {0, 1, 127, 128, Integer.MAX_VALUE, -1, Integer.MIN_VALUE}) {
      long fromPrefix = FrameReader.read(WireFormat.idPrefix(id), 0, 5, null);
      long fromHeader = FrameReader.read(new byte[0], 0, 0, WireFormat.idPrefix(id));
      assertEquals(id, FrameReader.id(fromPrefix));
      assertEquals(id, FrameReader.id(fromHeader));
      assertFalse(FrameReader.isGuid(fromPrefix) || FrameReader.isGuid(fromHeader));
      assertEquals(5, FrameReader.bodyOffset(fromPrefix));
      assertEquals(0, FrameReader.bodyOffset(fromHeader));
    }
  }

  @Test
  void readsTheGuidPrefix() {
    byte[] payload = new byte[30];
    System.arraycopy(WireFormat.toBytes(SchemaId.ofGuid(GUID)), 0, payload, 3, 17);
    long frame = FrameReader.read(payload, 3, 27, null);
    assertTrue(FrameReader.isGuid(frame));
    assertEquals(20, FrameReader.bodyOffset(frame));
    assertEquals(SchemaId.ofGuid(GUID), FrameReader.schemaId(frame, payload, null));
  }

  @Test
  void aHeaderMakesTheWholePayloadTheBody() {
    byte[] payload = {0, 0, 0, 0, 5, 1, 2};
    long intHeader = FrameReader.read(payload, 1, 6, WireFormat.idPrefix(77));
    assertEquals(77, FrameReader.id(intHeader));
    assertEquals(1, FrameReader.bodyOffset(intHeader));
    byte[] guidHeader = WireFormat.toBytes(SchemaId.ofGuid(GUID));
    long guid = FrameReader.read(payload, 0, 7, guidHeader);
    assertTrue(FrameReader.isGuid(guid));
    assertEquals(0, FrameReader.bodyOffset(guid));
    assertEquals(SchemaId.ofGuid(GUID), FrameReader.schemaId(guid, payload, guidHeader));
  }

  @Test
  void anEmptyPayloadIsABodyWhenTheIdIsInTheHeader() {
    long frame = FrameReader.read(new byte[0], 0, 0, WireFormat.idPrefix(3));
    assertEquals(3, FrameReader.id(frame));
    assertEquals(0, FrameReader.bodyOffset(frame));
  }

  @Test
  void rejectsMalformedFramingSayingWhatIsWrong() {
    assertMessage("Truncated payload: 0 bytes", new byte[0], null);
    assertMessage("Truncated payload: 3 bytes, shorter than the 5-byte", new byte[] {0, 0, 1}, null);
    assertMessage("Truncated payload: 16 bytes, shorter than the 17-byte", oneThen(15), null);
    assertMessage("Unknown magic byte 0x07 in payload", new byte[] {7, 0, 0, 0, 1}, null);
    assertMessage("Empty schema id header", new byte[5], new byte[0]);
    assertMessage("Schema id header of 6 bytes; magic byte 0x00 needs exactly 5", new byte[5], new byte[6]);
    assertMessage("Schema id header of 5 bytes; magic byte 0x01 needs exactly 17", new byte[5], oneThen(4));
    assertMessage("Unknown magic byte 0x02 in header", new byte[5], new byte[] {2, 0, 0, 0, 1});
  }

  @Test
  void theUnframedBodyStartsWhereTheCallerSays() {
    long frame = FrameReader.unframed(12);
    assertEquals(12, FrameReader.bodyOffset(frame));
    assertFalse(FrameReader.isGuid(frame));
  }

  @Test
  void bodyOffsetsUpToTheLargestArrayIndexSurvive() {
    int off = Integer.MAX_VALUE - 5;
    assertEquals(off, FrameReader.bodyOffset(FrameReader.unframed(off)));
    assertEquals(off, FrameReader.bodyOffset(FrameReader.read(null, off, 0, WireFormat.idPrefix(-1))));
  }

  /**
   * Random framings, in a slice of a larger array, against the framing the deserializer did before this reader: the
   * header through {@link WireFormat#parseHeader}, else the prefix through {@link WireFormat#readPrefix}, with the
   * same ids, body offsets and error messages.
   */
  @Test
  void agreesWithWireFormatOnRandomFramings() {
    Random random = new Random(20260511);
    for (int i = 0; i < 20_000; i++) {
      int off = random.nextInt(4);
      byte[] payload = new byte[off + random.nextInt(24) + random.nextInt(2)];
      random.nextBytes(payload);
      int len = payload.length - off - (payload.length > off ? random.nextInt(payload.length - off + 1) : 0);
      if (len > 0 && random.nextInt(3) > 0) {
        payload[off] = (byte) random.nextInt(3);
      }
      byte[] header = randomHeader(random);
      checkAgainstWireFormat(payload, off, len, header);
    }
  }

  private static byte[] randomHeader(Random random) {
    return switch (random.nextInt(5)) {
      case 0 -> WireFormat.idPrefix(random.nextInt());
      case 1 -> WireFormat.toBytes(SchemaId.ofGuid(UUID.randomUUID()));
      case 2 -> {
        byte[] bytes = new byte[random.nextInt(20)];
        random.nextBytes(bytes);
        if (bytes.length > 0) {
          bytes[0] = (byte) random.nextInt(3);
        }
        yield bytes;
      }
      default -> null;
    };
  }

  private static void checkAgainstWireFormat(byte[] payload, int off, int len, byte[] header) {
    SchemaId expected;
    int expectedBody;
    try {
      if (header != null) {
        expected = WireFormat.parseHeader(header);
        expectedBody = off;
      } else {
        ByteBuffer buffer = ByteBuffer.wrap(payload, off, len);
        expected = WireFormat.readPrefix(buffer);
        expectedBody = buffer.position();
      }
    } catch (IllegalArgumentException e) {
      IllegalArgumentException actual = assertThrows(IllegalArgumentException.class,
          () -> FrameReader.read(payload, off, len, header));
      assertEquals(e.getMessage(), actual.getMessage());
      return;
    }
    long frame = FrameReader.read(payload, off, len, header);
    assertEquals(expected, FrameReader.schemaId(frame, payload, header));
    assertEquals(expected.isGuid(), FrameReader.isGuid(frame));
    if (!expected.isGuid()) {
      assertEquals(expected.id(), FrameReader.id(frame));
    }
    assertEquals(expectedBody, FrameReader.bodyOffset(frame));
  }

  private static byte[] oneThen(int zeros) {
    byte[] bytes = new byte[zeros + 1];
    bytes[0] = 1;
    return bytes;
  }

  private static void assertMessage(String expected, byte[] payload, byte[] header) {
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> FrameReader.read(payload, 0, payload.length, header));
    assertTrue(e.getMessage().startsWith(expected), e.getMessage());
  }
}
