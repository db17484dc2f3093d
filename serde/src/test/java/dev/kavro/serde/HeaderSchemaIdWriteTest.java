package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.confluentBytes;
import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.order;
import static dev.kavro.serde.Fixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.StubRegistry;
import dev.kavro.registry.StubRegistry.Response;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** {@code key/value.schema.id.serializer}, {@code key/value.schema.id.deserializer} and {@code use.schema.guid}. */
class HeaderSchemaIdWriteTest {
  private static final String CONFLUENT_HEADER = "io.confluent.kafka.serializers.schema.id.HeaderSchemaIdSerializer";

  private final MockSchemaRegistry registry = new MockSchemaRegistry();

  @ParameterizedTest
  @CsvSource({"false,async", "true,async", "false,compiled", "true,fallback"})
  void headerSerializerWritesTheGuidHeaderAndAPlainAvroPayload(boolean isKey, String mode) {
    String key = isKey ? "key.schema.id.serializer" : "value.schema.id.serializer";
    RecordHeaders headers = new RecordHeaders();
    GenericRecord record = order(3);
    byte[] payload = serializer(registry, isKey, key, CONFLUENT_HEADER, "kavro.reader.mode", mode)
        .serialize("orders", headers, record);

    int id = registry.lookup(isKey ? "orders-key" : "orders-value", Fixtures.ORDER_V1, false).id();
    byte[] confluent = confluentBytes(id, Fixtures.ORDER_V1, record, GenericData.get());
    assertArrayEquals(Arrays.copyOfRange(confluent, 5, confluent.length), payload, "plain Avro, no prefix");
    Header header = headers.lastHeader(isKey ? "__key_schema_id" : "__value_schema_id");
    byte[] expected = new byte[17];
    expected[0] = 1;
    UUID guid = registry.guidOf(id);
    java.nio.ByteBuffer.wrap(expected, 1, 16).putLong(guid.getMostSignificantBits())
        .putLong(guid.getLeastSignificantBits());
    assertArrayEquals(expected, header.value());
    assertNull(headers.lastHeader(isKey ? "__value_schema_id" : "__key_schema_id"));
    assertEquals(record, deserializer(registry, isKey, "kavro.reader.mode", mode).deserialize("orders", headers,
        payload));
  }

  @Test
  void theSameHeaderIsNotAddedTwice() {
    KavroSerializer serializer = serializer(registry, false, "value.schema.id.serializer", "header");
    RecordHeaders headers = new RecordHeaders();
    serializer.serialize("orders", headers, order(1));
    serializer.serialize("orders", headers, order(2));
    assertEquals(1, headers.toArray().length);
  }

  @Test
  void headerModeWithoutHeadersFailsLikeConfluent() {
    KavroSerializer serializer = serializer(registry, false, "value.schema.id.serializer", CONFLUENT_HEADER);
    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer.serialize("orders", order(1)));
    assertTrue(e.getMessage().contains("Missing headers") && e.getMessage().contains("orders"), e.getMessage());
  }

  @Test
  void aRegistryWithoutGuidsFailsTheHeaderModeWithAClearMessage() throws Exception {
    try (StubRegistry stub = StubRegistry.start()) {
      stub.on("POST /subjects/orders-value/versions?normalize=false", Response.ok(Map.of("id", 7)));
      KavroSerializer serializer = new KavroSerializer();
      serializer.configure(Fixtures.config("schema.registry.url", stub.url(), "value.schema.id.serializer",
          CONFLUENT_HEADER), false);
      SerializationException e = assertThrows(SerializationException.class,
          () -> serializer.serialize("orders", new RecordHeaders(), order(1)));
      assertTrue(e.getMessage().contains("Schema GUID is null") && e.getMessage().contains("schema id 7"),
          e.getMessage());
      serializer.close();
    }
  }

  @Test
  void theRegistrysGuidFromTheRegisterResponseIsWritten() throws Exception {
    UUID guid = UUID.fromString("0b4f0c1e-2a3b-4c5d-8e9f-001122334455");
    try (StubRegistry stub = StubRegistry.start()) {
      stub.on("POST /subjects/orders-value/versions?normalize=false",
          Response.ok(Map.of("id", 7, "guid", guid.toString())));
      KavroSerializer serializer = new KavroSerializer();
      serializer.configure(Fixtures.config("schema.registry.url", stub.url(), "value.schema.id.serializer",
          "header"), false);
      RecordHeaders headers = new RecordHeaders();
      serializer.serialize("orders", headers, order(1));
      assertArrayEquals(WireFormat.toBytes(SchemaId.ofGuid(guid)), headers.lastHeader("__value_schema_id").value());
      serializer.close();
    }
  }

  @Test
  void prefixDeserializerIgnoresTheHeaderAndDualPrefersIt() {
    int first = registry.register("orders-value", Fixtures.ORDER_V1, false);
    byte[] framed = serializer(registry, false).serialize("orders", order(4));
    RecordHeaders misleading = new RecordHeaders();
    misleading.add("__value_schema_id", WireFormat.idPrefix(first + 100));
    assertEquals(order(4), deserializer(registry, false, "value.schema.id.deserializer",
        "io.confluent.kafka.serializers.schema.id.PrefixSchemaIdDeserializer").deserialize("orders", misleading,
        framed));
    assertThrows(SerializationException.class,
        () -> deserializer(registry, false).deserialize("orders", misleading, framed));
  }

  @Test
  void configDeserializerReadsTheWholePayloadWithTheConfiguredIdOrGuid() {
    KavroSerializer header = serializer(registry, false, "value.schema.id.serializer", "header");
    byte[] plain = header.serialize("orders", new RecordHeaders(), order(8));
    int id = registry.lookup("orders-value", Fixtures.ORDER_V1, false).id();
    String config = "io.confluent.kafka.serializers.schema.id.ConfigSchemaIdDeserializer";
    assertEquals(order(8), deserializer(registry, false, "value.schema.id.deserializer", config,
        "use.schema.id", id).deserialize("orders", plain));
    assertEquals(order(8), deserializer(registry, false, "value.schema.id.deserializer", "config",
        "use.schema.guid", registry.guidOf(id).toString()).deserialize("orders", plain));
    assertThrows(org.apache.kafka.common.config.ConfigException.class,
        () -> deserializer(registry, false, "value.schema.id.deserializer", config));
  }

  @Test
  void useSchemaGuidWritesWithTheGuidsSchemaAndItsIdUnderTheSubject() {
    int id = registry.register("orders-value", Fixtures.ORDER_V1, false);
    UUID guid = registry.guidOf(id);
    KavroSerializer serializer = serializer(registry, false, "auto.register.schemas", false,
        "use.schema.guid", guid.toString());
    byte[] framed = serializer.serialize("orders", order(2));
    assertArrayEquals(confluentBytes(id, Fixtures.ORDER_V1, order(2), GenericData.get()), framed);

    KavroSerializer inHeader = serializer(registry, false, "auto.register.schemas", false,
        "use.schema.guid", guid.toString(), "value.schema.id.serializer", "header");
    RecordHeaders headers = new RecordHeaders();
    inHeader.serialize("orders", headers, order(2));
    assertEquals(List.of(SchemaId.ofGuid(guid)), Arrays.stream(headers.toArray())
        .map(h -> WireFormat.parseHeader(h.value())).toList());
  }
}
