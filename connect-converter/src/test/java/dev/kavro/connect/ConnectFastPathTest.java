package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.testing.RandomData;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The interpreter against the generic (GenericRecord) path, in every compile mode: equal Connect
 * schemas and values for reads, equal bytes for writes, on fixture schemas and random data.
 */
class ConnectFastPathTest {
  static final Schema UNIONS = new Schema.Parser().parse("""
      {"type":"record","name":"Unions","namespace":"ns","fields":[
        {"name":"u","type":["int","string",{"type":"record","name":"Rec","fields":[{"name":"a","type":"long"}]},
          "bytes"]},
        {"name":"color","type":["null",{"type":"enum","name":"Color","symbols":["RED","GREEN"]}]},
        {"name":"nu","type":["null","int","string",{"type":"array","items":"string"}],"default":null},
        {"name":"deep","type":{"type":"array","items":["null","double",{"type":"map","values":"long"}]}},
        {"name":"fx","type":["null",{"type":"fixed","name":"Four","size":4}]},
        {"name":"date","type":["null",{"type":"int","logicalType":"date"}]},
        {"name":"ts","type":{"type":"long","logicalType":"timestamp-millis"}},
        {"name":"dec","type":{"type":"bytes","logicalType":"decimal","precision":10,"scale":3}},
        {"name":"nested","type":{"type":"map","values":{"type":"array","items":"Rec"}}},
        {"name":"f","type":"float"},{"name":"b","type":"boolean"}]}""");

  static final Schema DEFAULTS_WRITER = new Schema.Parser().parse("""
      {"type":"record","name":"D","fields":[{"name":"id","type":"int"},{"name":"gone","type":{"type":"array",
        "items":{"type":"record","name":"G","fields":[{"name":"g","type":"string"}]}}}]}""");
  static final Schema DEFAULTS_READER = new Schema.Parser().parse("""
      {"type":"record","name":"D","fields":[{"name":"id","type":"long"},
        {"name":"rec","type":{"type":"record","name":"In","fields":[{"name":"x","type":"int"},
          {"name":"s","type":"string"}]},"default":{"x":7,"s":"seven"}},
        {"name":"list","type":{"type":"array","items":"int"},"default":[1,2,3]},
        {"name":"map","type":{"type":"map","values":"string"},"default":{"k":"v"}},
        {"name":"emptyMap","type":{"type":"map","values":"string"},"default":{}},
        {"name":"day","type":{"type":"int","logicalType":"date"},"default":19000},
        {"name":"color","type":{"type":"enum","name":"C","symbols":["R","G"]},"default":"G"},
        {"name":"blob","type":"bytes","default":"ab"},
        {"name":"opt","type":["null","string"],"default":null}]}""");

  /** Every plain primitive, required and optional, as a wide record writes them without nodes. */
  static final Schema FLAT = new Schema.Parser().parse("""
      {"type":"record","name":"Flat","fields":[
        {"name":"s","type":"string"},{"name":"i","type":"int"},{"name":"l","type":"long"},
        {"name":"f","type":"float"},{"name":"d","type":"double"},{"name":"b","type":"boolean"},
        {"name":"os","type":["null","string"]},{"name":"oi","type":["null","int"]},
        {"name":"ol","type":["null","long"]},{"name":"of","type":["null","float"]},
        {"name":"od","type":["null","double"]},{"name":"ob","type":["null","boolean"]},
        {"name":"so","type":["string","null"]},{"name":"io","type":["int","null"]}]}""");

  private static final String[] MODES = {"async", "compiled", "fallback"};

  private record Pair(KavroConverter interpreter, KavroConverter generic) {}

  private static Pair converters(MockSchemaRegistry registry, String mode, Map<String, Object> extra) {
    return converters(registry, mode, extra, ConverterPaths.INTERPRETER);
  }

  private static Pair converters(MockSchemaRegistry registry, String mode, Map<String, Object> extra,
      ConverterPaths interpreter) {
    Map<String, Object> config = new HashMap<>(extra);
    config.put("kavro.reader.mode", mode);
    return new Pair(converter(false, config, interpreter, registry),
        converter(false, config, ConverterPaths.GENERIC, registry));
  }

