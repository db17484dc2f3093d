package dev.kavro.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.registry.Metadata;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.StubRegistry;
import dev.kavro.serde.ContextNameStrategy;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

/**
 * The converter finds schema ids and reads framings through the same core as the serializer and deserializer, so
 * every id strategy gives the same id, header and bytes through both, and each reads what the other wrote.
 */
class ConverterSerdeParityTest {
  static final Schema ORDER = SchemaBuilder.struct().name("ns.Order")
      .field("id", Schema.INT64_SCHEMA)
      .field("item", Schema.STRING_SCHEMA)
      .field("note", Schema.OPTIONAL_STRING_SCHEMA)
      .build();
  /** The Avro schema the converter registers for {@link #ORDER}. */
  static final org.apache.avro.Schema AVRO = ConnectToAvroSchema.convert(ORDER, AvroDataSettings.DEFAULTS);
  /** A later version that can read {@link #AVRO} data: records written with it are rewritten (transcoded). */
  static final org.apache.avro.Schema AVRO_V2 = new org.apache.avro.Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"ns","fields":[
        {"name":"id","type":"long"},
        {"name":"item","type":"string"},
        {"name":"note","type":["null","string"],"default":null},
        {"name":"currency","type":"string","default":"EUR"}]}""");
  /** A later version that cannot: a required field without a default. */
  static final org.apache.avro.Schema AVRO_V3 = new org.apache.avro.Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"ns","fields":[
        {"name":"id","type":"long"},
        {"name":"warehouse","type":"string"}]}""");

  /** Each id strategy the serializer has: its config, after preparing the registry. */
  enum Strategy {
    AUTO_REGISTER(registry -> Map.of()),
    LOOKUP(registry -> {
      registry.register("orders-value", AVRO, false);
      return Map.of("auto.register.schemas", false);
    }),
    USE_SCHEMA_ID(registry -> Map.of("auto.register.schemas", false, "use.schema.id",
        registry.register("orders-value", AVRO_V2, false))),
    USE_SCHEMA_ID_NOT_STRICT(registry -> Map.of("auto.register.schemas", false, "use.schema.id",
        registry.register("orders-value", AVRO_V2, false), "id.compatibility.strict", false)),
    USE_SCHEMA_GUID(registry -> {
      int id = registry.register("orders-value", AVRO_V2, false);
      return Map.of("auto.register.schemas", false, "use.schema.guid", registry.guidOf(id).toString());
    }),
    USE_LATEST_WITH_METADATA(registry -> {
      registry.register("orders-value", AVRO_V2.toString(), List.of(), false,
          new SchemaContract(new Metadata(null, Map.of("app", "2"), null), null));
      registry.register("orders-value", AVRO, false);
      return Map.of("auto.register.schemas", false, "use.latest.with.metadata", "app=2");
    }),
    USE_LATEST_VERSION(registry -> {
      registry.register("orders-value", AVRO, false);
      registry.register("orders-value", AVRO_V2, false);
      return Map.of("auto.register.schemas", false, "use.latest.version", true);
    }),
    IN_A_CONTEXT(registry -> Map.of("context.name.strategy", StagingContext.class.getName())),
    GUID_IN_HEADER(registry -> Map.of("value.schema.id.serializer", "header")),
    LATEST_IN_HEADER(registry -> {
      registry.register("orders-value", AVRO_V2, false);
      return Map.of("auto.register.schemas", false, "use.latest.version", true, "value.schema.id.serializer",
          "header");
    });

    final Function<MockSchemaRegistry, Map<String, Object>> prepare;

    Strategy(Function<MockSchemaRegistry, Map<String, Object>> prepare) {
      this.prepare = prepare;
    }
  }

  /** Every topic is in the staging context. */
  public static final class StagingContext implements ContextNameStrategy {
    @Override
    public String contextName(String topic) {
      return "staging";
    }

    @Override
    public void configure(Map<String, ?> configs) {}
  }

  @ParameterizedTest
  @EnumSource(Strategy.class)
  void everyIdStrategyWritesTheSerializersIdHeaderAndBytes(Strategy strategy) {
    MockSchemaRegistry registry = ConverterFixtures.freshRegistry();
    Map<String, Object> config = strategy.prepare.apply(registry);
    KavroConverter converter = ConverterPaths.INTERPRETER.converter(registry);
    converter.configure(config, false);
    KavroSerializer serializer = new KavroSerializer(registry);
    serializer.configure(config, false);

    for (int seed = 0; seed < 3; seed++) {
      // The converter first: what it registers, the serializer must find.
      RecordHeaders converterHeaders = new RecordHeaders();
      byte[] actual = converter.fromConnectData("orders", converterHeaders, ORDER, struct(seed));
      RecordHeaders serializerHeaders = new RecordHeaders();
      byte[] expected = serializer.serialize("orders", serializerHeaders, record(seed));
      assertArrayEquals(expected, actual, strategy.name());
      assertArrayEquals(headerValue(serializerHeaders), headerValue(converterHeaders), strategy.name());
      assertEquals(serializerHeaders.toArray().length, converterHeaders.toArray().length);
    }
    if (strategy == Strategy.IN_A_CONTEXT) {
      assertNotNull(registry.latest(":.staging:orders-value"));
      assertThrows(RegistryException.class, () -> registry.latest("orders-value"), "nothing outside the context");
    }
  }

  /** The converter reads what the serializer wrote, and the deserializer what the converter wrote, framing and all. */
  @ParameterizedTest
  @EnumSource(names = {"AUTO_REGISTER", "USE_SCHEMA_ID", "GUID_IN_HEADER", "IN_A_CONTEXT"})
  void eachReadsWhatTheOtherWrote(Strategy strategy) {
    MockSchemaRegistry registry = ConverterFixtures.freshRegistry();
    Map<String, Object> config = strategy.prepare.apply(registry);
    KavroSerializer serializer = new KavroSerializer(registry);
    serializer.configure(config, false);
    KavroConverter converter = ConverterPaths.INTERPRETER.converter(registry);
    converter.configure(config, false);
    KavroDeserializer deserializer = new KavroDeserializer(registry);
    deserializer.configure(config, false);

    RecordHeaders headers = new RecordHeaders();
    byte[] written = serializer.serialize("orders", headers, record(7));
    Struct read = (Struct) converter.toConnectData("orders", headers, written).value();
    assertEquals(7L, read.getInt64("id"));
    assertEquals("item-7", read.getString("item"));
    RecordHeaders converterHeaders = new RecordHeaders();
    byte[] converted = converter.fromConnectData("orders", converterHeaders, ORDER, struct(8));
    GenericRecord back = (GenericRecord) deserializer.deserialize("orders", converterHeaders, converted);
    assertEquals(8L, back.get("id"));
    assertEquals("item-8", back.get("item").toString());
  }

  @Test
  void strictIdChecksRefuseASchemaThatCannotReadTheRecordsInBoth() {
    MockSchemaRegistry registry = ConverterFixtures.freshRegistry();
    int v3 = registry.register("orders-value", AVRO_V3, false);
    bothFail(registry, Map.of("auto.register.schemas", false, "use.schema.id", v3), "Incompatible schema",
        "schema id " + v3, "id.compatibility.strict=false");
  }

  @Test
  void theHeaderPlacementNeedsTheHeadersInBoth() {
    bothFail(ConverterFixtures.freshRegistry(), Map.of("value.schema.id.serializer", "header"), "Missing headers",
        "topic 'orders'");
  }

  /** Writing without headers fails alike in the serializer and the converter, with messages saying {@code says}. */
  private static void bothFail(MockSchemaRegistry registry, Map<String, Object> config, String... says) {
    KavroSerializer serializer = new KavroSerializer(registry);
    serializer.configure(config, false);
    KavroConverter converter = ConverterPaths.INTERPRETER.converter(registry);
    converter.configure(config, false);
    SerializationException serde = assertThrows(SerializationException.class,
        () -> serializer.serialize("orders", record(1)));
    DataException connect = assertThrows(DataException.class,
        () -> converter.fromConnectData("orders", ORDER, struct(1)));
    for (RuntimeException e : List.of(serde, connect)) {
      for (String part : says) {
        assertTrue(e.getMessage().contains(part), part + " in " + e.getMessage());
      }
    }
  }

  /** Ids are looked up in the topic's context, as the deserializer looks them up: one id, two schemas. */
  @Test
  void readsLookIdsUpInTheTopicsContext() throws Exception {
    org.apache.avro.Schema other = new org.apache.avro.Schema.Parser().parse("""
        {"type":"record","name":"Other","namespace":"x","fields":[{"name":"n","type":"int"}]}""");
    try (StubRegistry stub = StubRegistry.start()) {
      stub.on("GET /schemas/ids/1?subject=:.staging:staging.orders-value",
          StubRegistry.Response.ok(Map.of("schema", AVRO.toString())));
      stub.on("GET /schemas/ids/1?subject=orders-value", StubRegistry.Response.ok(Map.of("schema", other.toString())));
      KavroConverter converter = new KavroConverter();
      converter.configure(Map.of("schema.registry.url", stub.url(), "context.name.strategy",
          StagingTopics.class.getName()), false);
      GenericData.Record otherRecord = new GenericData.Record(other);
      otherRecord.put("n", 5);
      for (int round = 0; round < 2; round++) {
        Struct staged = (Struct) converter.toConnectData("staging.orders",
            ConverterFixtures.confluentBytes(1, AVRO, record(3))).value();
        assertEquals(3L, staged.getInt64("id"));
        Struct plain = (Struct) converter.toConnectData("orders",
            ConverterFixtures.confluentBytes(1, other, otherRecord)).value();
        assertEquals(5, plain.getInt32("n"));
      }
      converter.close();
    }
  }

  /** Topics named {@code staging.*} live in the context {@code staging}; the rest in the default context. */
  public static final class StagingTopics implements ContextNameStrategy {
    @Override
    public String contextName(String topic) {
      return topic.startsWith("staging.") ? "staging" : null;
    }
  }

  @Test
  void theDeserializerPlacementKeysChooseWhereTheConverterReadsTheId() {
    MockSchemaRegistry registry = ConverterFixtures.freshRegistry();
    int inPrefix = registry.register("orders-value", AVRO, false);
    int inHeader = registry.register("other-value", AVRO_V2, false);
    byte[] framed = ConverterFixtures.confluentBytes(inPrefix, AVRO, record(4));
    RecordHeaders headers = new RecordHeaders();
    headers.add(WireFormat.VALUE_SCHEMA_ID_HEADER, WireFormat.idPrefix(inHeader));

    KavroConverter prefixOnly = ConverterPaths.INTERPRETER.converter(registry);
    prefixOnly.configure(Map.of("value.schema.id.deserializer", "prefix"), false);
    assertNull(prefixOnly.toConnectData("orders", headers, framed).schema().field("currency"));
    KavroConverter dual = ConverterPaths.INTERPRETER.converter(registry);
    dual.configure(Map.of(), false);
    GenericData.Record v2 = new GenericData.Record(AVRO_V2);
    v2.put("id", 5L);
    v2.put("item", "five");
    v2.put("currency", "CHF");
    byte[] v2Body = java.util.Arrays.copyOfRange(ConverterFixtures.confluentBytes(inHeader, AVRO_V2, v2),
        WireFormat.ID_PREFIX_LENGTH, ConverterFixtures.confluentBytes(inHeader, AVRO_V2, v2).length);
    assertEquals("CHF", ((Struct) dual.toConnectData("orders", headers, v2Body).value()).getString("currency"));
    KavroConverter configured = ConverterPaths.INTERPRETER.converter(registry);
    configured.configure(Map.of("value.schema.id.deserializer", "config", "use.schema.id", inPrefix), false);
    byte[] body = java.util.Arrays.copyOfRange(framed, WireFormat.ID_PREFIX_LENGTH, framed.length);
    assertEquals(4L, ((Struct) configured.toConnectData("orders", headers, body).value()).getInt64("id"));
  }

  @Test
  void aGuidFramedRecordNamesItsGuidWhenItFails() {
    MockSchemaRegistry registry = ConverterFixtures.freshRegistry();
    KavroConverter converter = ConverterPaths.INTERPRETER.converter(registry);
    converter.configure(Map.of(), false);
    UUID unknown = UUID.randomUUID();
    byte[] framed = WireFormat.toBytes(SchemaId.ofGuid(unknown));
    DataException e = assertThrows(DataException.class, () -> converter.toConnectData("orders", framed));
    assertTrue(e.getMessage().contains("schema id guid " + unknown), e.getMessage());
    assertNotNull(e.getCause());
  }

  private static byte[] headerValue(Headers headers) {
    Header header = headers.lastHeader(WireFormat.VALUE_SCHEMA_ID_HEADER);
    return header == null ? null : header.value();
  }

  static Struct struct(int seed) {
    return new Struct(ORDER).put("id", (long) seed).put("item", "item-" + seed)
        .put("note", seed % 2 == 0 ? null : "n" + seed);
  }

  static GenericRecord record(int seed) {
    GenericData.Record record = new GenericData.Record(AVRO);
    record.put("id", (long) seed);
    record.put("item", "item-" + seed);
    record.put("note", seed % 2 == 0 ? null : "n" + seed);
    return record;
  }
}
