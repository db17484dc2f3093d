package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.config;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.SchemaContract;
import dev.kavro.wire.FrameReader;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.Test;

class SchemaIdTableTest {
  private final FlakyRegistry registry = new FlakyRegistry();
  private final AtomicInteger built = new AtomicInteger();

  /** The adapter's entry in these tests: what the factory was given. */
  record Made(String topic, SchemaId id, Schema writer, SchemaContract contract) {}

  private SchemaIdTable<Made> table(int maxEntries, Object... keyValues) {
    Object[] all = new Object[keyValues.length + 2];
    all[0] = "schema.registry.url";
    all[1] = "mock://ignored";
    System.arraycopy(keyValues, 0, all, 2, keyValues.length);
    KavroSerdeConfig config = new KavroSerdeConfig(config(all));
    return new SchemaIdTable<>(registry, config, SubjectNames.of(config, false), maxEntries, SerdeErrors.ADAPTER,
        (topic, id, writer, contract) -> {
          built.incrementAndGet();
          return new Made(topic, id, writer, contract);
        });
  }

  private int register(String name) {
    return registry.delegate.register("orders-value", Schema.createRecord(name, null, "ns", false, List.of()), false);
  }

  @Test
  void buildsEachEntryOnceAndAnswersRepeatsWithoutTheRegistry() {
    SchemaIdTable<Made> ids = table(100);
    int a = register("A");
    int b = register("B");
    Random random = new Random(3);
    for (int i = 0; i < 200; i++) {
      int id = random.nextBoolean() ? a : b;
      Made made = ids.entry("orders", id);
      assertEquals(SchemaId.ofId(id), made.id());
      assertEquals(registry.delegate.schemaById(id), made.writer());
    }
    assertEquals(2, built.get());
    int calls = registry.calls.get();
    assertSame(ids.entry("orders", a), ids.entry("orders", a));
    assertSame(ids.entry("orders", b), ids.entry("orders", b));
    assertEquals(calls, registry.calls.get());
  }

  @Test
  void aRegistryOutageLeavesKnownIdsReadableAndFailsNewOnesInTheAdaptersTypes() {
    SchemaIdTable<Made> ids = table(100);
    int known = register("Known");
    int unknown = register("Unknown");
    Made before = ids.entry("orders", known);
    registry.failWithTimeout();
    assertSame(before, ids.entry("orders", known));
    TimeoutException e = assertThrows(TimeoutException.class, () -> ids.entry("orders", unknown));
    assertTrue(e.getMessage().contains("Error retrieving Avro value schema [topic 'orders', value, schema id "
        + unknown + "]"), e.getMessage());
    registry.heal();
    assertEquals(SchemaId.ofId(unknown), ids.entry("orders", unknown).id());
  }

  @Test
  void staysWithinItsBoundAndRefillsAfterStartingOver() {
    SchemaIdTable<Made> ids = table(4);
    List<Integer> all = new ArrayList<>();
    for (int i = 0; i < 10; i++) {
      all.add(register("S" + i));
    }
    for (int round = 0; round < 3; round++) {
      for (int id : all) {
        assertEquals(SchemaId.ofId(id), ids.entry("orders", id).id());
        assertTrue(ids.size() <= 4, "size " + ids.size());
      }
    }
  }

  @Test
  void readsGuidsFromThePrefixAndTheHeader() {
    SchemaIdTable<Made> ids = table(100);
    int id = register("G");
    UUID guid = registry.delegate.guidOf(id);
    byte[] guidBytes = WireFormat.toBytes(SchemaId.ofGuid(guid));
    byte[] prefixed = new byte[guidBytes.length + 2];
    System.arraycopy(guidBytes, 0, prefixed, 0, guidBytes.length);
    long fromPrefix = ids.frame(prefixed, 0, prefixed.length, null);
    assertEquals(17, FrameReader.bodyOffset(fromPrefix));
    Made made = ids.entry("orders", fromPrefix, prefixed, null);
    assertEquals(SchemaId.ofGuid(guid), made.id());
    assertEquals(registry.delegate.schemaById(id), made.writer());
    RecordHeaders headers = new RecordHeaders();
    headers.add(WireFormat.VALUE_SCHEMA_ID_HEADER, guidBytes);
    byte[] header = ids.idHeader(headers);
    long fromHeader = ids.frame(new byte[] {1, 2}, 0, 2, header);
    assertSame(made, ids.entry("orders", fromHeader, new byte[] {1, 2}, header));
    assertEquals(1, built.get());
  }

