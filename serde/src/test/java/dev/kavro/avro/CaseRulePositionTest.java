package dev.kavro.avro;

import static dev.kavro.avro.Differential.datum;
import static dev.kavro.avro.Differential.read;
import static dev.kavro.avro.Differential.schema;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.Oracle.Outcome;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The case rule decided per position, and union branches chosen with it, in every compile mode against the oracle
 * (vanilla Avro reading a per-position renamed writer), plus concrete expectations for each corner.
 */
class CaseRulePositionTest {
  private static final String TWO_INNERS = "{\"a\": {\"name\": \"A\"}, \"b\": {\"name\": \"B\"}}";
  private static final String INNER = """
      {"type": "record", "name": "Inner", "fields": [{"name": "name", "type": "string"}]}""";

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void oneWriterTypeAtTwoFieldsMapsPerReaderRecord(CompileMode mode) {
    Schema writer = schema("{\"type\": \"record\", \"name\": \"X\", \"fields\": [{\"name\": \"a\", \"type\": " + INNER
        + "}, {\"name\": \"b\", \"type\": \"Inner\"}]}");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [
          {"name": "a", "type": {"type": "record", "name": "RA", "fields": [{"name": "NAME", "type": "string"}]}},
          {"name": "b", "type": {"type": "record", "name": "RB", "fields": [
            {"name": "name", "type": "string", "default": "DEF"},
            {"name": "NAME", "type": "string", "default": "DEF2"}]}}
        ]}""");
    GenericRecord x = value(read(mode, writer, reader, datum(writer, TWO_INNERS)));
    assertEquals(new Utf8("A"), ((GenericRecord) x.get("a")).get("NAME"));
    assertEquals(new Utf8("B"), ((GenericRecord) x.get("b")).get("name"), "the exact match wins in b");
    assertEquals("DEF2", ((GenericRecord) x.get("b")).get("NAME").toString());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void aSecondPositionWithoutTheUpperCaseFieldStillReads(CompileMode mode) {
    Schema writer = schema("{\"type\": \"record\", \"name\": \"X\", \"fields\": [{\"name\": \"a\", \"type\": " + INNER
        + "}, {\"name\": \"b\", \"type\": \"Inner\"}]}");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [
          {"name": "a", "type": {"type": "record", "name": "RA", "fields": [{"name": "NAME", "type": "string"}]}},
          {"name": "b", "type": {"type": "record", "name": "RB", "fields": [{"name": "name", "type": "string"}]}}
        ]}""");
    GenericRecord x = value(read(mode, writer, reader, datum(writer, TWO_INNERS)));
    assertEquals(new Utf8("B"), ((GenericRecord) x.get("b")).get("name"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void fieldArrayItemsAndMapValuesMapEachToTheirOwnReaderRecord(CompileMode mode) {
    Schema writer = schema("{\"type\": \"record\", \"name\": \"X\", \"fields\": [{\"name\": \"a\", \"type\": " + INNER
        + "}, {\"name\": \"list\", \"type\": {\"type\": \"array\", \"items\": \"Inner\"}},"
        + " {\"name\": \"byKey\", \"type\": {\"type\": \"map\", \"values\": \"Inner\"}}]}");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [
          {"name": "a", "type": {"type": "record", "name": "Inner", "fields": [{"name": "NAME", "type": "string"}]}},
          {"name": "list", "type": {"type": "array", "items": {"type": "record", "name": "Item", "fields": [
            {"name": "name", "type": "string"}, {"name": "NAME", "type": "string", "default": "none"}]}}},
          {"name": "byKey", "type": {"type": "map", "values": {"type": "record", "name": "Value", "fields": [
            {"name": "NAME", "type": "string", "default": "none"}, {"name": "extra", "type": "int", "default": 3}]}}}
        ]}""");
    GenericRecord x = value(read(mode, writer, reader, datum(writer,
        "{\"a\": {\"name\": \"A\"}, \"list\": [{\"name\": \"L\"}], \"byKey\": {\"k\": {\"name\": \"M\"}}}")));
    GenericRecord item = (GenericRecord) ((List<?>) x.get("list")).get(0);
    assertEquals(List.of("L", "none"), List.of(item.get("name").toString(), item.get("NAME").toString()));
    GenericRecord value = (GenericRecord) ((Map<?, ?>) x.get("byKey")).get(new Utf8("k"));
    assertEquals("M", value.get("NAME").toString());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void theFirstBranchThatResolvesWinsOverTheFirstRecordBranch(CompileMode mode) {
    GenericRecord u = readWIntoUnionOf(mode, """
          {"type": "record", "name": "R1", "fields": [
            {"name": "NAME", "type": "string"}, {"name": "z", "type": "int"}]},
          {"name": "R2", "type": "record", "fields": [{"name": "name", "type": "string"}]}""");
    assertEquals("R2", u.getSchema().getName());
    assertEquals(new Utf8("n"), u.get("name"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void aBranchThatResolvesOnlyAfterTheRenameIsChosen(CompileMode mode) {
    GenericRecord u = readWIntoUnionOf(mode, """
          {"type": "record", "name": "R1", "fields": [{"name": "x", "type": "int"}]},
          {"type": "record", "name": "R2", "fields": [{"name": "NAME", "type": "string"}]}""");
    assertEquals("R2", u.getSchema().getName());
    assertEquals(new Utf8("n"), u.get("NAME"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void aBranchThatResolvesOnlyForItsOwnRenamesIsNotTakenByAnEarlierOne(CompileMode mode) {
    // Renamed for R2 ({NAME}), the writer would also resolve against R0 (NAME read, name defaulted), which vanilla
    // Avro given that renamed writer picks; but renamed for R0 the writer keeps "name", which R0 cannot read as int.
    GenericRecord u = readWIntoUnionOf(mode, """
          {"type": "record", "name": "R0", "fields": [{"name": "NAME", "type": "string"},
            {"name": "name", "type": "int", "default": 0}]},
          {"type": "record", "name": "R2", "fields": [{"name": "NAME", "type": "string"}]}""");
    assertEquals("R2", u.getSchema().getName());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void theSameNamedBranchComesFirst(CompileMode mode) {
    GenericRecord u = readWIntoUnionOf(mode, """
          {"type": "record", "name": "R1", "fields": [{"name": "name", "type": "string"}]},
          {"type": "record", "name": "W", "fields": [{"name": "NAME", "type": "string"}]}""");
    assertEquals("W", u.getSchema().getName());
    assertEquals(new Utf8("n"), u.get("NAME"));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void noBranchResolvingUnderTheRuleIsAnErrorWhenDataReachesIt(CompileMode mode) {
    // Without the rule vanilla would pick R (x skipped, X defaulted); renamed for R, x meets X as int: no branch.
    Schema writer = schema("""
        {"type": "record", "name": "X", "fields": [{"name": "u", "type": ["null",
          {"type": "record", "name": "W", "fields": [{"name": "x", "type": "string"}]}]}]}""");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [{"name": "u", "type": ["null",
          {"type": "record", "name": "R", "fields": [{"name": "X", "type": "int", "default": 1}]}]}]}""");
    List<Outcome> outcomes = read(mode, writer, reader, false, List.of(datum(writer, "{\"u\": null}"),
        datum(writer, "{\"u\": {\"W\": {\"x\": \"v\"}}}")));
    assertTrue(!outcomes.get(0).failed() && outcomes.get(1).failed(), outcomes::toString);
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void upperCasedNamesAreMatchedAgainstFieldNamesNotAliases(CompileMode mode) {
    Schema writer = schema("""
        {"type": "record", "name": "X", "fields": [{"name": "code", "type": "string"}]}""");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [
          {"name": "identifier", "type": "string", "default": "none", "aliases": ["CODE"]}]}""");
    GenericRecord x = value(read(mode, writer, reader, datum(writer, "{\"code\": \"c\"}")));
    assertEquals("none", x.get("identifier").toString());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void enumSymbolsAndRecordNamesAreNeverCaseFolded(CompileMode mode) {
    Schema writer = schema("""
        {"type": "record", "name": "X", "fields": [
          {"name": "color", "type": {"type": "enum", "name": "Color", "symbols": ["red", "RED"]}},
          {"name": "u", "type": ["null", {"type": "record", "name": "inner", "fields": [{"name": "a", "type": "int"}]}]}
        ]}""");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [
          {"name": "color", "type": {"type": "enum", "name": "Color", "symbols": ["RED", "OTHER"], "default": "OTHER"}},
          {"name": "u", "type": ["null", {"type": "record", "name": "INNER", "fields": [{"name": "A", "type": "int"}]}]}
        ]}""");
    GenericRecord x = value(read(mode, writer, reader,
        datum(writer, "{\"color\": \"red\", \"u\": {\"inner\": {\"a\": 4}}}")));
    assertEquals("OTHER", x.get("color").toString(), "red is not RED");
    GenericRecord u = (GenericRecord) x.get("u");
    assertEquals(4, u.get("A"), "chosen by structure (after the field rename), not by a case-folded record name");
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void arraysOfRecordsThatGainDefaultedFieldsReadWhereVanillaRejects(CompileMode mode) {
    // Four written items of 1 byte each; the reader's item takes at least 9 bytes (a double added with a default),
    // so vanilla 1.12.2's guard claims 36 bytes are needed and rejects the valid datum. Kavro sizes by the writer.
    Schema writer = schema("""
        {"type": "record", "name": "X", "fields": [{"name": "items", "type": {"type": "array", "items":
          {"type": "record", "name": "I", "fields": [{"name": "b", "type": "boolean"}]}}}]}""");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [{"name": "items", "type": {"type": "array", "items":
          {"type": "record", "name": "I", "fields": [{"name": "b", "type": "boolean"},
            {"name": "d", "type": "double", "default": 1.5}]}}}]}""");
    Object datum = datum(writer, "{\"items\": [{\"b\": true}, {\"b\": false}, {\"b\": true}, {\"b\": true}]}");
    byte[] bytes = Oracle.encode(writer, Models.generic(false, false), datum);
    for (boolean fastRead : new boolean[] {true, false}) {
      GenericDatumReader<Object> plain = new GenericDatumReader<>(writer, reader, Models.generic(fastRead, false));
      Outcome vanilla = Oracle.read(plain, bytes, null);
      assertTrue(vanilla.failed() && vanilla.failure().getMessage().contains("with at least 9 bytes each"),
          () -> "vanilla 1.12.2 was expected to reject this datum: " + vanilla);
    }
    GenericRecord x = value(read(mode, writer, reader, datum));
    assertEquals(4, ((List<?>) x.get("items")).size());
  }

  /** Reads {@code X{u: ["null", W{name: string}]}} with {@code u: "n"} as {@code X{u: ["null", <branches>]}}. */
  private static GenericRecord readWIntoUnionOf(CompileMode mode, String readerBranches) {
    Schema writer = schema("""
        {"type": "record", "name": "X", "fields": [{"name": "u", "type": ["null",
          {"type": "record", "name": "W", "fields": [{"name": "name", "type": "string"}]}]}]}""");
    Schema reader = schema("""
        {"type": "record", "name": "X", "fields": [{"name": "u", "type": ["null", %s]}]}""".formatted(readerBranches));
    Object datum = datum(writer, "{\"u\": {\"W\": {\"name\": \"n\"}}}");
    return (GenericRecord) value(read(mode, writer, reader, datum)).get("u");
  }

  private static GenericRecord value(List<Outcome> outcomes) {
    Outcome outcome = outcomes.get(0);
    assertTrue(!outcome.failed(), () -> "read failed: " + outcome);
    return (GenericRecord) outcome.value();
  }

}
