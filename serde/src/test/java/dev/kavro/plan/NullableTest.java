package dev.kavro.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.List;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@link Nullable} recognizes exactly the unions of null and one value, with the null branch first or second, whatever
 * the value branch reads (a scalar, a promotion, a logical type, a record), and nothing else: no wider or narrower
 * union, no union whose null branch the reader cannot take, no plan that is not a writer union.
 */
class NullableTest {
  private static final String RECORD = "{\"type\": \"record\", \"name\": \"R\", \"fields\": "
      + "[{\"name\": \"a\", \"type\": \"int\"}]}";
  private static final String DATE = "{\"type\": \"int\", \"logicalType\": \"date\"}";

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // writer value | reader value | the value branch's plan kind
      "\"int\" | \"int\" | INT",
      "\"string\" | \"string\" | STRING_UTF8",
      "\"int\" | \"long\" | INT_TO_LONG",
      "\"bytes\" | \"string\" | BYTES_TO_UTF8",
      DATE + " | " + DATE + " | LOGICAL",
      RECORD + " | " + RECORD + " | RECORD",
      "{\"type\": \"array\", \"items\": \"int\"} | {\"type\": \"array\", \"items\": \"long\"} | ARRAY"})
  void aWriterUnionOfNullAndOneValueIsNullableWithNullFirstOrSecond(String writer, String reader,
      ReadPlan.Kind valueKind) {
    for (int nullBranch = 0; nullBranch < 2; nullBranch++) {
      ReadPlan plan = PlanKinds.plan(union(writer, nullBranch), union(reader, nullBranch));
      Nullable<ReadPlan> nullable = Nullable.of(plan);
      assertNotNull(nullable, plan.toString());
      assertEquals(nullBranch, nullable.nullBranch());
      assertEquals(1 - nullBranch, nullable.valueBranch());
      assertSame(((UnionPlan) plan).branches().get(1 - nullBranch), nullable.value());
      assertEquals(valueKind, nullable.value().kind());
      assertEquals(ReadPlan.Kind.NULL, ((UnionPlan) plan).branches().get(nullBranch).kind());
    }
  }

  @Test
  void theReadersOwnBranchOrderDoesNotMatterOnlyTheWriters() {
    Nullable<ReadPlan> nullable = Nullable.of(PlanKinds.plan("[\"int\", \"null\"]", "[\"null\", \"long\"]"));
    assertNotNull(nullable);
    assertEquals(1, nullable.nullBranch());
    assertEquals(ReadPlan.Kind.INT_TO_LONG, nullable.value().kind());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      // Three branches, two values, a single branch.
      "[\"null\", \"int\", \"string\"] | [\"null\", \"int\", \"string\"]",
      "[\"int\", \"string\"] | [\"int\", \"string\"]",
      "[\"null\"] | [\"null\"]",
      "[\"int\"] | [\"int\"]",
      // The reader has no null: the writer's null branch is an error, not a null.
      "[\"null\", \"int\"] | \"int\"",
      "[\"int\", \"null\"] | [\"int\", \"string\"]",
      // Not a writer union: a reader union under a plain writer resolves to the branch.
      "\"int\" | [\"null\", \"int\"]",
      "\"null\" | [\"null\", \"int\"]",
      "\"int\" | \"int\""})
  void nothingElseIsNullable(String writer, String reader) {
    assertNull(Nullable.of(PlanKinds.plan(writer, reader)), writer + " -> " + reader);
  }

  @Test
  void aNullableInsideContainersAndRecordsIsFoundOnItsOwnNode() {
    String writer = "{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"a\", \"type\": "
        + "{\"type\": \"array\", \"items\": [\"null\", \"int\"]}}]}";
    RecordPlan record = (RecordPlan) PlanKinds.plan(writer, writer);
    ArrayPlan array = (ArrayPlan) record.fields().get(0).plan();
    assertNull(Nullable.of(record));
    assertNull(Nullable.of(array));
    assertEquals(0, Nullable.of(array.element()).nullBranch());
  }

  @ParameterizedTest
  @CsvSource(delimiter = '|', value = {
      "[\"null\", \"int\"] | 0 | int",
      "[\"string\", \"null\"] | 1 | string",
      "[\"null\", " + RECORD + "] | 0 | record",
      "[{\"type\": \"array\", \"items\": \"int\"}, \"null\"] | 1 | array"})
  void aUnionSchemaOfNullAndOneValueIsNullable(String json, int nullBranch, String valueType) {
    Schema union = PlanKinds.parse(json);
    Nullable<Schema> nullable = Nullable.of(union);
    assertNotNull(nullable, json);
    assertEquals(nullBranch, nullable.nullBranch());
    assertSame(union.getTypes().get(1 - nullBranch), nullable.value());
    assertEquals(valueType, nullable.value().getType().getName());
  }

  @Test
  void aUnionSchemaKeepsItsValueBranchsLogicalType() {
    Nullable<Schema> nullable = Nullable.of(PlanKinds.parse("[\"null\", " + DATE + "]"));
    assertEquals("date", nullable.value().getLogicalType().getName());
  }

  @Test
  void noOtherSchemaIsNullable() {
    for (String json : List.of("[\"null\"]", "[\"int\"]", "[\"null\", \"int\", \"string\"]",
        "[\"int\", \"string\"]", "\"int\"", "\"null\"", "{\"type\": \"array\", \"items\": [\"null\", \"int\"]}")) {
      assertNull(Nullable.of(PlanKinds.parse(json)), json);
    }
  }

  @Test
  void theNullBranchIsZeroOrOneAndTheValueIsPresent() {
    Schema value = Schema.create(Schema.Type.INT);
    assertThrows(IllegalArgumentException.class, () -> new Nullable<>(2, value));
    assertThrows(IllegalArgumentException.class, () -> new Nullable<>(-1, value));
    assertThrows(NullPointerException.class, () -> new Nullable<Schema>(0, null));
  }

  /** A union of null and {@code value}, null at {@code nullBranch}. */
  private static String union(String value, int nullBranch) {
    return nullBranch == 0 ? "[\"null\", " + value + "]" : "[" + value + ", \"null\"]";
  }
}
