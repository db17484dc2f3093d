package dev.kavro.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectSchema;
import dev.kavro.plan.Nullable;
import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.runtime.ScalarCode;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.junit.jupiter.api.Test;

/**
 * Which Connect values the trees read and write by the scalar switch ({@link ConnectScalars}): exactly those whose
 * Connect value is the decoded or written value itself. Logical types, narrowed ints on the read side, named types,
 * decimals, promotions, mismatched types and Connect's union structs keep their nodes; the nodes' results are checked
 * against the generic path by the differential tests ({@code PlainRecordTest}, {@code ConfluentCorpusTest}).
 */
class ConnectScalarsTest {
  private static final org.apache.kafka.connect.data.Schema UNION_STRUCT = AvroToConnectSchema.convert(
      parse("[\"null\", \"int\", \"string\"]"), null, AvroDataSettings.DEFAULTS);

  @Test
  void writesPlainScalarsOfTheirOwnAvroTypeBySwitch() {
    assertEquals(ScalarCode.NUMBER_AS_INT, write(org.apache.kafka.connect.data.Schema.INT8_SCHEMA, "\"int\""));
    assertEquals(ScalarCode.NUMBER_AS_INT, write(org.apache.kafka.connect.data.Schema.INT16_SCHEMA, "\"int\""));
    assertEquals(ScalarCode.INT, write(org.apache.kafka.connect.data.Schema.INT32_SCHEMA, "\"int\""));
    assertEquals(ScalarCode.LONG, write(org.apache.kafka.connect.data.Schema.INT64_SCHEMA, "\"long\""));
    assertEquals(ScalarCode.FLOAT, write(org.apache.kafka.connect.data.Schema.FLOAT32_SCHEMA, "\"float\""));
    assertEquals(ScalarCode.DOUBLE, write(org.apache.kafka.connect.data.Schema.FLOAT64_SCHEMA, "\"double\""));
    assertEquals(ScalarCode.BOOLEAN, write(org.apache.kafka.connect.data.Schema.BOOLEAN_SCHEMA, "\"boolean\""));
    assertEquals(ScalarCode.STRING, write(org.apache.kafka.connect.data.Schema.STRING_SCHEMA, "\"string\""));
    assertEquals(ScalarCode.BYTES, write(org.apache.kafka.connect.data.Schema.BYTES_SCHEMA, "\"bytes\""));
    // An Avro logical type on a plain Connect int is written as the int (the generic path writes the same bytes).
    assertEquals(ScalarCode.INT, write(org.apache.kafka.connect.data.Schema.INT32_SCHEMA,
        "{\"type\": \"int\", \"logicalType\": \"date\"}"));
  }

  @Test
  void writesEverythingElseByItsNode() {
    List<Object[]> cases = List.of(
        new Object[] {Date.SCHEMA, "{\"type\": \"int\", \"logicalType\": \"date\"}"},
        new Object[] {Time.SCHEMA, "{\"type\": \"int\", \"logicalType\": \"time-millis\"}"},
        new Object[] {Timestamp.SCHEMA, "{\"type\": \"long\", \"logicalType\": \"timestamp-millis\"}"},
        new Object[] {Decimal.schema(2), "{\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": 9, "
            + "\"scale\": 2}"},
        new Object[] {org.apache.kafka.connect.data.Schema.BYTES_SCHEMA, "{\"type\": \"bytes\", \"logicalType\": "
            + "\"decimal\", \"precision\": 9, \"scale\": 2}"},
        new Object[] {SchemaBuilder.int32().name("ns.Named").build(), "\"int\""},
        new Object[] {org.apache.kafka.connect.data.Schema.INT32_SCHEMA, "\"long\""},
        new Object[] {org.apache.kafka.connect.data.Schema.INT64_SCHEMA, "\"int\""},
        new Object[] {org.apache.kafka.connect.data.Schema.STRING_SCHEMA, "{\"type\": \"enum\", \"name\": \"E\", "
            + "\"symbols\": [\"A\"]}"},
        new Object[] {org.apache.kafka.connect.data.Schema.BYTES_SCHEMA, "{\"type\": \"fixed\", \"name\": \"F\", "
            + "\"size\": 2}"},
        new Object[] {org.apache.kafka.connect.data.Schema.OPTIONAL_INT32_SCHEMA, "[\"null\", \"int\"]"},
        new Object[] {SchemaBuilder.array(org.apache.kafka.connect.data.Schema.INT32_SCHEMA).build(),
            "{\"type\": \"array\", \"items\": \"int\"}"});
    for (Object[] c : cases) {
      assertEquals(ScalarCode.NONE, write((org.apache.kafka.connect.data.Schema) c[0], (String) c[1]), c[1]
          + " from " + c[0]);
    }
  }

