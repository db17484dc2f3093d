package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.body;
import static dev.kavro.serde.Fixtures.confluentBytes;
import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.idOf;
import static dev.kavro.serde.Fixtures.order;
import static dev.kavro.serde.Fixtures.serializer;
import static dev.kavro.serde.Fixtures.vanillaRead;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.User;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RoundTripTest {
  private final MockSchemaRegistry registry = new MockSchemaRegistry();

  @Test
  void genericRecordsMatchConfluentBytesAndVanillaDecoding() {
    KavroSerializer ser = serializer(registry, false);
    KavroDeserializer de = deserializer(registry, false);
    for (long i = 0; i < 20; i++) {
      GenericRecord record = order(i);
      byte[] bytes = ser.serialize("orders", record);
      int id = registry.lookup("orders-value", Fixtures.ORDER_V1, false).id();
      assertArrayEquals(confluentBytes(id, Fixtures.ORDER_V1, record, GenericData.get()), bytes);
      Object decoded = de.deserialize("orders", bytes);
      assertEquals(vanillaRead(Fixtures.ORDER_V1, Fixtures.ORDER_V1, GenericData.get(), body(bytes)), decoded);
      assertEquals(record, decoded);
    }
  }

  @Test
  void keysRegisterUnderTheKeySubject() {
    byte[] bytes = serializer(registry, true).serialize("orders", order(1));
    assertEquals(registry.latest("orders-key").id(), idOf(bytes));
    assertEquals(order(1), deserializer(registry, true).deserialize("orders", bytes));
  }

  @Test
  void nullIsATombstoneBothWays() {
    FlakyRegistry flaky = new FlakyRegistry();
    assertNull(serializer(flaky, false).serialize("orders", null));
    assertNull(deserializer(flaky, false).deserialize("orders", (byte[]) null));
    assertNull(deserializer(flaky, false).deserialize("orders", null, (ByteBuffer) null));
    assertEquals(0, flaky.calls.get());
  }

  @Test
  void specificRecordsRoundTripAsSpecificOrGeneric() {
    User user = user("ada", 36, "ada@example.com");
    byte[] bytes = serializer(registry, false).serialize("users", user);
    assertArrayEquals(confluentBytes(idOf(bytes), User.SCHEMA$, user, SpecificData.get()), bytes);

    Object specific = deserializer(registry, false, "specific.avro.reader", true).deserialize("users", bytes);
    assertInstanceOf(User.class, specific);
    assertEquals(user, specific);
    assertEquals(vanillaRead(User.SCHEMA$, User.SCHEMA$, SpecificData.getForClass(User.class), body(bytes)),
        specific);

    Object generic = deserializer(registry, false).deserialize("users", bytes);
    assertInstanceOf(GenericData.Record.class, generic);
    assertEquals(vanillaRead(User.SCHEMA$, User.SCHEMA$, GenericData.get(), body(bytes)), generic);
  }

  @Test
  void genericAndSpecificWritersOfTheSameSchemaWriteTheSameBytes() {
    KavroSerializer ser = serializer(registry, false);
    User user = user("bob", 7, null);
    GenericRecord generic = new GenericData.Record(User.SCHEMA$);
    generic.put("name", "bob");
    generic.put("age", 7);
    generic.put("email", null);
    generic.put("tags", List.of("t1", "t2"));
    generic.put("color", new GenericData.EnumSymbol(User.SCHEMA$.getField("color").schema(), "GREEN"));
    assertArrayEquals(ser.serialize("users", user), ser.serialize("users", generic));
  }

  static Stream<Arguments> primitives() {
    return Stream.of(
        Arguments.of("héllo", Schema.Type.STRING, "héllo"),
        Arguments.of(new Utf8("utf8"), Schema.Type.STRING, "utf8"),
        Arguments.of(new StringBuilder("builder"), Schema.Type.STRING, "builder"),
        Arguments.of(-42, Schema.Type.INT, -42),
        Arguments.of(Long.MIN_VALUE, Schema.Type.LONG, Long.MIN_VALUE),
        Arguments.of(1.5f, Schema.Type.FLOAT, 1.5f),
        Arguments.of(Double.NaN, Schema.Type.DOUBLE, Double.NaN),
        Arguments.of(true, Schema.Type.BOOLEAN, true));
  }

  @ParameterizedTest
  @MethodSource("primitives")
  void topLevelPrimitivesRoundTripLikeConfluent(Object value, Schema.Type type, Object expected) {
    byte[] bytes = serializer(registry, false).serialize("prims", value);
    Schema schema = Schema.create(type);
    assertEquals(schema, registry.schemaById(idOf(bytes)));
    assertArrayEquals(confluentBytes(idOf(bytes), schema, value, GenericData.get()), bytes);
    Object decoded = deserializer(registry, false).deserialize("prims", bytes);
    assertEquals(expected, decoded);
    assertEquals(expected.getClass(), decoded.getClass());
    Object vanilla = vanillaRead(schema, schema, GenericData.get(), body(bytes));
    assertEquals(expected, vanilla instanceof Utf8 ? vanilla.toString() : vanilla);
  }

  @Test
  void topLevelBytesAreWrittenRawWithoutALengthPrefix() {
    byte[] raw = {1, 2, 3, (byte) 0xff};
    byte[] bytes = serializer(registry, false).serialize("blobs", raw);
    assertEquals(Schema.create(Schema.Type.BYTES), registry.schemaById(idOf(bytes)));
    assertArrayEquals(Fixtures.concat(Fixtures.prefix(idOf(bytes)), raw), bytes);
    assertArrayEquals(raw, (byte[]) deserializer(registry, false).deserialize("blobs", bytes));
  }

  @Test
  void byteBufferValuesWriteTheirRemainingBytes() {
    ByteBuffer slice = ByteBuffer.wrap(new byte[] {9, 9, 5, 6, 7, 9}, 2, 3);
    byte[] bytes = serializer(registry, false).serialize("blobs", slice);
    assertArrayEquals(Fixtures.concat(Fixtures.prefix(idOf(bytes)), new byte[] {5, 6, 7}), bytes);
    assertEquals(2, slice.position());
    ByteBuffer direct = ByteBuffer.allocateDirect(2).put(new byte[] {4, 2}).flip();
    assertArrayEquals(new byte[] {4, 2}, (byte[]) deserializer(registry, false).deserialize("blobs",
        serializer(registry, false).serialize("blobs", direct)));
  }

  @Test
  void enumsAndArraysAtTopLevelRoundTrip() {
    Schema colors = SchemaBuilder.array().items(User.SCHEMA$.getField("color").schema());
    GenericData.Array<Object> array = new GenericData.Array<>(colors, List.of(
        new GenericData.EnumSymbol(colors.getElementType(), "RED"),
        new GenericData.EnumSymbol(colors.getElementType(), "BLUE")));
    byte[] bytes = serializer(registry, false).serialize("colors", array);
    assertArrayEquals(confluentBytes(idOf(bytes), colors, array, GenericData.get()), bytes);
    assertEquals(array, deserializer(registry, false).deserialize("colors", bytes));
    Object specific = deserializer(registry, false, "specific.avro.reader", true).deserialize("colors", bytes);
    assertEquals(List.of(Color.RED, Color.BLUE), specific);
  }

  @Test
  void sharedInstancesAreSafeAcrossThreads() throws Exception {
    KavroSerializer ser = serializer(registry, false);
    KavroDeserializer generic = deserializer(registry, false);
    KavroDeserializer specific = deserializer(registry, false, "specific.avro.reader", true);
    ExecutorService pool = Executors.newFixedThreadPool(4);
    try {
      List<Future<?>> futures = new ArrayList<>();
      for (int t = 0; t < 4; t++) {
        int thread = t;
        futures.add(pool.submit(() -> {
          for (int i = 0; i < 300; i++) {
            boolean isOrder = i % 2 == 0;
            Object value = isOrder ? order(thread * 1000L + i) : user("u" + i, i, null);
            String topic = (isOrder ? "orders-" : "users-") + (i % 3);
            byte[] bytes = ser.serialize(topic, value);
            assertEquals(value, (isOrder ? generic : specific).deserialize(topic, bytes));
          }
          return null;
        }));
      }
      for (Future<?> f : futures) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  static User user(String name, int age, String email) {
    return User.newBuilder().setName(name).setAge(age).setEmail(email).setTags(List.of("t1", "t2"))
        .setColor(Color.GREEN).build();
  }
}