  @Test
  void thePlacementDecidesWhereTheIdIsRead() {
    int inHeader = register("H");
    int inPrefix = register("P");
    byte[] payload = Fixtures.concat(WireFormat.idPrefix(inPrefix), new byte[] {4});
    RecordHeaders headers = new RecordHeaders();
    headers.add(WireFormat.VALUE_SCHEMA_ID_HEADER, WireFormat.idPrefix(inHeader));
    headers.add(WireFormat.KEY_SCHEMA_ID_HEADER, WireFormat.idPrefix(inPrefix + 100));

    assertEquals(SchemaId.ofId(inHeader), readId(table(10), headers, payload));
    assertEquals(SchemaId.ofId(inPrefix), readId(table(10, "value.schema.id.deserializer", "prefix"), headers,
        payload));
    SchemaIdTable<Made> configured = table(10, "value.schema.id.deserializer", "config", "use.schema.id", inHeader);
    assertEquals(SchemaId.ofId(inHeader), readId(configured, headers, payload));
    assertEquals(0, FrameReader.bodyOffset(configured.frame(payload, 0, payload.length,
        configured.idHeader(headers))));
    assertEquals(SchemaId.ofId(inHeader), configured.schemaId(0L, payload, null));
    assertThrows(ConfigException.class, () -> table(10, "value.schema.id.deserializer", "config"));
  }

  private static SchemaId readId(SchemaIdTable<Made> ids, RecordHeaders headers, byte[] payload) {
    byte[] header = ids.idHeader(headers);
    long frame = ids.frame(payload, 0, payload.length, header);
    return ids.entry("orders", frame, payload, header).id();
  }

  @Test
  void aContextStrategyKeepsOneTablePerContext() {
    SchemaIdTable<Made> ids = table(10, "context.name.strategy", TopicContext.class.getName());
    int id = register("C");
    Made staging = ids.entry("staging.orders", id);
    Made prod = ids.entry("prod.orders", id);
    assertEquals(2, built.get());
    assertSame(staging, ids.entry("staging.orders", id));
    assertSame(prod, ids.entry("prod.orders", id));
    assertEquals(2, ids.size());
  }

  /** The context is the topic's first dotted part. */
  public static final class TopicContext implements ContextNameStrategy {
    @Override
    public String contextName(String topic) {
      return topic.substring(0, topic.indexOf('.'));
    }

    @Override
    public void configure(Map<String, ?> configs) {}
  }

  @Test
  void theFactorysOwnExceptionsReachTheCallerUnchanged() {
    int id = register("F");
    KavroSerdeConfig config = new KavroSerdeConfig(config("schema.registry.url", "mock://ignored"));
    IllegalStateException own = new IllegalStateException("the adapter's own");
    SchemaIdTable<Made> ids = new SchemaIdTable<>(registry, config, SubjectNames.of(config, false), 10,
        SerdeErrors.ADAPTER, (topic, i, writer, contract) -> {
          throw own;
        });
    assertSame(own, assertThrows(IllegalStateException.class, () -> ids.entry("orders", id)));
  }

  @Test
  void malformedFramingIsAnIllegalArgumentForTheAdapterToWrap() {
    SchemaIdTable<Made> ids = table(10);
    assertThrows(IllegalArgumentException.class, () -> ids.frame(new byte[] {7, 1}, 0, 2, null));
    assertThrows(IllegalArgumentException.class, () -> ids.frame(new byte[] {1, 2}, 0, 2, new byte[] {0, 1}));
    assertThrows(SerializationException.class, () -> table(10, "context.name.strategy",
        TopicContext.class.getName()).entry("no-dot", 1));
  }
}
