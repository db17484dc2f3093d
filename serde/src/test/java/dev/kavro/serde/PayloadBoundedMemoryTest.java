package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.concat;
import static dev.kavro.serde.Fixtures.prefix;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.runtime.ZeroByteItems;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SystemLimitException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * A payload of a few bytes never makes Kavro allocate much more than its own size: element counts are checked
 * against the bytes left, zero-byte elements against a cap per datum, fixed sizes against the bytes left before
 * allocating, and Avro's {@code org.apache.avro.limits.*} properties apply.
 */
class PayloadBoundedMemoryTest {
  private static final Schema EMPTY_RECORDS = parse("{\"type\":\"array\",\"items\":{\"type\":\"record\","
      + "\"name\":\"Empty\",\"fields\":[]}}");
  private static final Schema NULLS = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[{\"name\":\"a\","
      + "\"type\":{\"type\":\"array\",\"items\":\"null\"}}]}");
  private static final Schema NESTED = parse("{\"type\":\"array\",\"items\":{\"type\":\"array\",\"items\":"
      + "{\"type\":\"record\",\"name\":\"Empty\",\"fields\":[]}}}");
  private static final Schema HUGE_FIXED = parse("{\"type\":\"record\",\"name\":\"F\",\"fields\":[{\"name\":\"f\","
      + "\"type\":{\"type\":\"fixed\",\"name\":\"Huge\",\"size\":1500000000}}]}");

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void zeroByteElementsAreCappedPerDatum(String mode) {
    // One block of 8,000,000 records without fields: five bytes.
    assertCapped(mode, EMPTY_RECORDS, concat(varint(8_000_000), new byte[] {0}));
    assertCapped(mode, NULLS, concat(varint(8_000_000), new byte[] {0}));
    // 1,000 inner arrays of 1,000 each: no one block is large, the datum is.
    ByteArrayOutputStream nested = new ByteArrayOutputStream();
    nested.writeBytes(varint(1_000));
    for (int i = 0; i < 1_000; i++) {
      nested.writeBytes(varint(1_000));
      nested.write(0);
    }
    nested.write(0);
    assertCapped(mode, NESTED, nested.toByteArray());
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void realisticZeroByteArraysStillRead(String mode) {
    MockSchemaRegistry registry = new MockSchemaRegistry();
    int id = registry.register("t-value", EMPTY_RECORDS.toString(), List.of(), false);
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "kavro.reader.mode", mode);
    Object read = deserializer.deserialize("t", concat(prefix(id), varint(1_000), new byte[] {0}));
    assertEquals(1_000, ((List<?>) read).size());
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void aFixedLargerThanThePayloadFailsBeforeAllocating(String mode) {
    SerializationException e = deserializeFails(mode, HUGE_FIXED, new byte[] {1, 2, 3});
    assertTrue(e.getMessage().contains("1500000000 bytes"), e.getMessage());
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void avrosLimitPropertiesApply(String mode) throws Exception {
    Schema strings = parse("{\"type\":\"record\",\"name\":\"S\",\"fields\":[{\"name\":\"s\",\"type\":\"string\"},"
        + "{\"name\":\"b\",\"type\":\"bytes\"},{\"name\":\"a\",\"type\":{\"type\":\"array\",\"items\":\"int\"}}]}");
    byte[] twentyChars = concat(varint(20), "abcdefghijklmnopqrst".getBytes());
    byte[] okString = concat(varint(2), "ab".getBytes());
    byte[] twentyInts = concat(varint(20), new byte[20], new byte[] {0});
    try {
      withLimit(SystemLimitException.MAX_STRING_LENGTH_PROPERTY, "10");
      assertLimit(deserializeFails(mode, strings, concat(twentyChars, varint(0), new byte[] {0})));
      withLimit(SystemLimitException.MAX_BYTES_LENGTH_PROPERTY, "10");
      assertLimit(deserializeFails(mode, strings, concat(okString, twentyChars, new byte[] {0})));
      withLimit(SystemLimitException.MAX_COLLECTION_LENGTH_PROPERTY, "10");
      assertLimit(deserializeFails(mode, strings, concat(okString, varint(0), twentyInts)));
    } finally {
      System.clearProperty(SystemLimitException.MAX_STRING_LENGTH_PROPERTY);
      System.clearProperty(SystemLimitException.MAX_BYTES_LENGTH_PROPERTY);
      System.clearProperty(SystemLimitException.MAX_COLLECTION_LENGTH_PROPERTY);
      resetAvroLimits();
    }
  }

  private static void assertLimit(SerializationException e) {
    assertTrue(e.getCause() instanceof SystemLimitException, e.toString());
  }

  private static void withLimit(String property, String value) throws Exception {
    System.setProperty(property, value);
    resetAvroLimits();
  }

  /** Avro reads its limit properties once; its own tests re-read them through this package-private method. */
  private static void resetAvroLimits() throws Exception {
    Method reset = SystemLimitException.class.getDeclaredMethod("resetLimits");
    reset.setAccessible(true);
    reset.invoke(null);
  }

  private static void assertCapped(String mode, Schema schema, byte[] avro) {
    SerializationException e = deserializeFails(mode, schema, avro);
    assertTrue(e.getMessage().contains(ZeroByteItems.MAX_ITEMS_PROPERTY) && e.getMessage().contains("schema id"),
        e.getMessage());
  }

  private static SerializationException deserializeFails(String mode, Schema schema, byte[] avro) {
    MockSchemaRegistry registry = new MockSchemaRegistry();
    int id = registry.register("t-value", schema.toString(), List.of(), false);
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "kavro.reader.mode", mode);
    return assertThrows(SerializationException.class, () -> deserializer.deserialize("t", concat(prefix(id), avro)));
  }

  static byte[] varint(long value) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    long zigzag = (value << 1) ^ (value >> 63);
    while ((zigzag & ~0x7FL) != 0) {
      out.write((int) ((zigzag & 0x7F) | 0x80));
      zigzag >>>= 7;
    }
    out.write((int) zigzag);
    return out.toByteArray();
  }

  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }
}
