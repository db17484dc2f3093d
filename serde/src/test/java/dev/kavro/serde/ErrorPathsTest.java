package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.concat;
import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.idOf;
import static dev.kavro.serde.Fixtures.order;
import static dev.kavro.serde.Fixtures.prefix;
import static dev.kavro.serde.Fixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import java.util.Arrays;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.DisconnectException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.ThrottlingQuotaExceededException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class ErrorPathsTest {
  private static final Schema OPTIONAL_INT = new Schema.Parser().parse(
      "{\"type\":\"record\",\"name\":\"U\",\"fields\":[{\"name\":\"u\",\"type\":[\"null\",\"int\"]}]}");
  private static final Schema LONGS = new Schema.Parser().parse(
      "{\"type\":\"record\",\"name\":\"L\",\"fields\":[{\"name\":\"xs\",\"type\":{\"type\":\"array\","
          + "\"items\":\"long\"}}]}");
  private static final Schema STRINGS_MAP = new Schema.Parser().parse(
      "{\"type\":\"record\",\"name\":\"M\",\"fields\":[{\"name\":\"m\",\"type\":{\"type\":\"map\","
          + "\"values\":\"string\"}}]}");
  private static final Schema BLOB = new Schema.Parser().parse(
      "{\"type\":\"record\",\"name\":\"B\",\"fields\":[{\"name\":\"b\",\"type\":\"bytes\"}]}");
  /** Zig-zag varint of Integer.MAX_VALUE - 8: the largest length Avro's limits allow. */
  private static final byte[] HUGE_LENGTH = {(byte) 0xf0, (byte) 0xff, (byte) 0xff, (byte) 0xff, 0x0f};

  private final MockSchemaRegistry registry = new MockSchemaRegistry();

  @Test
  void usingASerdeBeforeConfigureIsAClearError() {
    InvalidConfigurationException s = assertThrows(InvalidConfigurationException.class,
        () -> new KavroSerializer().serialize("t", "x"));
    assertTrue(s.getMessage().contains("You must configure() before serialize()"), s.getMessage());
    InvalidConfigurationException d = assertThrows(InvalidConfigurationException.class,
        () -> new KavroDeserializer(registry).deserialize("t", new byte[] {0, 0, 0, 0, 1}));
    assertTrue(d.getMessage().contains("configure()"), d.getMessage());
  }

  @Test
  void unknownMagicByte() {
    SerializationException e = deserializeFails(new byte[] {7, 0, 0, 0, 1, 2});
    assertMessage(e, "orders", "value", "unknown", "Unknown magic byte 0x07");
  }

  @Test
  void payloadShorterThanThePrefix() {
    assertMessage(deserializeFails(new byte[] {0, 0, 1}), "orders", "value", "unknown", "Truncated");
    assertMessage(deserializeFails(new byte[0]), "orders", "value", "unknown", "Truncated");
    assertMessage(deserializeFails(new byte[] {1, 2, 3}), "orders", "value", "unknown", "Truncated");
  }

  @Test
  void truncatedAvroBody() {
    byte[] framed = serializer(registry, false).serialize("orders", order(1));
    SerializationException e = deserializeFails(Arrays.copyOf(framed, framed.length - 3));
    assertMessage(e, "orders", "value", Integer.toString(idOf(framed)), "EOF");
  }

  @Test
  void unknownSchemaIdIsASerializationException() {
    SerializationException e = deserializeFails(concat(prefix(4242), new byte[] {2}));
    assertEquals(SerializationException.class, e.getClass());
    assertMessage(e, "orders", "value", "4242", "40403");
  }

  @Test
  void keySideIsNamedInErrors() {
    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, true).deserialize("orders", concat(prefix(4242), new byte[] {2})));
    assertMessage(e, "orders", "key", "4242", "key schema");
  }

  static Stream<Arguments> registryFailures() {
    return Stream.of(
        Arguments.of(401, AuthenticationException.class),
        Arguments.of(403, AuthorizationException.class),
        Arguments.of(429, ThrottlingQuotaExceededException.class),
        Arguments.of(408, TimeoutException.class),
        Arguments.of(500, TimeoutException.class),
        Arguments.of(503, TimeoutException.class),
        Arguments.of(504, TimeoutException.class),
        Arguments.of(502, DisconnectException.class),
        Arguments.of(404, SerializationException.class),
        Arguments.of(422, SerializationException.class));
  }

  @ParameterizedTest
  @MethodSource("registryFailures")
  void registryFailuresMapToKafkasTypedExceptions(int status, Class<? extends KafkaException> expected) {
    FlakyRegistry flaky = new FlakyRegistry();
    byte[] framed = serializer(flaky.delegate, false).serialize("orders", order(1));
    flaky.failWith(status, status * 100 + 1);

    KafkaException read = assertThrows(KafkaException.class,
        () -> deserializer(flaky, false).deserialize("orders", framed));
    assertEquals(expected, read.getClass());
    assertMessage(read, "orders", "value", Integer.toString(idOf(framed)), "HTTP " + status);

    KafkaException write = assertThrows(KafkaException.class,
        () -> serializer(flaky, true).serialize("orders", order(1)));
    assertEquals(expected, write.getClass());
    assertMessage(write, "orders", "key", "unknown", "orders-key");
  }

  @Test
  void registryTimeoutIsATimeoutException() {
    FlakyRegistry flaky = new FlakyRegistry();
    byte[] framed = serializer(flaky.delegate, false).serialize("orders", order(1));
    flaky.failWithTimeout();
    TimeoutException e = assertThrows(TimeoutException.class,
        () -> deserializer(flaky, false).deserialize("orders", framed));
    assertMessage(e, "orders", "value", Integer.toString(idOf(framed)), "injected timeout");
  }

  @Test
  void badUnionIndex() {
    int id = registry.register("u-value", OPTIONAL_INT, false);
    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, false).deserialize("u", concat(prefix(id), new byte[] {10, 2})));
    assertMessage(e, "u", "value", Integer.toString(id), "Error deserializing Avro value");
  }

  @Test
  void negativeLength() {
    int id = registry.register("s-value", Schema.create(Schema.Type.STRING), false);
    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, false).deserialize("s", concat(prefix(id), new byte[] {9, 'a'})));
    assertMessage(e, "s", "value", Integer.toString(id), "Error deserializing Avro value");
  }

  @Test
  void giantDeclaredLengthsFailFastWithoutAllocating() {
    int string = registry.register("s-value", Schema.create(Schema.Type.STRING), false);
    int blob = registry.register("b-value", BLOB, false);
    int longs = registry.register("l-value", LONGS, false);
    int map = registry.register("m-value", STRINGS_MAP, false);
    for (Object[] c : new Object[][] {{"s", string}, {"b", blob}, {"l", longs}, {"m", map}}) {
      int id = (Integer) c[1];
      SerializationException e = assertThrows(SerializationException.class,
          () -> deserializer(registry, false).deserialize((String) c[0], concat(prefix(id), HUGE_LENGTH)));
      assertMessage(e, (String) c[0], "value", Integer.toString(id), "Error deserializing Avro value");
    }
  }

  @Test
  void trailingDataFailsOnlyWhenAskedTo() {
    byte[] framed = concat(serializer(registry, false).serialize("orders", order(1)), new byte[] {1, 2});
    assertEquals(order(1), deserializer(registry, false).deserialize("orders", framed));
    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, false, "avro.fail.on.trailing.data", true).deserialize("orders", framed));
    assertMessage(e, "orders", "value", Integer.toString(idOf(framed)), "trailing data");
    assertTrue(e.getMessage().contains("2 bytes left"), e.getMessage());
  }

  @Test
  void wrongJavaTypeInARecordIsASerializationException() {
    GenericRecord bad = order(1);
    bad.put("qty", "not an int");
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, false).serialize("orders", bad));
    assertMessage(e, "orders", "value", Integer.toString(registry.latest("orders-value").id()),
        "Error serializing Avro value");
  }

  @Test
  void missingRequiredFieldIsASerializationException() {
    GenericRecord bad = new GenericData.Record(Fixtures.ORDER_V1);
    bad.put("id", 1L);
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, false).serialize("orders", bad));
    assertMessage(e, "orders", "value", Integer.toString(registry.latest("orders-value").id()), "null");
  }

  @Test
  void failedWriteDoesNotCorruptTheNextRecord() {
    KavroSerializer ser = serializer(registry, false);
    GenericRecord bad = order(1);
    bad.put("attrs", null);
    assertThrows(SerializationException.class, () -> ser.serialize("orders", bad));
    byte[] good = ser.serialize("orders", order(2));
    assertEquals(order(2), deserializer(registry, false).deserialize("orders", good));
  }

  @Test
  void unsupportedJavaTypeIsASerializationException() {
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, false).serialize("orders", new Object()));
    assertMessage(e, "orders", "value", "unknown", "Unsupported Avro type java.lang.Object");
  }

  @Test
  void closeLeavesAnInjectedRegistryOpen() {
    FlakyRegistry flaky = new FlakyRegistry();
    serializer(flaky, false).close();
    KavroDeserializer de = deserializer(flaky, false);
    de.close();
    de.close();
    assertTrue(!flaky.closed);
    assertThrows(InvalidConfigurationException.class, () -> de.deserialize("t", new RecordHeaders(),
        new byte[] {0, 0, 0, 0, 1}));
  }

  private SerializationException deserializeFails(byte[] payload) {
    return assertThrows(SerializationException.class,
        () -> deserializer(registry, false).deserialize("orders", payload));
  }

  private static void assertMessage(Exception e, String topic, String side, String id, String detail) {
    String m = e.getMessage();
    assertTrue(m.contains("topic '" + topic + "'"), m);
    assertTrue(m.contains(", " + side + ","), m);
    assertTrue(m.contains("schema id " + id), m);
    assertTrue(m.contains(detail), m);
  }
}
