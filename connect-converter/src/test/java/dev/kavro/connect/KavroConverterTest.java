package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.wire.WireFormat;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.UUID;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.HeaderConverter;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

class KavroConverterTest {

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void roundTripsEveryTypeInEveryMode(String mode) {
    KavroConverter converter = converter(false, Map.of("kavro.reader.mode", mode), ConverterPaths.INTERPRETER,
        freshRegistry());
    for (int seed = 0; seed < 4; seed++) {
      Struct value = everything(seed);
      byte[] bytes = converter.fromConnectData("orders", EVERYTHING, value);
      SchemaAndValue back = converter.toConnectData("orders", bytes);
      assertEquals(EVERYTHING, back.schema());
      assertEquals(value, back.value());
    }
  }

  @Test
  void registersTheSchemaConfluentWouldRegisterUnderTheTopicSubject() throws Exception {
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, registry);
    converter.fromConnectData("orders", EVERYTHING, everything(1));
    org.apache.avro.Schema registered = registry.latest("orders-value").schema();
    assertEquals("com.acme.Everything", registered.getFullName());
    assertEquals("int8", registered.getField("i8").schema().getProp("connect.type"));
    assertEquals("array", registered.getField("byId").schema().getType().getName());
    assertEquals("io.confluent.connect.avro.MapEntry",
        registered.getField("byId").schema().getElementType().getFullName());
  }

  @Test
  void decodesBytesWrittenByAnyConfluentCompatibleSerializer() {
    MockSchemaRegistry registry = freshRegistry();
    org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse("""
        {"type":"record","name":"User","namespace":"ns","fields":[
          {"name":"name","type":"string"},
          {"name":"age","type":["null","int"],"default":null},
          {"name":"kind","type":{"type":"enum","name":"Kind","symbols":["A","B"]}},
          {"name":"either","type":["int","string"]},
          {"name":"raw","type":{"type":"fixed","name":"Two","size":2}}]}""");
    int id = registry.register("users-value", avro, false);
    GenericData.Record record = new GenericData.Record(avro);
    record.put("name", "ann");
    record.put("age", 42);
    record.put("kind", new GenericData.EnumSymbol(avro.getField("kind").schema(), "B"));
    record.put("either", "s");
    record.put("raw", new GenericData.Fixed(avro.getField("raw").schema(), new byte[] {7, 8}));
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, registry);

    SchemaAndValue result = converter.toConnectData("users", confluentBytes(id, avro, record));

    Schema kind = result.schema().field("kind").schema();
    Schema either = result.schema().field("either").schema();
    assertEquals(1, result.schema().version());
    Struct expected = new Struct(result.schema()).put("name", "ann").put("age", 42).put("kind", "B")
        .put("either", new Struct(either).put("string", "s")).put("raw", ByteBuffer.wrap(new byte[] {7, 8}));
    assertEquals(expected, result.value());
    assertEquals("ns.Kind", kind.parameters().get("io.confluent.connect.avro.Enum"));
    assertEquals("io.confluent.connect.avro.Union", either.name());
  }

  @Test
  void roundTripsTopLevelPrimitivesWithTheirConnectTypes() {
    KavroConverter converter = converter(true, Map.of(), ConverterPaths.INTERPRETER, freshRegistry());
    for (Object[] c : List.of(new Object[] {Schema.INT8_SCHEMA, (byte) 3}, new Object[] {Schema.STRING_SCHEMA, "k"},
        new Object[] {Schema.INT64_SCHEMA, 5L}, new Object[] {Schema.BYTES_SCHEMA, ByteBuffer.wrap(new byte[] {9})},
        new Object[] {SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.STRING_SCHEMA).build(), Map.of(1, "a")})) {
      Schema schema = (Schema) c[0];
      SchemaAndValue back = converter.toConnectData("t", converter.fromConnectData("t", schema, c[1]));
      assertEquals(schema.type(), back.schema().type());
      assertEquals(c[1], back.value());
    }
  }

  @Test
  void writesTopLevelBytesRawAsConfluentDoes() {
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, freshRegistry());
    byte[] bytes = converter.fromConnectData("t", Schema.BYTES_SCHEMA, ByteBuffer.wrap(new byte[] {1, 2, 3}));
    assertEquals(WireFormat.ID_PREFIX_LENGTH + 3, bytes.length);
    assertArrayEquals(new byte[] {1, 2, 3}, java.util.Arrays.copyOfRange(bytes, 5, 8));
  }

  @Test
  void nullBytesGiveNullSchemaAndValue() {
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, freshRegistry());
    assertSame(SchemaAndValue.NULL, converter.toConnectData("t", null));
  }

  @Test
  void nullWithOptionalSchemaIsATombstoneAndWithRequiredSchemaFails() {
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, freshRegistry());
    assertNull(converter.fromConnectData("t", Schema.OPTIONAL_STRING_SCHEMA, null));
    assertNull(converter.fromConnectData("t", null, null));
    DataException e = assertThrows(DataException.class, () -> converter.fromConnectData("t", EVERYTHING, null));
    assertTrue(e.getMessage().contains("non-optional"), e.getMessage());
  }

  @Test
  void isKeySelectsTheKeySubject() throws Exception {
    MockSchemaRegistry registry = freshRegistry();
    converter(true, Map.of(), ConverterPaths.INTERPRETER, registry).fromConnectData("t", Schema.STRING_SCHEMA, "k");
    assertEquals("string", registry.latest("t-key").schema().getType().getName());
    assertThrows(RegistryException.class, () -> registry.latest("t-value"));
  }

  @Test
  void isKeySelectsTheKeySchemaIdHeader() {
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter keys = converter(true, Map.of(), ConverterPaths.INTERPRETER, registry);
    int intId = registry.register("x", org.apache.avro.Schema.create(org.apache.avro.Schema.Type.INT), false);
    byte[] stringBytes = keys.fromConnectData("t", Schema.STRING_SCHEMA, "k");
    byte[] body = java.util.Arrays.copyOfRange(stringBytes, 5, stringBytes.length);
    RecordHeaders headers = new RecordHeaders();
    int stringId = WireFormat.readInt(stringBytes, 1);
    headers.add(WireFormat.KEY_SCHEMA_ID_HEADER, WireFormat.idPrefix(stringId));
    headers.add(WireFormat.VALUE_SCHEMA_ID_HEADER, WireFormat.idPrefix(intId));
    assertEquals("k", keys.toConnectData("t", headers, body).value());
  }

  @Test
  void serdeOnlyKeysAreWarnedNotSilentlyIgnored() {
    ch.qos.logback.classic.Logger logger =
        (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(KavroConverter.class);
    ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent> appender =
        new ch.qos.logback.core.read.ListAppender<>();
    appender.start();
    logger.addAppender(appender);
    try {
      // The schema id placement and context keys are the core's now, and do what they do in the serdes.
      converter(false, Map.of("schema.reflection", true, "value.schema.id.serializer", "header",
          "context.name.strategy", "io.confluent.kafka.serializers.context.NullContextNameStrategy"),
          ConverterPaths.INTERPRETER, freshRegistry());
      List<String> warnings = appender.list.stream().map(e -> e.getFormattedMessage()).toList();
      assertEquals(1, warnings.stream().filter(m -> m.contains("KavroConverter does not support")).count(),
          warnings.toString());
      assertTrue(warnings.stream().anyMatch(m -> m.contains("'schema.reflection'")), warnings.toString());
    } finally {
      logger.detachAppender(appender);
    }
  }

  @Test
  void failuresNameTopicSideAndSchemaId() {
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, freshRegistry());
    DataException unknown = assertThrows(DataException.class,
        () -> converter.toConnectData("orders", new byte[] {0, 0, 0, 0, 99, 1}));
    assertTrue(unknown.getMessage().contains("topic 'orders', value, schema id 99"), unknown.getMessage());
    DataException magic = assertThrows(DataException.class, () -> converter.toConnectData("orders", new byte[] {7}));
    assertTrue(magic.getMessage().contains("magic byte"), magic.getMessage());
    byte[] good = converter.fromConnectData("orders", EVERYTHING, everything(1));
    DataException truncated = assertThrows(DataException.class,
        () -> converter.toConnectData("orders", java.util.Arrays.copyOf(good, 12)));
    assertTrue(truncated.getMessage().contains("schema id " + WireFormat.readInt(good, 1)), truncated.getMessage());
    Struct wrong = new Struct(SchemaBuilder.struct().field("a", Schema.INT32_SCHEMA).build()).put("a", 1);
    assertThrows(DataException.class, () -> converter.fromConnectData("orders", EVERYTHING, wrong));
  }

  @Test
  void registryTimeoutsAreRetriable() {
    SchemaRegistry timingOut = new ThrowingRegistry(new RegistryException("timed out", 0, 0, true, null));
    KavroConverter converter = ConverterPaths.INTERPRETER.converter(timingOut);
    converter.configure(Map.of(), false);
    assertThrows(RetriableException.class, () -> converter.toConnectData("t", new byte[] {0, 0, 0, 0, 1, 2}));
    assertThrows(RetriableException.class, () -> converter.fromConnectData("t", Schema.STRING_SCHEMA, "x"));
    SchemaRegistry failing = new ThrowingRegistry(new RegistryException("bad", 422, 42201));
    KavroConverter other = ConverterPaths.INTERPRETER.converter(failing);
    other.configure(Map.of(), false);
    assertThrows(DataException.class, () -> other.fromConnectData("t", Schema.STRING_SCHEMA, "x"));
  }

  /** The converter retries exactly what the registry client retries: one list of retriable answers. */
  @Test
  void retriableRegistryAnswersAreRetriableTasks() {
    for (int status : new int[] {400, 401, 403, 404, 408, 409, 422, 429, 500, 501, 502, 503, 504}) {
      RegistryException answer = new RegistryException("status " + status, status, status * 100);
      KavroConverter converter = ConverterPaths.INTERPRETER.converter(new ThrowingRegistry(answer));
      converter.configure(Map.of(), false);
      Class<? extends RuntimeException> expected = answer.isRetriable() ? RetriableException.class
          : DataException.class;
      RuntimeException read = assertThrows(RuntimeException.class,
          () -> converter.toConnectData("t", new byte[] {0, 0, 0, 0, 1, 2}));
      assertEquals(expected, read.getClass(), "read, status " + status);
      RuntimeException write = assertThrows(RuntimeException.class,
          () -> converter.fromConnectData("t", Schema.STRING_SCHEMA, "x"));
      assertEquals(expected, write.getClass(), "write, status " + status);
    }
    assertTrue(new RegistryException("bad gateway", 502, 50200).isRetriable(), "a proxy's 502 is transient");
  }

  @Test
  void isFoundByTheServiceLoaderAsConverterAndHeaderConverter() {
    assertTrue(ServiceLoader.load(Converter.class).stream().anyMatch(p -> p.type() == KavroConverter.class));
    assertTrue(ServiceLoader.load(HeaderConverter.class).stream().anyMatch(p -> p.type() == KavroConverter.class));
  }

  @Test
  void configDefNamesConfluentAndSerdeKeys() {
    var keys = new KavroConverter().config().names();
    for (String key : List.of("schemas.cache.config", "enhanced.avro.schema.support", "connect.meta.data",
        "scrub.invalid.names", "generalized.sum.type.support", "ignore.default.for.nullables",
        "allow.optional.map.keys", "flatten.singleton.unions", "schema.registry.url", "auto.register.schemas",
        "use.latest.version", "kavro.reader.mode", "kavro.connect.target.schema", "converter.type")) {
      assertTrue(keys.contains(key), key);
    }
  }

  @Test
  void headerConverterRoundTrips() {
    KavroConverter converter = new KavroConverter(freshRegistry());
    converter.configure(Map.of("converter.type", "header"));
    byte[] bytes = converter.fromConnectHeader("t", "h", Schema.INT32_SCHEMA, 5);
    assertEquals(5, converter.toConnectHeader("t", "h", bytes).value());
  }

  @Test
  void unconfiguredConverterFailsClearly() {
    KavroConverter converter = new KavroConverter(freshRegistry());
    assertThrows(DataException.class, () -> converter.toConnectData("t", new byte[] {0, 0, 0, 0, 1}));
  }

  /** A registry whose every call fails with one exception. */
  private record ThrowingRegistry(RegistryException failure) implements SchemaRegistry {
    @Override
    public org.apache.avro.Schema schemaById(int id) {
      throw failure;
    }

    @Override
    public org.apache.avro.Schema schemaByGuid(UUID guid) {
      throw failure;
    }

    @Override
    public int register(String subject, String schemaText, List<dev.kavro.registry.SchemaReference> references,
        boolean normalize) {
      throw failure;
    }

    @Override
    public dev.kavro.registry.RegisteredSchema lookup(String subject, String schemaText,
        List<dev.kavro.registry.SchemaReference> references, boolean normalize) {
      throw failure;
    }

    @Override
    public dev.kavro.registry.RegisteredSchema latest(String subject) {
      throw failure;
    }

    @Override
    public dev.kavro.registry.RegisteredSchema version(String subject, int version) {
      throw failure;
    }

    @Override
    public void close() {}
  }
}
