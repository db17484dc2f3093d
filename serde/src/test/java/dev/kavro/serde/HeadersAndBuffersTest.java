package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.body;
import static dev.kavro.serde.Fixtures.concat;
import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.idOf;
import static dev.kavro.serde.Fixtures.order;
import static dev.kavro.serde.Fixtures.serializer;
import static dev.kavro.serde.Fixtures.vanillaRead;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.nio.ByteBuffer;
import java.util.UUID;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class HeadersAndBuffersTest {
  private final MockSchemaRegistry registry = new MockSchemaRegistry();
  private final GenericRecord record = order(5);
  private byte[] framed;
  private byte[] avro;
  private int id;

  @BeforeEach
  void writeOne() {
    framed = serializer(registry, false).serialize("orders", record);
    avro = body(framed);
    id = idOf(framed);
  }

  @Test
  void integerIdInTheHeaderMeansTheWholePayloadIsAvro() {
    RecordHeaders headers = new RecordHeaders();
    headers.add("__value_schema_id", WireFormat.idPrefix(id));
    Object decoded = deserializer(registry, false).deserialize("orders", headers, avro);
    assertEquals(record, decoded);
    assertEquals(vanillaRead(Fixtures.ORDER_V1, Fixtures.ORDER_V1, GenericData.get(), avro), decoded);
  }

  @Test
  void guidInTheHeaderIsResolvedByGuid() {
    UUID guid = registry.guidOf(id);
    RecordHeaders headers = new RecordHeaders();
    headers.add("__value_schema_id", WireFormat.toBytes(SchemaId.ofGuid(guid)));
    KavroDeserializer de = deserializer(registry, false);
    assertEquals(record, de.deserialize("orders", headers, avro));
    assertEquals(order(6), de.deserialize("orders", headers, body(serializer(registry, false)
        .serialize("orders", order(6)))));
  }

  @Test
  void theLastHeaderWins() {
    RecordHeaders headers = new RecordHeaders();
    headers.add("__value_schema_id", WireFormat.idPrefix(999));
    headers.add("__value_schema_id", WireFormat.idPrefix(id));
    assertEquals(record, deserializer(registry, false).deserialize("orders", headers, avro));
  }

  @Test
  void keyDeserializerReadsOnlyTheKeyHeader() {
    byte[] keyFramed = serializer(registry, true).serialize("orders", record);
    RecordHeaders headers = new RecordHeaders();
    headers.add("__value_schema_id", WireFormat.idPrefix(12345));
    assertEquals(record, deserializer(registry, true).deserialize("orders", headers, keyFramed));
    headers.add("__key_schema_id", WireFormat.idPrefix(idOf(keyFramed)));
    assertEquals(record, deserializer(registry, true).deserialize("orders", headers, body(keyFramed)));
  }

  @Test
  void nullHeaderValueFallsBackToThePrefix() {
    RecordHeaders headers = new RecordHeaders();
    headers.add("__value_schema_id", null);
    assertEquals(record, deserializer(registry, false).deserialize("orders", headers, framed));
  }

  @Test
  void guidPrefixInThePayloadIsAccepted() {
    byte[] payload = concat(WireFormat.toBytes(SchemaId.ofGuid(registry.guidOf(id))), avro);
    assertEquals(record, deserializer(registry, false).deserialize("orders", payload));
  }

  @Test
  void malformedHeaderIsASerializationExceptionNamingTopicAndSide() {
    RecordHeaders headers = new RecordHeaders();
    headers.add("__value_schema_id", new byte[] {0, 0, 1});
    SerializationException e = assertThrows(SerializationException.class,
        () -> deserializer(registry, false).deserialize("orders", headers, avro));
    assertTrue(e.getMessage().contains("topic 'orders'") && e.getMessage().contains("value")
        && e.getMessage().contains("__value_schema_id"), e.getMessage());
  }

  @Test
  void byteBufferSliceWithOffsetAndPositionIsReadInPlace() {
    byte[] backing = concat(new byte[] {7, 7, 7}, new byte[] {1, 2}, framed, new byte[] {9, 9});
    ByteBuffer slice = ByteBuffer.wrap(backing, 3, backing.length - 3).slice(); // arrayOffset 3
    slice.position(2).limit(2 + framed.length);
    KavroDeserializer de = deserializer(registry, false, "avro.fail.on.trailing.data", true);
    assertEquals(3, slice.arrayOffset());
    assertEquals(record, de.deserialize("orders", new RecordHeaders(), slice));
    assertEquals(2, slice.position());
    assertEquals(2 + framed.length, slice.limit());
  }

  @Test
  void headerCarriedIdWorksWithAByteBufferToo() {
    byte[] backing = concat(new byte[] {42, 42}, avro);
    ByteBuffer buffer = ByteBuffer.wrap(backing).position(2);
    RecordHeaders headers = new RecordHeaders();
    headers.add("__value_schema_id", WireFormat.idPrefix(id));
    assertEquals(record, deserializer(registry, false).deserialize("orders", headers, buffer));
  }

  @Test
  void directBuffersAreCopiedOnce() {
    ByteBuffer direct = ByteBuffer.allocateDirect(framed.length + 1);
    direct.put((byte) 3).put(framed).flip().position(1);
    assertEquals(record, deserializer(registry, false).deserialize("orders", null, direct));
    assertEquals(1, direct.position());
  }
}