  @Test
  void readsPlainScalarsWhoseConnectValueIsTheDecodedValueBySwitch() {
    assertEquals(ScalarCode.INT, read("\"int\"", "\"int\"", org.apache.kafka.connect.data.Schema.INT32_SCHEMA));
    assertEquals(ScalarCode.LONG, read("\"long\"", "\"long\"", org.apache.kafka.connect.data.Schema.INT64_SCHEMA));
    assertEquals(ScalarCode.FLOAT, read("\"float\"", "\"float\"",
        org.apache.kafka.connect.data.Schema.FLOAT32_SCHEMA));
    assertEquals(ScalarCode.DOUBLE, read("\"double\"", "\"double\"",
        org.apache.kafka.connect.data.Schema.FLOAT64_SCHEMA));
    assertEquals(ScalarCode.BOOLEAN, read("\"boolean\"", "\"boolean\"",
        org.apache.kafka.connect.data.Schema.BOOLEAN_SCHEMA));
    assertEquals(ScalarCode.STRING, read("\"string\"", "\"string\"",
        org.apache.kafka.connect.data.Schema.STRING_SCHEMA));
    assertEquals(ScalarCode.STRING, read("\"string\"", "{\"type\": \"string\", \"avro.java.string\": \"String\"}",
        org.apache.kafka.connect.data.Schema.STRING_SCHEMA));
    assertEquals(ScalarCode.BYTES, read("\"bytes\"", "\"bytes\"", org.apache.kafka.connect.data.Schema.BYTES_SCHEMA));
  }

  @Test
  void readsEverythingElseByItsNode() {
    // Narrowed ints, Connect's logical types, promotions, Connect's union struct.
    assertEquals(ScalarCode.NONE, read("\"int\"", "\"int\"", org.apache.kafka.connect.data.Schema.INT8_SCHEMA));
    assertEquals(ScalarCode.NONE, read("\"int\"", "\"int\"", org.apache.kafka.connect.data.Schema.INT16_SCHEMA));
    assertEquals(ScalarCode.NONE, read("\"int\"", "\"int\"", Date.SCHEMA));
    assertEquals(ScalarCode.NONE, read("\"int\"", "\"int\"", Time.SCHEMA));
    assertEquals(ScalarCode.NONE, read("\"long\"", "\"long\"", Timestamp.SCHEMA));
    assertEquals(ScalarCode.NONE, read("\"bytes\"", "\"bytes\"", Decimal.schema(2)));
    assertEquals(ScalarCode.NONE, read("\"int\"", "\"long\"", org.apache.kafka.connect.data.Schema.INT64_SCHEMA));
    assertEquals(ScalarCode.NONE, read("\"bytes\"", "\"string\"", org.apache.kafka.connect.data.Schema.STRING_SCHEMA));
    assertEquals(ScalarCode.NONE, read("\"int\"", "[\"null\", \"int\", \"string\"]", UNION_STRUCT));
  }

  @Test
  void readsANullableScalarBySwitchOnlyWhenItsValueIsOne() {
    ReadPlan union = plan("[\"int\", \"null\"]", "[\"int\", \"null\"]");
    Nullable<ReadPlan> nullable = ConnectScalars.nullableRead(union,
        org.apache.kafka.connect.data.Schema.OPTIONAL_INT32_SCHEMA);
    assertNotNull(nullable);
    assertEquals(1, nullable.nullBranch());
    assertNull(ConnectScalars.nullableRead(union, SchemaBuilder.int32().name(Date.LOGICAL_NAME).optional().build()));
    assertNull(ConnectScalars.nullableRead(union, org.apache.kafka.connect.data.Schema.OPTIONAL_INT8_SCHEMA));
    assertNull(ConnectScalars.nullableRead(plan("[\"null\", \"int\", \"string\"]", "[\"null\", \"int\", \"string\"]"),
        UNION_STRUCT));
    assertNull(ConnectScalars.nullableRead(plan("\"int\"", "\"int\""),
        org.apache.kafka.connect.data.Schema.INT32_SCHEMA));
  }

  private static byte write(org.apache.kafka.connect.data.Schema connect, String avro) {
    return ConnectScalars.writeCode(connect, parse(avro));
  }

  private static byte read(String writer, String reader, org.apache.kafka.connect.data.Schema connect) {
    return ConnectScalars.readCode(plan(writer, reader), connect);
  }

  private static ReadPlan plan(String writer, String reader) {
    return PlanBuilder.build(parse(writer), parse(reader), GenericData.get());
  }

  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }
}
