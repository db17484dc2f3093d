package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.body;
import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.idOf;
import static dev.kavro.serde.Fixtures.order;
import static dev.kavro.serde.Fixtures.serializer;
import static dev.kavro.serde.Fixtures.vanillaRead;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.junit.jupiter.api.Test;

class SerializerRegistryModesTest {
  /** Adds a required field without a default: cannot read v1 data. */
  private static final Schema ORDER_V3 = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"dev.kavro.test","fields":[
        {"name":"id","type":"long"},
        {"name":"item","type":"string"},
        {"name":"qty","type":"int"},
        {"name":"note","type":["null","string"],"default":null},
        {"name":"prices","type":{"type":"array","items":"double"}},
        {"name":"attrs","type":{"type":"map","values":"string"}},
        {"name":"warehouse","type":"string"}
      ]}""");

  private final MockSchemaRegistry registry = new MockSchemaRegistry();

  @Test
  void lookupModeFindsTheRegisteredIdAndFailsWhenAbsent() {
    KavroSerializer ser = serializer(registry, false, "auto.register.schemas", false);
    SerializationException e = assertThrows(SerializationException.class, () -> ser.serialize("orders", order(1)));
    assertTrue(e.getMessage().contains("orders-value") && e.getMessage().contains("topic 'orders'"),
        e.getMessage());
    int id = registry.register("orders-value", Fixtures.ORDER_V1, false);
    assertEquals(id, idOf(ser.serialize("orders", order(1))));
  }

  @Test
  void autoRegisterTakesPrecedenceOverUseLatestVersion() {
    registry.register("orders-value", Fixtures.ORDER_V2, false);
    byte[] bytes = serializer(registry, false, "use.latest.version", true).serialize("orders", order(1));
    assertEquals(Fixtures.ORDER_V1, registry.schemaById(idOf(bytes)));
  }

  @Test
  void useSchemaIdWritesTheRecordInThatSchema() {
    int v2 = registry.register("orders-value", Fixtures.ORDER_V2, false);
    GenericRecord record = order(8);
    byte[] bytes = serializer(registry, false, "auto.register.schemas", false, "use.schema.id", v2)
        .serialize("orders", record);
    assertEquals(v2, idOf(bytes));
    GenericRecord asV2 = (GenericRecord) vanillaRead(Fixtures.ORDER_V2, Fixtures.ORDER_V2, GenericData.get(),
        body(bytes));
    assertEquals("EUR", asV2.get("currency").toString());
    assertEquals(record.get("item"), asV2.get("item").toString());
    assertEquals(asV2, deserializer(registry, false).deserialize("orders", bytes));
  }

  @Test
  void useSchemaIdChecksCompatibilityUnlessDisabled() {
    int v3 = registry.register("orders-value", ORDER_V3, false);
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, false, "auto.register.schemas", false, "use.schema.id", v3)
            .serialize("orders", order(1)));
    assertTrue(e.getMessage().contains("id.compatibility.strict=false")
        && e.getMessage().contains("schema id " + v3), e.getMessage());
  }

  @Test
  void useLatestVersionWritesWithTheLatestSchema() {
    registry.register("orders-value", Fixtures.ORDER_V1, false);
    int v2 = registry.register("orders-value", Fixtures.ORDER_V2, false);
    byte[] bytes = serializer(registry, false, "auto.register.schemas", false, "use.latest.version", true)
        .serialize("orders", order(2));
    assertEquals(v2, idOf(bytes));
    GenericRecord decoded = (GenericRecord) deserializer(registry, false).deserialize("orders", bytes);
    assertEquals(Fixtures.ORDER_V2, decoded.getSchema());
    assertEquals(vanillaRead(Fixtures.ORDER_V2, Fixtures.ORDER_V2, GenericData.get(), body(bytes)), decoded);
    assertEquals(vanillaRead(Fixtures.ORDER_V1, Fixtures.ORDER_V2, GenericData.get(),
        Fixtures.body(serializer(registry, false).serialize("orders", order(2)))), decoded);
  }

  @Test
  void useLatestVersionRejectsAnIncompatibleLatestWhenStrict() {
    int v3 = registry.register("orders-value", ORDER_V3, false);
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, false, "auto.register.schemas", false, "use.latest.version", true)
            .serialize("orders", order(1)));
    assertTrue(e.getMessage().contains("latest.compatibility.strict=false")
        && e.getMessage().contains("schema id " + v3) && e.getMessage().contains("topic 'orders'"), e.getMessage());
    // Not strict: the check is skipped, and the record still cannot be written in v3 (no value for warehouse).
    SerializationException lax = assertThrows(SerializationException.class,
        () -> serializer(registry, false, "auto.register.schemas", false, "use.latest.version", true,
            "latest.compatibility.strict", false).serialize("orders", order(1)));
    assertFalse(lax.getMessage().contains("latest.compatibility.strict"), lax.getMessage());
  }

  @Test
  void recordNameStrategyRegistersUnderTheFullName() {
    byte[] bytes = serializer(registry, false, "value.subject.name.strategy",
        "io.confluent.kafka.serializers.subject.RecordNameStrategy").serialize("orders", order(1));
    assertEquals(idOf(bytes), registry.latest("dev.kavro.test.Order").id());
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, true, "key.subject.name.strategy", RecordNameStrategy.class.getName())
            .serialize("orders", "a string key"));
    assertTrue(e.getMessage().contains("topic 'orders'") && e.getMessage().contains("key"), e.getMessage());
  }

  @Test
  void steadyStateMakesNoRegistryCallsAndSurvivesARegistryOutage() {
    FlakyRegistry flaky = new FlakyRegistry();
    KavroSerializer ser = serializer(flaky, false);
    KavroDeserializer de = deserializer(flaky, false);
    byte[] first = ser.serialize("orders", order(0));
    de.deserialize("orders", first);
    int warmCalls = flaky.calls.get();
    assertEquals(2, warmCalls);
    flaky.failWith(500, 50001);
    for (long i = 1; i < 50; i++) {
      GenericRecord record = order(i);
      assertEquals(record, de.deserialize("orders", ser.serialize("orders", record)));
    }
    assertEquals(warmCalls, flaky.calls.get());
    // A schema first seen during the outage fails with the mapped type.
    assertThrows(TimeoutException.class, () -> ser.serialize("orders", "new schema"));
  }

  @Test
  void aNewSchemaObjectEqualToAKnownOneGetsTheSameId() {
    KavroSerializer ser = serializer(registry, false);
    byte[] a = ser.serialize("orders", order(1));
    GenericRecord copy = new GenericData.Record(new Schema.Parser().parse(Fixtures.ORDER_V1.toString()));
    order(1).getSchema().getFields().forEach(f -> copy.put(f.name(), order(1).get(f.name())));
    assertEquals(idOf(a), idOf(ser.serialize("orders", copy)));
  }
}
