package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;

import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectSchema;
import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.registry.MockSchemaRegistry;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The interpreter against the generic (GenericRecord-then-convert) path, in every compile mode. */
class ConnectReadInterpreterTest {
  static final Schema RICH = new Schema.Parser().parse("""
      {"type":"record","name":"Rich","namespace":"ns","fields":[
        {"name":"kind","type":{"type":"enum","name":"Kind","symbols":["A","B"]}},
        {"name":"micros","type":{"type":"long","logicalType":"timestamp-micros"}},
        {"name":"tmicros","type":{"type":"long","logicalType":"time-micros"}},
        {"name":"local","type":{"type":"long","logicalType":"local-timestamp-millis"}},
        {"name":"id","type":{"type":"string","logicalType":"uuid"}},
        {"name":"fx","type":{"type":"fixed","name":"F2","size":2}},
        {"name":"dec","type":{"type":"fixed","name":"D4","size":4,"logicalType":"decimal","precision":8,"scale":1}},
        {"name":"opt","type":["null",{"type":"record","name":"In","fields":[{"name":"v","type":"int"}]}],
         "default":null}]}""");

  static GenericData.Record rich(int seed) {
    GenericData.Record r = new GenericData.Record(RICH);
    r.put("kind", new GenericData.EnumSymbol(RICH.getField("kind").schema(), seed % 2 == 0 ? "A" : "B"));
    r.put("micros", 1_700_000_000_123_456L + seed);
    r.put("tmicros", 3_600_000_123L + seed);
    r.put("local", 1_700_000_000_123L);
    r.put("id", "00000000-0000-0000-0000-00000000000" + seed);
    r.put("fx", new GenericData.Fixed(RICH.getField("fx").schema(), new byte[] {1, (byte) seed}));
    r.put("dec", new GenericData.Fixed(RICH.getField("dec").schema(), new byte[] {0, 0, 1, (byte) seed}));
    GenericData.Record in = new GenericData.Record(RICH.getField("opt").schema().getTypes().get(1));
    in.put("v", seed);
    r.put("opt", seed % 2 == 0 ? null : in);
    return r;
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void equalsTheGenericPathForEveryMappedType(String mode) {
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter interpreter = converter(false, Map.of("kavro.reader.mode", mode), ConverterPaths.INTERPRETER,
        registry);
    KavroConverter generic = converter(false, Map.of("kavro.reader.mode", mode), ConverterPaths.GENERIC,
        registry);
    int id = registry.register("r-value", RICH, false);
    for (int seed = 0; seed < 4; seed++) {
      byte[] bytes = confluentBytes(id, RICH, rich(seed));
      SchemaAndValue expected = generic.toConnectData("r", bytes);
      assertEquals(expected, interpreter.toConnectData("r", bytes));
      byte[] everything = generic.fromConnectData("e", EVERYTHING, everything(seed));
      assertEquals(generic.toConnectData("e", everything), interpreter.toConnectData("e", everything));
      assertEquals(everything(seed), interpreter.toConnectData("e", everything).value());
    }
  }

  @Test
  void coversRecordsPrimitivesOptionalsArraysMapsAndLogicalTypesWithoutTheGenericPath() {
    Schema everything = dev.kavro.connect.data.ConnectToAvroSchema.convert(EVERYTHING, AvroDataSettings.DEFAULTS);
    assertInstanceOf(ConnectReadInterpreter.class, ConnectReadInterpreter.create(everything, everything, EVERYTHING,
        AvroDataSettings.DEFAULTS, CompileMode.FALLBACK, StructFiller.DEFAULT));
    assertInstanceOf(ConnectReadInterpreter.class, ConnectReadInterpreter.create(RICH, RICH,
        AvroToConnectSchema.convert(RICH, null, AvroDataSettings.DEFAULTS), AvroDataSettings.DEFAULTS,
        CompileMode.FALLBACK, StructFiller.DEFAULT));
  }

  @Test
  void readsGeneralUnionsWithTheInterpreter() {
    Schema union = new Schema.Parser().parse("""
        {"type":"record","name":"U","fields":[{"name":"u","type":["int","string"]}]}""");
    assertInstanceOf(ConnectReadInterpreter.class, ConnectReadInterpreter.create(union, union,
        AvroToConnectSchema.convert(union, null, AvroDataSettings.DEFAULTS), AvroDataSettings.DEFAULTS,
        CompileMode.FALLBACK, StructFiller.DEFAULT));
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("u-value", union, false);
    GenericData.Record r = new GenericData.Record(union);
    r.put("u", "s");
    Struct value = (Struct) converter(false, Map.of(), ConverterPaths.INTERPRETER, registry)
        .toConnectData("u", confluentBytes(id, union, r)).value();
    assertEquals("s", value.getStruct("u").get("string"));
  }

  @Test
  void readsPrimitiveDefaultsForFieldsTheWriterLacks() {
    Schema writer = new Schema.Parser().parse("""
        {"type":"record","name":"W","fields":[{"name":"a","type":"int"},{"name":"gone","type":"string"}]}""");
    Schema reader = new Schema.Parser().parse("""
        {"type":"record","name":"W","fields":[{"name":"a","type":"long"},
          {"name":"s","type":"string","default":"dflt"},{"name":"n","type":["null","int"],"default":null},
          {"name":"list","type":{"type":"array","items":"int"},"default":[]}]}""");
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("w-value", writer, false);
    GenericData.Record r = new GenericData.Record(writer);
    r.put("a", 3);
    r.put("gone", "x");
    byte[] bytes = confluentBytes(id, writer, r);
    Map<String, Object> config = Map.of("kavro.reader.schema", reader.toString());
    SchemaAndValue interpreted = converter(false, config, ConverterPaths.INTERPRETER, registry).toConnectData("w", bytes);
    SchemaAndValue generic = converter(false, config, ConverterPaths.GENERIC, registry).toConnectData("w",
        bytes);
    assertEquals(generic, interpreted);
    assertEquals(3L, ((Struct) interpreted.value()).get("a"));
    assertEquals("dflt", ((Struct) interpreted.value()).get("s"));
    assertEquals(List.of(), ((Struct) interpreted.value()).get("list"));
  }
}