  /** Reads {@code bytes} both ways; checks equal results and valid structs; writes the result back both ways. */
  private static void checkBothWays(Pair pair, String topic, byte[] bytes) {
    SchemaAndValue expected = pair.generic.toConnectData(topic, bytes);
    SchemaAndValue actual = pair.interpreter.toConnectData(topic, bytes);
    assertEquals(expected.schema(), actual.schema());
    assertEquals(expected.value(), actual.value());
    if (actual.value() instanceof Struct struct) {
      struct.validate();
    }
    byte[] genericBytes = pair.generic.fromConnectData(topic + "-out", expected.schema(), expected.value());
    byte[] interpretedBytes = pair.interpreter.fromConnectData(topic + "-out", expected.schema(), expected.value());
    assertArrayEquals(genericBytes, interpretedBytes);
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void randomDataReadsAndWritesAsTheGenericPath(String mode) {
    randomDataReadsAndWritesAsTheGenericPath(mode, ConverterPaths.INTERPRETER);
  }

  private static void randomDataReadsAndWritesAsTheGenericPath(String mode, ConverterPaths interpreter) {
    for (Map<String, Object> settings : List.of(Map.<String, Object>of(),
        Map.<String, Object>of("generalized.sum.type.support", true, "enhanced.avro.schema.support", true))) {
      MockSchemaRegistry registry = freshRegistry();
      Pair pair = converters(registry, mode, settings, interpreter);
      for (Schema schema : List.of(UNIONS, ConnectReadInterpreterTest.RICH, FLAT)) {
        int id = registry.register("t-value", schema, false);
        RandomData random = new RandomData(new Random(schema.getFullName().hashCode()), GenericData.get());
        for (int i = 0; i < 60; i++) {
          checkBothWays(pair, "t", confluentBytes(id, schema, random.next(schema)));
        }
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void structPutFallbackGivesTheSameResults(String mode) {
    assertTrue(StructFiller.DEFAULT.isPositional(), "the differential tests above must run on positional filling");
    randomDataReadsAndWritesAsTheGenericPath(mode, ConverterPaths.INTERPRETER_THROUGH_PUT);
    randomConnectStructsWriteTheGenericPathsBytes(mode, ConverterPaths.INTERPRETER_THROUGH_PUT);
    structuredDefaultsReadAsTheGenericPath(mode, ConverterPaths.INTERPRETER_THROUGH_PUT);
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void nullForARequiredTargetFieldFailsAsOnTheGenericPath(String mode) {
    org.apache.avro.Schema writer = new Schema.Parser().parse("""
        {"type":"record","name":"N","fields":[{"name":"s","type":["null","string"]},
          {"name":"r","type":{"type":"record","name":"R","fields":[{"name":"t","type":["null","string"]}]}}]}""");
    org.apache.kafka.connect.data.Schema inner = org.apache.kafka.connect.data.SchemaBuilder.struct().name("R")
        .field("t", org.apache.kafka.connect.data.Schema.STRING_SCHEMA).build();
    org.apache.kafka.connect.data.Schema target = org.apache.kafka.connect.data.SchemaBuilder.struct().name("N")
        .field("s", org.apache.kafka.connect.data.Schema.OPTIONAL_STRING_SCHEMA).field("r", inner).build();
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("n-value", writer, false);
    GenericData.Record r = new GenericData.Record(writer.getField("r").schema());
    GenericData.Record record = new GenericData.Record(writer);
    record.put("r", r);
    byte[] bytes = confluentBytes(id, writer, record);
    for (ConverterPaths paths : List.of(ConverterPaths.INTERPRETER,
        ConverterPaths.INTERPRETER_THROUGH_PUT)) {
      Pair pair = converters(registry, mode, Map.of(), paths);
      DataException expected = assertThrows(DataException.class,
          () -> pair.generic.toConnectData("n", null, bytes, target));
      DataException actual = assertThrows(DataException.class,
          () -> pair.interpreter.toConnectData("n", null, bytes, target));
      assertTrue(actual.getMessage().contains("schema id " + id), actual.getMessage());
      assertTrue(expected.getMessage().contains("schema id " + id), expected.getMessage());
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void arrayBlocksClaimingMoreElementsThanTheBytesHoldFailBeforeAllocating(String mode) {
    Schema writer = new Schema.Parser().parse("""
        {"type":"record","name":"A","fields":[{"name":"xs","type":{"type":"array","items":"double"}},
          {"name":"m","type":{"type":"array","items":{"type":"record","name":"E","fields":[
            {"name":"key","type":"long"},{"name":"value","type":"double"}]}}}]}""");
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("a-value", writer, false);
    Pair pair = converters(registry, mode, Map.of());
    byte[] prefix = dev.kavro.wire.WireFormat.idPrefix(id);
    // 3 doubles claimed (at least 24 bytes), 16 present; then a valid xs and 2 entries claimed (18 bytes), 9 present.
    byte[][] bodies = {{6, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
        {2, 0, 0, 0, 0, 0, 0, 0, 0, 0, 4, 2, 0, 0, 0, 0, 0, 0, 0, 0}};
    for (byte[] body : bodies) {
      byte[] bytes = new byte[prefix.length + body.length];
      System.arraycopy(prefix, 0, bytes, 0, prefix.length);
      System.arraycopy(body, 0, bytes, prefix.length, body.length);
      for (KavroConverter converter : List.of(pair.interpreter, pair.generic)) {
        DataException e = assertThrows(DataException.class, () -> converter.toConnectData("a", bytes));
        assertInstanceOf(java.io.EOFException.class, e.getCause(), e.toString());
        assertTrue(e.getCause().getMessage().contains("claims"), e.getCause().getMessage());
      }
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void wideRecordsSplitIntoChunksReadAndWriteAsTheGenericPath(String mode) {
    org.apache.avro.SchemaBuilder.FieldAssembler<Schema> fields =
        org.apache.avro.SchemaBuilder.record("Wide").fields();
    for (int i = 0; i < 400; i++) {
      fields = switch (i % 4) {
        case 0 -> fields.requiredString("s" + i);
        case 1 -> fields.optionalLong("l" + i);
        case 2 -> fields.name("r" + i).type(ConnectReadInterpreterTest.RICH).noDefault();
        default -> fields.requiredDouble("d" + i);
      };
    }
    Schema wide = fields.endRecord();
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("w-value", wide, false);
    Pair pair = converters(registry, mode, Map.of());
    RandomData random = new RandomData(new Random(17), GenericData.get());
    for (int i = 0; i < 5; i++) {
      // In compiled mode a read that does not throw ran compiled (chunked) code.
      checkBothWays(pair, "w", confluentBytes(id, wide, random.next(wide)));
    }
  }

  @Test
  void aFailedWriteLeavesNothingBehindForTheNextRecord() {
    MockSchemaRegistry registry = freshRegistry();
    Pair pair = converters(registry, "async", Map.of());
    Struct bad = everything(3);
    // A struct whose required field "text" was never set: the write fails midway, after other fields' bytes.
    Struct half = new Struct(EVERYTHING);
    for (org.apache.kafka.connect.data.Field f : EVERYTHING.fields()) {
      if (!f.name().equals("text")) {
        half.put(f, bad.get(f));
      }
    }
    for (KavroConverter converter : List.of(pair.interpreter, pair.generic)) {
      DataException e = assertThrows(DataException.class, () -> converter.fromConnectData("e", EVERYTHING, half));
      assertTrue(e.getMessage().contains("text"), e.getMessage());
    }
    Struct good = everything(4);
    assertArrayEquals(pair.generic.fromConnectData("e", EVERYTHING, good),
        pair.interpreter.fromConnectData("e", EVERYTHING, good));
  }

  @Test
  void convertersAreSharedSafelyBetweenThreads() throws Exception {
    MockSchemaRegistry registry = freshRegistry();
    Pair pair = converters(registry, "async", Map.of());
    java.util.concurrent.ExecutorService pool = java.util.concurrent.Executors.newFixedThreadPool(3);
    try {
      List<java.util.concurrent.Future<?>> done = new java.util.ArrayList<>();
      for (int t = 0; t < 3; t++) {
        int seed = t;
        done.add(pool.submit(() -> {
          for (int i = 0; i < 200; i++) {
            Struct value = everything(seed * 1000 + i);
            byte[] bytes = pair.interpreter.fromConnectData("e", EVERYTHING, value);
            assertArrayEquals(pair.generic.fromConnectData("e", EVERYTHING, value), bytes);
            assertEquals(pair.generic.toConnectData("e", bytes), pair.interpreter.toConnectData("e", bytes));
          }
          return null;
        }));
      }
      for (java.util.concurrent.Future<?> f : done) {
        f.get();
      }
    } finally {
      pool.shutdownNow();
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void randomConnectStructsWriteTheGenericPathsBytes(String mode) {
    randomConnectStructsWriteTheGenericPathsBytes(mode, ConverterPaths.INTERPRETER);
  }

  private static void randomConnectStructsWriteTheGenericPathsBytes(String mode, ConverterPaths interpreter) {
    MockSchemaRegistry registry = freshRegistry();
    Pair pair = converters(registry, mode, Map.of(), interpreter);
    Random random = new Random(42);
    for (int i = 0; i < 50; i++) {
      Struct value = everything(random.nextInt(1000));
      if (random.nextBoolean()) {
        value.put("counts", Map.of("x" + i, i, "y", 2, "z" + random.nextInt(), 3));
      }
      byte[] expected = pair.generic.fromConnectData("e", EVERYTHING, value);
      assertArrayEquals(expected, pair.interpreter.fromConnectData("e", EVERYTHING, value));
      checkBothWays(pair, "e", expected);
    }
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void structuredDefaultsReadAsTheGenericPath(String mode) {
    structuredDefaultsReadAsTheGenericPath(mode, ConverterPaths.INTERPRETER);
  }

  private static void structuredDefaultsReadAsTheGenericPath(String mode, ConverterPaths interpreter) {
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("d-value", DEFAULTS_WRITER, false);
    Pair pair = converters(registry, mode, Map.of("kavro.reader.schema", DEFAULTS_READER.toString()), interpreter);
    RandomData random = new RandomData(new Random(3), GenericData.get());
    for (int i = 0; i < 5; i++) {
      byte[] bytes = confluentBytes(id, DEFAULTS_WRITER, random.next(DEFAULTS_WRITER));
      // Connect schemas with struct defaults are never equal across converters (AvroData builds such defaults on
      // the schema builder), so both read onto one target instance.
      org.apache.kafka.connect.data.Schema target = pair.generic.toConnectData("d", bytes).schema();
      SchemaAndValue expected = pair.generic.toConnectData("d", null, bytes, target);
      SchemaAndValue first = pair.interpreter.toConnectData("d", null, bytes, target);
      assertEquals(expected, first);
      SchemaAndValue second = pair.interpreter.toConnectData("d", null, bytes, target);
      // Defaults are fresh per record: changing one record's default leaves the next record's alone.
      ((java.util.Date) ((Struct) first.value()).get("day")).setTime(0);
      ((List<Object>) ((Struct) first.value()).get("list")).clear();
      assertEquals(expected, second);
    }
  }

  /**
   * Connect has no compiled code (it was not faster than the node tree): every compile mode is accepted and reads and
   * writes with the tree, so no class is generated or pinned for Connect.
   */
  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void everyCompileModeReadsAndWritesWithTheInterpreter(String mode) {
    List<Object> made = new ArrayList<>();
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter interpreter = new KavroConverter(registry, (writer, reader, connect, settings, m) -> {
      ConnectDecoder decoder = ConverterPaths.INTERPRETER.decoders.decoder(writer, reader, connect, settings, m);
      made.add(decoder);
      return decoder;
    }, (connect, avro, settings, m) -> {
      ConnectEncoder encoder = ConverterPaths.INTERPRETER.encoders.encoder(connect, avro, settings, m);
      made.add(encoder);
      return encoder;
    });
    interpreter.configure(Map.of("kavro.reader.mode", mode), false);
    Pair pair = new Pair(interpreter, converter(false, Map.of("kavro.reader.mode", mode), ConverterPaths.GENERIC,
        registry));
    List<Schema> fixtures = List.of(UNIONS, ConnectReadInterpreterTest.RICH, FLAT);
    for (Schema schema : fixtures) {
      int id = registry.register(schema.getName() + "-value", schema, false);
      RandomData random = new RandomData(new Random(5), GenericData.get());
      for (int i = 0; i < 5; i++) {
        checkBothWays(pair, schema.getName(), confluentBytes(id, schema, random.next(schema)));
      }
    }
    assertEquals(2 * fixtures.size(), made.size(), made.toString());
    for (Object coder : made) {
      assertTrue(coder instanceof ConnectReadInterpreter || coder instanceof ConnectWriteInterpreter, coder.getClass().getName());
    }
  }
}
