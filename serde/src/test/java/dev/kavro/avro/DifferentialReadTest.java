package dev.kavro.avro;

import static dev.kavro.avro.Differential.datum;
import static dev.kavro.avro.Differential.read;
import static dev.kavro.avro.Differential.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kavro.testing.Oracle.Outcome;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * One hand-written case per schema-resolution rule: Kavro must read exactly what vanilla Avro reads (fastread on and
 * off), plus the case fallback. Each test also states the expected value outright, so a wrong oracle cannot hide a
 * wrong reader.
 */
class DifferentialReadTest {

  private static Object field(Outcome outcome, String name) {
    assertFalse(outcome.failed(), () -> "read failed: " + outcome.failure());
    return ((GenericRecord) outcome.value()).get(name);
  }

  private static Schema record(String fields) {
    return schema("{\"type\": \"record\", \"name\": \"R\", \"namespace\": \"t\", \"fields\": [" + fields + "]}");
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsIdenticalSchema(CompileMode mode) {
    Schema schema = record("""
        {"name": "b", "type": "boolean"}, {"name": "i", "type": "int"}, {"name": "l", "type": "long"},
        {"name": "f", "type": "float"}, {"name": "d", "type": "double"}, {"name": "s", "type": "string"},
        {"name": "y", "type": "bytes"}, {"name": "n", "type": "null"}""");
    Outcome outcome = read(mode, schema, schema, datum(schema, """
        {"b": true, "i": -7, "l": 1099511627776, "f": 1.5, "d": -2.25, "s": "ñ中😀", "y": "\\u00ff\\u0000", "n": null}""")
    ).get(0);
    assertEquals(-7, field(outcome, "i"));
    assertEquals(new Utf8("ñ中😀"), field(outcome, "s"));
    assertEquals(ByteBuffer.wrap(new byte[] {(byte) 0xff, 0}), field(outcome, "y"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void reordersFields(CompileMode mode) {
    Schema writer = record("""
        {"name": "a", "type": "int"}, {"name": "b", "type": "string"}, {"name": "c", "type": "long"}""");
    Schema reader = record("""
        {"name": "c", "type": "long"}, {"name": "a", "type": "int"}, {"name": "b", "type": "string"}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"a\": 1, \"b\": \"two\", \"c\": 3}")).get(0);
    assertEquals(List.of(3L, 1, new Utf8("two")), List.of(field(outcome, "c"), field(outcome, "a"), field(outcome, "b")));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void skipsRemovedField(CompileMode mode) {
    Schema writer = record("""
        {"name": "keep1", "type": "int"},
        {"name": "gone", "type": {"type": "array", "items": {"type": "record", "name": "G", "fields": [
          {"name": "m", "type": {"type": "map", "values": ["null", "string", {"type": "fixed", "name": "F", "size": 3}]}},
          {"name": "e", "type": {"type": "enum", "name": "E", "symbols": ["X", "Y"]}}]}}},
        {"name": "keep2", "type": "string"}""");
    Schema reader = record("{\"name\": \"keep2\", \"type\": \"string\"}, {\"name\": \"keep1\", \"type\": \"int\"}");
    Outcome outcome = read(mode, writer, reader, datum(writer, """
        {"keep1": 5, "gone": [{"m": {"k": {"string": "v"}, "f": {"t.F": "abc"}, "n": null}, "e": "Y"},
          {"m": {}, "e": "X"}], "keep2": "after"}""")).get(0);
    assertEquals(5, field(outcome, "keep1"));
    assertEquals(new Utf8("after"), field(outcome, "keep2"));
    assertEquals(2, ((GenericRecord) outcome.value()).getSchema().getFields().size());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void fillsAddedFieldsWithDefaults(CompileMode mode) {
    Schema writer = record("{\"name\": \"a\", \"type\": \"int\"}");
    Schema reader = record("""
        {"name": "a", "type": "int"},
        {"name": "s", "type": "string", "default": "dflt"},
        {"name": "opt", "type": ["null", "long"], "default": null},
        {"name": "l", "type": ["long", "null"], "default": 9},
        {"name": "y", "type": "bytes", "default": "\\u00ff"},
        {"name": "e", "type": {"type": "enum", "name": "E", "symbols": ["X", "Y"]}, "default": "Y"},
        {"name": "f", "type": {"type": "fixed", "name": "F", "size": 2}, "default": "ab"},
        {"name": "arr", "type": {"type": "array", "items": "int"}, "default": [1, 2]},
        {"name": "m", "type": {"type": "map", "values": "string"}, "default": {"k": "v"}},
        {"name": "r", "type": {"type": "record", "name": "N", "fields": [{"name": "x", "type": "double"}]},
          "default": {"x": 1.5}}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"a\": 1}"), datum(writer, "{\"a\": 2}")).get(1);
    assertEquals(2, field(outcome, "a"));
    assertEquals("dflt", field(outcome, "s").toString());
    assertNull(field(outcome, "opt"));
    assertEquals(9L, field(outcome, "l"));
    assertEquals("Y", field(outcome, "e").toString());
    assertEquals(List.of(1, 2), field(outcome, "arr"));
    assertEquals(1.5, ((GenericRecord) field(outcome, "r")).get("x"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void promotesIntToLong(CompileMode mode) {
    Outcome outcome = read(mode, record("{\"name\": \"n\", \"type\": \"int\"}"),
        record("{\"name\": \"n\", \"type\": \"long\"}"),
        datum(record("{\"name\": \"n\", \"type\": \"int\"}"), "{\"n\": -2147483648}")).get(0);
    assertEquals(-2147483648L, field(outcome, "n"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void promotesIntAndLongToFloatAndDouble(CompileMode mode) {
    Schema writer = record("""
        {"name": "i2f", "type": "int"}, {"name": "i2d", "type": "int"},
        {"name": "l2f", "type": "long"}, {"name": "l2d", "type": "long"}, {"name": "f2d", "type": "float"}""");
    Schema reader = record("""
        {"name": "i2f", "type": "float"}, {"name": "i2d", "type": "double"},
        {"name": "l2f", "type": "float"}, {"name": "l2d", "type": "double"}, {"name": "f2d", "type": "double"}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, """
        {"i2f": 16777217, "i2d": 7, "l2f": 9007199254740993, "l2d": 9007199254740993, "f2d": 0.1}""")).get(0);
    assertEquals((float) 16777217, field(outcome, "i2f"));
    assertEquals(7.0, field(outcome, "i2d"));
    assertEquals((float) 9007199254740993L, field(outcome, "l2f"));
    assertEquals((double) 9007199254740993L, field(outcome, "l2d"));
    assertEquals((double) 0.1f, field(outcome, "f2d"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void promotesStringAndBytesBothWays(CompileMode mode) {
    Schema writer = record("{\"name\": \"s\", \"type\": \"string\"}, {\"name\": \"b\", \"type\": \"bytes\"}");
    Schema reader = record("{\"name\": \"s\", \"type\": \"bytes\"}, {\"name\": \"b\", \"type\": \"string\"}");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"s\": \"ñ😀\", \"b\": \"\\u00c3\\u00b1\"}")).get(0);
    assertEquals(ByteBuffer.wrap("ñ😀".getBytes(StandardCharsets.UTF_8)), field(outcome, "s"));
    assertEquals(new Utf8("ñ"), field(outcome, "b"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void promotesInsideArraysMapsAndUnions(CompileMode mode) {
    Schema writer = record("""
        {"name": "a", "type": {"type": "array", "items": "int"}},
        {"name": "m", "type": {"type": "map", "values": "float"}},
        {"name": "u", "type": ["null", "int"]}""");
    Schema reader = record("""
        {"name": "a", "type": {"type": "array", "items": "long"}},
        {"name": "m", "type": {"type": "map", "values": "double"}},
        {"name": "u", "type": ["null", "double"]}""");
    Outcome outcome = read(mode, writer, reader,
        datum(writer, "{\"a\": [1, 2], \"m\": {\"k\": 0.5}, \"u\": {\"int\": 3}}")).get(0);
    assertEquals(List.of(1L, 2L), field(outcome, "a"));
    assertEquals(Map.of(new Utf8("k"), 0.5), field(outcome, "m"));
    assertEquals(3.0, field(outcome, "u"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void selectsBestUnionBranch(CompileMode mode) {
    Schema writer = record("""
        {"name": "exact", "type": "int"}, {"name": "promoted", "type": "int"},
        {"name": "rec", "type": {"type": "record", "name": "P", "fields": [{"name": "x", "type": "int"}]}}""");
    Schema reader = record("""
        {"name": "exact", "type": ["long", "int", "double"]},
        {"name": "promoted", "type": ["null", "string", "long"]},
        {"name": "rec", "type": ["null", {"type": "record", "name": "Q", "fields": [{"name": "x", "type": "int"}]},
          {"type": "record", "name": "P", "fields": [{"name": "x", "type": "long"}]}]}""");
    Outcome outcome = read(mode, writer, reader,
        datum(writer, "{\"exact\": 1, \"promoted\": 2, \"rec\": {\"x\": 3}}")).get(0);
    assertEquals(1, field(outcome, "exact"));
    assertEquals(2L, field(outcome, "promoted"));
    GenericRecord rec = (GenericRecord) field(outcome, "rec");
    assertEquals("t.P", rec.getSchema().getFullName());
    assertEquals(3L, rec.get("x"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsNonUnionIntoUnionAndBack(CompileMode mode) {
    Schema writer = record("{\"name\": \"toUnion\", \"type\": \"string\"}, {\"name\": \"fromUnion\", \"type\": [\"null\", \"int\"]}");
    Schema reader = record("{\"name\": \"toUnion\", \"type\": [\"null\", \"string\"]}, {\"name\": \"fromUnion\", \"type\": \"long\"}");
    List<Outcome> outcomes = read(mode, writer, reader,
        datum(writer, "{\"toUnion\": \"s\", \"fromUnion\": {\"int\": 4}}"),
        datum(writer, "{\"toUnion\": \"t\", \"fromUnion\": null}"));
    assertEquals(new Utf8("s"), field(outcomes.get(0), "toUnion"));
    assertEquals(4L, field(outcomes.get(0), "fromUnion"));
    assertTrue(outcomes.get(1).failed(), "a null has no branch in a non-union long");
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void reordersUnionBranches(CompileMode mode) {
    Schema writer = record("{\"name\": \"u\", \"type\": [\"null\", \"string\", \"int\", \"E\"]}".replace("\"E\"",
        "{\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\", \"B\"]}"));
    Schema reader = record("{\"name\": \"u\", \"type\": [{\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"B\", \"A\"]},"
        + " \"int\", \"string\", \"null\"]}");
    List<Outcome> outcomes = read(mode, writer, reader, datum(writer, "{\"u\": null}"),
        datum(writer, "{\"u\": {\"string\": \"x\"}}"), datum(writer, "{\"u\": {\"int\": 8}}"),
        datum(writer, "{\"u\": {\"t.E\": \"B\"}}"));
    assertNull(field(outcomes.get(0), "u"));
    assertEquals(new Utf8("x"), field(outcomes.get(1), "u"));
    assertEquals(8, field(outcomes.get(2), "u"));
    assertEquals("B", field(outcomes.get(3), "u").toString());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void remapsEnumSymbols(CompileMode mode) {
    Schema writer = record("{\"name\": \"e\", \"type\": {\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\", \"B\", \"C\"]}}");
    Schema reader = record("{\"name\": \"e\", \"type\": {\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"Z\", \"C\", \"A\", \"B\"]}}");
    List<Outcome> outcomes = read(mode, writer, reader, datum(writer, "{\"e\": \"A\"}"), datum(writer, "{\"e\": \"B\"}"),
        datum(writer, "{\"e\": \"C\"}"));
    for (int i = 0; i < 3; i++) {
      GenericData.EnumSymbol symbol = (GenericData.EnumSymbol) field(outcomes.get(i), "e");
      assertEquals(List.of("A", "B", "C").get(i), symbol.toString());
      assertEquals(reader.getField("e").schema(), symbol.getSchema());
    }
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void usesEnumDefault(CompileMode mode) {
    Schema writer = record("{\"name\": \"e\", \"type\": {\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\", \"LEGACY\"]}}");
    Schema reader = record("{\"name\": \"e\", \"type\": {\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"UNKNOWN\", \"A\"],"
        + " \"default\": \"UNKNOWN\"}}");
    List<Outcome> outcomes = read(mode, writer, reader, datum(writer, "{\"e\": \"LEGACY\"}"),
        datum(writer, "{\"e\": \"A\"}"));
    assertEquals("UNKNOWN", field(outcomes.get(0), "e").toString());
    assertEquals("A", field(outcomes.get(1), "e").toString());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void failsOnUnknownEnumSymbolWithoutDefault(CompileMode mode) {
    Schema writer = record("{\"name\": \"e\", \"type\": {\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\", \"B\"]}}");
    Schema reader = record("{\"name\": \"e\", \"type\": {\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\"]}}");
    List<Outcome> outcomes = read(mode, writer, reader, datum(writer, "{\"e\": \"A\"}"), datum(writer, "{\"e\": \"B\"}"));
    assertEquals("A", field(outcomes.get(0), "e").toString());
    assertTrue(outcomes.get(1).failed());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void errorOnlyWhenDataReachesIt(CompileMode mode) {
    Schema writer = record("""
        {"name": "u", "type": ["null", "string", "boolean",
          {"type": "record", "name": "Old", "fields": [{"name": "x", "type": "string"}]}]}""");
    Schema reader = record("""
        {"name": "u", "type": ["null", "string",
          {"type": "record", "name": "Old", "fields": [{"name": "x", "type": "int"}]}]}""");
    List<Outcome> outcomes = read(mode, writer, reader, datum(writer, "{\"u\": null}"),
        datum(writer, "{\"u\": {\"string\": \"fine\"}}"), datum(writer, "{\"u\": {\"boolean\": true}}"),
        datum(writer, "{\"u\": {\"t.Old\": {\"x\": \"not an int\"}}}"), datum(writer, "{\"u\": {\"string\": \"again\"}}"));
    assertNull(field(outcomes.get(0), "u"));
    assertEquals(new Utf8("fine"), field(outcomes.get(1), "u"));
    assertTrue(outcomes.get(2).failed(), "writer branch boolean is absent in the reader union");
    assertTrue(outcomes.get(3).failed(), "string cannot be read as int");
    assertEquals(new Utf8("again"), field(outcomes.get(4), "u"), "a failed datum must not poison the reader");
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsAliasedField(CompileMode mode) {
    Schema writer = record("{\"name\": \"old\", \"type\": \"int\"}, {\"name\": \"other\", \"type\": \"int\"}");
    Schema reader = record("{\"name\": \"other\", \"type\": \"int\"}, {\"name\": \"fresh\", \"type\": \"long\", \"aliases\": [\"old\"]}");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"old\": 11, \"other\": 12}")).get(0);
    assertEquals(11L, field(outcome, "fresh"));
    assertEquals(12, field(outcome, "other"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsAliasedRecordAndEnum(CompileMode mode) {
    Schema writer = record("""
        {"name": "r", "type": ["null", {"type": "record", "name": "Old", "fields": [{"name": "x", "type": "int"}]}]},
        {"name": "e", "type": {"type": "enum", "name": "OldE", "symbols": ["A"]}}""");
    Schema reader = record("""
        {"name": "r", "type": ["null", {"type": "record", "name": "New", "aliases": ["t.Old"],
          "fields": [{"name": "x", "type": "int"}]}]},
        {"name": "e", "type": {"type": "enum", "name": "NewE", "aliases": ["OldE"], "symbols": ["A"]}}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"r\": {\"t.Old\": {\"x\": 1}}, \"e\": \"A\"}")).get(0);
    assertEquals("t.New", ((GenericRecord) field(outcome, "r")).getSchema().getFullName());
    assertEquals("t.NewE", ((GenericData.EnumSymbol) field(outcome, "e")).getSchema().getFullName());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsFixed(CompileMode mode) {
    Schema writer = record("""
        {"name": "f", "type": {"type": "fixed", "name": "F", "size": 3}},
        {"name": "empty", "type": {"type": "fixed", "name": "Z", "size": 0}},
        {"name": "u", "type": ["null", "F"]}""");
    Outcome outcome = read(mode, writer, writer,
        datum(writer, "{\"f\": \"\\u0001\\u0002\\u00ff\", \"empty\": \"\", \"u\": {\"t.F\": \"xyz\"}}")).get(0);
    assertInstanceOf(GenericData.Fixed.class, field(outcome, "f"));
    assertEquals(255, ((GenericFixed) field(outcome, "f")).bytes()[2] & 0xff);
    assertEquals(0, ((GenericFixed) field(outcome, "empty")).bytes().length);
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsNestedArraysAndMapsOfEvolvedRecords(CompileMode mode) {
    Schema writer = record("""
        {"name": "m", "type": {"type": "map", "values": {"type": "array", "items":
          {"type": "record", "name": "I", "fields": [{"name": "a", "type": "int"}, {"name": "gone", "type": "string"}]}}}}""");
    Schema reader = record("""
        {"name": "m", "type": {"type": "map", "values": {"type": "array", "items":
          {"type": "record", "name": "I", "fields": [{"name": "b", "type": "string", "default": "B"},
            {"name": "a", "type": "long"}]}}}}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, """
        {"m": {"one": [{"a": 1, "gone": "g"}, {"a": 2, "gone": ""}], "none": []}}""")).get(0);
    @SuppressWarnings("unchecked")
    Map<Utf8, List<GenericRecord>> map = (Map<Utf8, List<GenericRecord>>) field(outcome, "m");
    assertEquals(2L, map.get(new Utf8("one")).get(1).get("a"));
    assertEquals("B", map.get(new Utf8("one")).get(0).get("b").toString());
    assertTrue(map.get(new Utf8("none")).isEmpty());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsRecursiveRecord(CompileMode mode) {
    Schema writer = schema("""
        {"type": "record", "name": "Node", "fields": [{"name": "v", "type": "int"},
          {"name": "next", "type": ["null", "Node"]}]}""");
    Schema reader = schema("""
        {"type": "record", "name": "Node", "fields": [{"name": "next", "type": ["null", "Node"]},
          {"name": "v", "type": "long"}, {"name": "tag", "type": "string", "default": "t"}]}""");
    Outcome outcome = read(mode, writer, reader,
        datum(writer, "{\"v\": 1, \"next\": {\"Node\": {\"v\": 2, \"next\": {\"Node\": {\"v\": 3, \"next\": null}}}}}"))
        .get(0);
    GenericRecord third = (GenericRecord) ((GenericRecord) field(outcome, "next")).get("next");
    assertEquals(3L, third.get("v"));
    assertEquals("t", third.get("tag").toString());
    assertNull(third.get("next"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsLogicalTypesWithConversions(CompileMode mode) {
    Schema schema = record("""
        {"name": "dec", "type": {"type": "bytes", "logicalType": "decimal", "precision": 9, "scale": 2}},
        {"name": "decf", "type": {"type": "fixed", "name": "D", "size": 5, "logicalType": "decimal", "precision": 10,
          "scale": 3}},
        {"name": "uuid", "type": {"type": "string", "logicalType": "uuid"}},
        {"name": "date", "type": {"type": "int", "logicalType": "date"}},
        {"name": "tms", "type": {"type": "int", "logicalType": "time-millis"}},
        {"name": "tus", "type": {"type": "long", "logicalType": "time-micros"}},
        {"name": "tsms", "type": {"type": "long", "logicalType": "timestamp-millis"}},
        {"name": "tsus", "type": ["null", {"type": "long", "logicalType": "timestamp-micros"}]},
        {"name": "ltms", "type": {"type": "long", "logicalType": "local-timestamp-millis"}},
        {"name": "ltus", "type": {"type": "long", "logicalType": "local-timestamp-micros"}},
        {"name": "added", "type": {"type": "int", "logicalType": "date"}, "default": 1}""");
    Schema writer = withoutLastField(schema);
    Object datum = datum(writer, """
        {"dec": "\\u0000\\u0001\\u00e2\\u0040", "decf": "\\u00ff\\u00ff\\u00ff\\u00ff\\u0001",
         "uuid": "123e4567-e89b-12d3-a456-426614174000", "date": -1, "tms": 3723004, "tus": 3723004005,
         "tsms": 1700000000123, "tsus": {"long": -1}, "ltms": 0, "ltus": 1700000000123456}""");
    Outcome converted = read(mode, writer, schema, true, List.of(datum)).get(0);
    assertEquals(new BigDecimal("1234.56"), field(converted, "dec"));
    assertEquals(new BigDecimal("-0.255"), field(converted, "decf"));
    assertEquals(UUID.fromString("123e4567-e89b-12d3-a456-426614174000"), field(converted, "uuid"));
    assertEquals(LocalDate.of(1969, 12, 31), field(converted, "date"));
    assertEquals(LocalTime.of(1, 2, 3, 4_000_000), field(converted, "tms"));
    assertEquals(LocalTime.of(1, 2, 3, 4_005_000), field(converted, "tus"));
    assertEquals(Instant.ofEpochMilli(1700000000123L), field(converted, "tsms"));
    assertEquals(Instant.ofEpochSecond(-1, 999_999_000), field(converted, "tsus"));
    assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0), field(converted, "ltms"));
    assertEquals(LocalDate.of(1970, 1, 2), field(converted, "added"));

    Outcome raw = read(mode, writer, schema, false, List.of(datum)).get(0);
    assertEquals(-1, field(raw, "date"));
    assertEquals(1700000000123L, field(raw, "tsms"));
    assertInstanceOf(ByteBuffer.class, field(raw, "dec"));
  }

  private static Schema withoutLastField(Schema schema) {
    List<Schema.Field> fields = schema.getFields();
    return Schema.createRecord(schema.getName(), null, schema.getNamespace(), false,
        fields.subList(0, fields.size() - 1).stream().map(f -> new Schema.Field(f, f.schema())).toList());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsJavaKeywordAndUnicodeNames(CompileMode mode) {
    Schema writer = schema("""
        {"type": "record", "name": "class", "namespace": "dev.kavro.public", "fields": [
          {"name": "int", "type": "int"}, {"name": "public", "type": "string"}, {"name": "goto", "type": "long"},
          {"name": "ñame", "type": {"type": "record", "name": "ñ", "fields": [{"name": "ı", "type": "int"}]}}]}""");
    Outcome outcome = read(mode, writer, writer,
        datum(writer, "{\"int\": 1, \"public\": \"p\", \"goto\": 2, \"ñame\": {\"ı\": 3}}")).get(0);
    assertEquals(1, field(outcome, "int"));
    assertEquals(3, ((GenericRecord) field(outcome, "ñame")).get("ı"));
  }

  // ---- Kavro's case fallback: these need a reader that implements it. ----

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void caseFallbackMapsLowerToUpper(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    Schema writer = record("{\"name\": \"id\", \"type\": \"int\"}, {\"name\": \"ñame\", \"type\": \"string\"}");
    Schema reader = record("{\"name\": \"ÑAME\", \"type\": \"string\"}, {\"name\": \"ID\", \"type\": \"long\"}");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"id\": 7, \"ñame\": \"n\"}")).get(0);
    assertEquals(7L, field(outcome, "ID"));
    assertEquals(new Utf8("n"), field(outcome, "ÑAME"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void caseFallbackAppliesToNestedRecords(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    Schema writer = record("""
        {"name": "inner", "type": {"type": "array", "items": {"type": "record", "name": "In",
          "fields": [{"name": "code", "type": "string"}]}}}""");
    Schema reader = record("""
        {"name": "inner", "type": {"type": "array", "items": {"type": "record", "name": "In",
          "fields": [{"name": "CODE", "type": "string", "default": "none"}]}}}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"inner\": [{\"code\": \"c1\"}]}")).get(0);
    assertEquals("c1", ((GenericRecord) ((List<?>) field(outcome, "inner")).get(0)).get("CODE").toString());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void exactMatchBeatsUpperCase(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    Schema writer = record("{\"name\": \"id\", \"type\": \"int\"}");
    Schema reader = record("{\"name\": \"ID\", \"type\": \"int\", \"default\": -1}, {\"name\": \"id\", \"type\": \"int\"}");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"id\": 5}")).get(0);
    assertEquals(5, field(outcome, "id"));
    assertEquals(-1, field(outcome, "ID"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void claimedFieldIsNotTakenTwice(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    Schema writer = record("{\"name\": \"id\", \"type\": \"int\"}, {\"name\": \"ID\", \"type\": \"int\"}");
    Schema reader = record("{\"name\": \"ID\", \"type\": \"int\"}");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"id\": 1, \"ID\": 2}")).get(0);
    assertEquals(2, field(outcome, "ID"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void aliasMatchBeatsUpperCase(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    Schema writer = record("{\"name\": \"name\", \"type\": \"string\"}");
    Schema reader = record("""
        {"name": "NAME", "type": "string", "default": "d"},
        {"name": "fullName", "type": "string", "aliases": ["name"]}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"name\": \"n\"}")).get(0);
    assertEquals(new Utf8("n"), field(outcome, "fullName"));
    assertEquals("d", field(outcome, "NAME").toString());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void caseFallbackTriesOnlyTheUpperCaseName(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    Schema writer = record("{\"name\": \"userId\", \"type\": \"int\"}");
    Schema reader = record("""
        {"name": "UserId", "type": "int", "default": -1}, {"name": "userid", "type": "int", "default": -2},
        {"name": "USERID", "type": "int", "default": -3}""");
    Outcome outcome = read(mode, writer, reader, datum(writer, "{\"userId\": 9}")).get(0);
    assertEquals(List.of(-1, -2, 9), List.of(field(outcome, "UserId"), field(outcome, "userid"), field(outcome, "USERID")));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void upperCaseUsesLocaleRoot(CompileMode mode) {
    assumeTrue(KavroImplementation.implementsCaseFallback(), KavroImplementation.placeholderReason());
    // Under Locale.ROOT the dotless ı upper-cases to I, and i to I; a Turkish default locale would give İ for i.
    assertEquals("ID", "ıd".toUpperCase(Locale.ROOT));
    assertEquals("İD", "id".toUpperCase(Locale.forLanguageTag("tr")));
    Schema writer = record("{\"name\": \"id\", \"type\": \"int\"}, {\"name\": \"ı\", \"type\": \"int\"}");
    Schema reader = record("{\"name\": \"ID\", \"type\": \"int\", \"default\": -1}, {\"name\": \"I\", \"type\": \"int\", \"default\": -1},"
        + " {\"name\": \"İD\", \"type\": \"int\", \"default\": -1}");
    Locale saved = Locale.getDefault();
    try {
      Locale.setDefault(Locale.forLanguageTag("tr"));
      Outcome outcome = read(mode, writer, reader, datum(writer, "{\"id\": 1, \"ı\": 2}")).get(0);
      assertEquals(1, field(outcome, "ID"));
      assertEquals(2, field(outcome, "I"));
      assertEquals(-1, field(outcome, "İD"), "the Turkish default locale must not influence the fallback");
    } finally {
      Locale.setDefault(saved);
    }
  }
}
