package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.registry.MockSchemaRegistry;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

/** Decoding onto a caller's Connect schema: the ksqlDB case rules, nulls for missing fields, skipped extras. */
class ProjectionTest {
  static final org.apache.avro.Schema WRITER = new org.apache.avro.Schema.Parser().parse("""
      {"type":"record","name":"Metric","namespace":"bench","fields":[
        {"name":"id","type":"string"},
        {"name":"iNt","type":"int"},
        {"name":"dropped","type":{"type":"array","items":"string"}},
        {"name":"inner","type":{"type":"record","name":"Inner","fields":[
          {"name":"name","type":"string"},{"name":"x","type":"long"}]}}]}""");

  static final Schema INNER_TARGET = SchemaBuilder.struct().optional()
      .field("NAME", Schema.OPTIONAL_STRING_SCHEMA)
      .field("MISSING", Schema.OPTIONAL_INT32_SCHEMA)
      .build();
  static final Schema TARGET = SchemaBuilder.struct()
      .field("id", Schema.OPTIONAL_STRING_SCHEMA)
      .field("INT", Schema.OPTIONAL_INT64_SCHEMA)
      .field("EXTRA", Schema.OPTIONAL_STRING_SCHEMA)
      .field("INNER", INNER_TARGET)
      .build();

  static byte[] writerBytes(MockSchemaRegistry registry) {
    int id = registry.register("m-value", WRITER, false);
    GenericData.Record inner = new GenericData.Record(WRITER.getField("inner").schema());
    inner.put("name", "n");
    inner.put("x", 7L);
    GenericData.Record record = new GenericData.Record(WRITER);
    record.put("id", "a");
    record.put("iNt", 5);
    record.put("dropped", java.util.List.of("z"));
    record.put("inner", inner);
    return confluentBytes(id, WRITER, record);
  }

  static Struct expected() {
    return new Struct(TARGET).put("id", "a").put("INT", 5L)
        .put("INNER", new Struct(INNER_TARGET).put("NAME", "n"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"async", "compiled", "fallback"})
  void projectsOntoTheCallersSchemaInEveryMode(String mode) {
    MockSchemaRegistry registry = freshRegistry();
    byte[] bytes = writerBytes(registry);
    for (ConverterPaths paths : ConverterPaths.values()) {
      KavroConverter converter = converter(false, Map.of("kavro.reader.mode", mode), paths, registry);
      SchemaAndValue result = converter.toConnectData("m", null, bytes, TARGET);
      assertSame(TARGET, result.schema());
      assertEquals(expected(), result.value());
    }
  }

  @Test
  void exactNameWinsOverTheUpperCasedOne() {
    MockSchemaRegistry registry = freshRegistry();
    org.apache.avro.Schema writer = new org.apache.avro.Schema.Parser().parse("""
        {"type":"record","name":"R","fields":[{"name":"a","type":"int"},{"name":"A","type":"int"}]}""");
    int id = registry.register("r-value", writer, false);
    GenericData.Record record = new GenericData.Record(writer);
    record.put("a", 1);
    record.put("A", 2);
    Schema target = SchemaBuilder.struct().field("A", Schema.OPTIONAL_INT32_SCHEMA).build();
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, registry);
    Struct result = (Struct) converter.toConnectData("r", null, confluentBytes(id, writer, record), target).value();
    assertEquals(2, result.get("A"));
  }

  @Test
  void requiredTargetFieldMissingFromTheWriterFails() {
    MockSchemaRegistry registry = freshRegistry();
    byte[] bytes = writerBytes(registry);
    Schema target = SchemaBuilder.struct().field("nope", Schema.INT32_SCHEMA).build();
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, registry);
    assertThrows(DataException.class, () -> converter.toConnectData("m", null, bytes, target));
  }

  @Test
  void targetSchemaConfigKeyProjectsEveryRecord() {
    MockSchemaRegistry registry = freshRegistry();
    byte[] bytes = writerBytes(registry);
    String targetJson = """
        {"type":"record","name":"T","fields":[
          {"name":"ID","type":["null","string"],"default":null},
          {"name":"other","type":["null","int"],"default":null}]}""";
    KavroConverter converter = converter(false, Map.of("kavro.connect.target.schema", targetJson),
        ConverterPaths.INTERPRETER, registry);
    SchemaAndValue result = converter.toConnectData("m", bytes);
    Schema expectedSchema = SchemaBuilder.struct().name("T")
        .field("ID", Schema.OPTIONAL_STRING_SCHEMA).field("other", Schema.OPTIONAL_INT32_SCHEMA).build();
    assertEquals(expectedSchema, result.schema());
    assertEquals(new Struct(expectedSchema).put("ID", "a"), result.value());
  }

  @Test
  void invalidTargetSchemaConfigIsAConfigError() {
    assertThrows(ConfigException.class, () -> converter(false, Map.of("kavro.connect.target.schema", "{nope"),
        ConverterPaths.INTERPRETER, freshRegistry()));
  }
}
