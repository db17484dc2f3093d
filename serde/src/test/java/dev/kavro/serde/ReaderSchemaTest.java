package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.body;
import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.idOf;
import static dev.kavro.serde.Fixtures.order;
import static dev.kavro.serde.Fixtures.serializer;
import static dev.kavro.serde.Fixtures.vanillaRead;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.testing.LogCapture;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.test.specific.Color;
import dev.kavro.test.specific.User;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificData;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class ReaderSchemaTest {
  /** User without the optional email: what an older producer wrote. */
  private static final Schema USER_V0 = new Schema.Parser().parse("""
      {"type":"record","name":"User","namespace":"dev.kavro.test.specific","fields":[
        {"name":"name","type":"string"},
        {"name":"age","type":"int"},
        {"name":"tags","type":{"type":"array","items":"string"}},
        {"name":"color","type":{"type":"enum","name":"Color","symbols":["RED","GREEN","BLUE"]}}
      ]}""");

  /** Only two fields of Order: a projection. */
  private static final Schema ORDER_PROJECTION = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"dev.kavro.test","fields":[
        {"name":"item","type":"string"},
        {"name":"id","type":"long"}
      ]}""");

  private final MockSchemaRegistry registry = new MockSchemaRegistry();

  @Test
  void useLatestVersionReadsOldDataIntoTheLatestSchemaWithDefaults() {
    byte[] v1 = serializer(registry, false).serialize("orders", order(3));
    registry.register("orders-value", Fixtures.ORDER_V2, false);
    Object decoded = deserializer(registry, false, "use.latest.version", true).deserialize("orders", v1);
    GenericRecord record = (GenericRecord) decoded;
    assertEquals(Fixtures.ORDER_V2, record.getSchema());
    assertEquals("EUR", record.get("currency").toString());
    assertEquals(vanillaRead(Fixtures.ORDER_V1, Fixtures.ORDER_V2, GenericData.get(), body(v1)), decoded);
  }

  @Test
  void useLatestVersionFollowsANewLatestVersion() {
    byte[] v1 = serializer(registry, false).serialize("orders", order(3));
    KavroDeserializer de = deserializer(registry, false, "use.latest.version", true);
    assertEquals(Fixtures.ORDER_V1, ((GenericRecord) de.deserialize("orders", v1)).getSchema());
    registry.register("orders-value", Fixtures.ORDER_V2, false);
    assertEquals(Fixtures.ORDER_V2, ((GenericRecord) de.deserialize("orders", v1)).getSchema());
  }

  @Test
  void useLatestVersionKeepsTheLastKnownReaderWhenTheRegistryFails() {
    FlakyRegistry flaky = new FlakyRegistry();
    byte[] v1 = serializer(flaky, false).serialize("orders", order(3));
    flaky.delegate.register("orders-value", Fixtures.ORDER_V2, false);
    KavroDeserializer de = deserializer(flaky, false, "use.latest.version", true);
    Object warm = de.deserialize("orders", v1);
    flaky.failWith(503, -1);
    try (LogCapture log = new LogCapture(KavroDeserializer.class)) {
      assertEquals(warm, de.deserialize("orders", v1));
      assertEquals(warm, de.deserialize("orders", v1));
      assertEquals(1, log.warningsMentioning("orders-value"), log.warnings().toString());
    }
  }

  @Test
  void useLatestVersionUsesTheTopicOfEachRecord() {
    byte[] a = serializer(registry, false).serialize("a", order(1));
    byte[] b = serializer(registry, false).serialize("b", order(1));
    assertEquals(idOf(a), idOf(b));
    registry.register("b-value", Fixtures.ORDER_V2, false);
    KavroDeserializer de = deserializer(registry, false, "use.latest.version", true);
    assertEquals(Fixtures.ORDER_V1, ((GenericRecord) de.deserialize("a", a)).getSchema());
    assertEquals(Fixtures.ORDER_V2, ((GenericRecord) de.deserialize("b", b)).getSchema());
  }

  @Test
  void explicitReaderSchemaFromTheConstructor() {
    byte[] v1 = serializer(registry, false).serialize("orders", order(4));
    KavroDeserializer de = new KavroDeserializer(registry, ORDER_PROJECTION);
    de.configure(Fixtures.config(), false);
    Object decoded = de.deserialize("orders", v1);
    assertEquals(vanillaRead(Fixtures.ORDER_V1, ORDER_PROJECTION, GenericData.get(), body(v1)), decoded);
    assertEquals(ORDER_PROJECTION, ((GenericRecord) decoded).getSchema());
  }

  @Test
  void explicitReaderSchemaFromConfigTakesPrecedenceOverLatest() {
    byte[] v1 = serializer(registry, false).serialize("orders", order(4));
    registry.register("orders-value", Fixtures.ORDER_V2, false);
    Object decoded = deserializer(registry, false, "kavro.reader.schema", ORDER_PROJECTION.toString(),
        "use.latest.version", true).deserialize("orders", v1);
    assertEquals(vanillaRead(Fixtures.ORDER_V1, ORDER_PROJECTION, GenericData.get(), body(v1)), decoded);
  }

  @Test
  void specificReaderFindsTheClassOfTheWritersRecord() {
    byte[] v0 = serializer(registry, false).serialize("users", userV0());
    Object decoded = deserializer(registry, false, "specific.avro.reader", true).deserialize("users", v0);
    User user = assertInstanceOf(User.class, decoded);
    assertNull(user.getEmail());
    assertEquals("old", user.getName());
    assertEquals(Color.BLUE, user.getColor());
    assertEquals(vanillaRead(USER_V0, User.SCHEMA$, SpecificData.getForClass(User.class), body(v0)), decoded);
  }

  @Test
  void configuredSpecificTypeIsTheReaderSchema() {
    byte[] v0 = serializer(registry, false).serialize("users", userV0());
    Object decoded = deserializer(registry, false, "specific.avro.reader", "true",
        "specific.avro.value.type", User.class.getName()).deserialize("users", v0);
    assertInstanceOf(User.class, decoded);
    assertEquals(vanillaRead(USER_V0, User.SCHEMA$, SpecificData.getForClass(User.class), body(v0)), decoded);
  }

  @Test
  void useLatestVersionWithSpecificReaderGivesTheGeneratedClass() {
    byte[] v0 = serializer(registry, false).serialize("users", userV0());
    registry.register("users-value", User.SCHEMA$, false);
    Object decoded = deserializer(registry, false, "specific.avro.reader", true, "use.latest.version", true)
        .deserialize("users", v0);
    assertInstanceOf(User.class, decoded);
  }

  @Test
  void specificReaderWithoutAGeneratedClassFails() {
    byte[] bytes = serializer(registry, false).serialize("orders", order(1));
    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, false, "specific.avro.reader", true).deserialize("orders", bytes));
    assertTrue(e.getMessage().contains("Could not find class dev.kavro.test.Order specified in writer's schema"),
        e.getMessage());
    assertTrue(e.getMessage().contains("topic 'orders'") && e.getMessage().contains("value")
        && e.getMessage().contains("schema id " + idOf(bytes)), e.getMessage());
  }

  @Test
  void specificReaderReadsPrimitivesWithTheWriterSchema() {
    byte[] bytes = serializer(registry, false).serialize("names", "plain");
    assertEquals("plain", deserializer(registry, false, "specific.avro.reader", true).deserialize("names", bytes));
  }

  private static GenericRecord userV0() {
    GenericRecord r = new GenericData.Record(USER_V0);
    r.put("name", "old");
    r.put("age", 70);
    r.put("tags", List.of("x"));
    r.put("color", new GenericData.EnumSymbol(USER_V0.getField("color").schema(), "BLUE"));
    return r;
  }
}
