package dev.kavro.connect.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.ByteBuffer;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** Fixtures from Confluent AvroData's Avro to Connect mapping (reference connect-avrodata.md §2.2). */
class AvroToConnectSchemaTest {
  private static final AvroDataSettings DEFAULTS = AvroDataSettings.DEFAULTS;
  private static final AvroDataSettings GENERALIZED = new AvroDataSettings(true, false, false, true, false, false,
      true);

  static org.apache.avro.Schema avro(String json) {
    return new org.apache.avro.Schema.Parser().parse(json);
  }

  static Schema connect(String json) {
    return AvroToConnectSchema.convert(avro(json), null, DEFAULTS);
  }

  @Test
  void mapsPrimitives() {
    assertEquals(Schema.INT32_SCHEMA, connect("\"int\""));
    assertEquals(Schema.INT64_SCHEMA, connect("\"long\""));
    assertEquals(Schema.FLOAT32_SCHEMA, connect("\"float\""));
    assertEquals(Schema.FLOAT64_SCHEMA, connect("\"double\""));
    assertEquals(Schema.BOOLEAN_SCHEMA, connect("\"boolean\""));
    assertEquals(Schema.STRING_SCHEMA, connect("\"string\""));
    assertEquals(Schema.BYTES_SCHEMA, connect("\"bytes\""));
  }

  @Test
  void readsConnectTypeForInt8AndInt16() {
    assertEquals(Schema.INT8_SCHEMA, connect("{\"type\":\"int\",\"connect.type\":\"int8\"}"));
    assertEquals(Schema.INT16_SCHEMA, connect("{\"type\":\"int\",\"connect.type\":\"int16\"}"));
  }

  @Test
  void mapsConfluentLogicalTypes() {
    assertEquals(Date.SCHEMA, connect("{\"type\":\"int\",\"logicalType\":\"date\"}"));
    assertEquals(Time.SCHEMA, connect("{\"type\":\"int\",\"logicalType\":\"time-millis\"}"));
    assertEquals(Timestamp.SCHEMA, connect("{\"type\":\"long\",\"logicalType\":\"timestamp-millis\"}"));
    assertEquals(Decimal.schema(2),
        connect("{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":64,\"scale\":2}"));
    assertEquals(Decimal.builder(2).parameter("connect.decimal.precision", "10").build(),
        connect("{\"type\":\"bytes\",\"logicalType\":\"decimal\",\"precision\":10,\"scale\":2}"));
    assertEquals(Decimal.builder(0).parameter("connect.fixed.size", "8").build(),
        connect("{\"type\":\"fixed\",\"name\":\"D\",\"size\":8,\"logicalType\":\"decimal\",\"precision\":64}"));
  }

  @Test
  void leavesMicrosLocalTimestampsAndUuidAsPrimitivesAsConfluentDoes() {
    for (String logical : new String[] {"timestamp-micros", "local-timestamp-millis", "local-timestamp-micros",
        "time-micros"}) {
      assertEquals(Schema.INT64_SCHEMA, connect("{\"type\":\"long\",\"logicalType\":\"" + logical + "\"}"));
    }
    assertEquals(Schema.STRING_SCHEMA, connect("{\"type\":\"string\",\"logicalType\":\"uuid\"}"));
  }

  @Test
  void mapsMicrosLocalTimestampsAndUuidWhenKavrosExtensionIsOn() {
    AvroDataSettings extended = new AvroDataSettings(true, false, false, false, false, false, true, false, true);
    assertEquals(Timestamp.builder().parameter(ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM, "timestamp-micros").build(),
        AvroToConnectSchema.convert(avro("{\"type\":\"long\",\"logicalType\":\"timestamp-micros\"}"), null,
            extended));
    assertEquals(Timestamp.builder().parameter(ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM, "local-timestamp-millis")
        .build(), AvroToConnectSchema.convert(avro("{\"type\":\"long\",\"logicalType\":\"local-timestamp-millis\"}"),
            null, extended));
    assertEquals(Time.builder().parameter(ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM, "time-micros").build(),
        AvroToConnectSchema.convert(avro("{\"type\":\"long\",\"logicalType\":\"time-micros\"}"), null,
            extended));
    assertEquals(SchemaBuilder.string().parameter(ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM, "uuid").build(),
        AvroToConnectSchema.convert(avro("{\"type\":\"string\",\"logicalType\":\"uuid\"}"), null, extended));
  }

  @Test
  void mapsFixedToNamedBytesWithSize() {
    assertEquals(SchemaBuilder.bytes().name("ns.Md5").parameter("connect.fixed.size", "16").build(),
        connect("{\"type\":\"fixed\",\"name\":\"Md5\",\"namespace\":\"ns\",\"size\":16}"));
  }

  @Test
  void mapsNullUnionsToOptional() {
    assertEquals(Schema.OPTIONAL_STRING_SCHEMA, connect("[\"null\",\"string\"]"));
    assertEquals(Schema.OPTIONAL_INT64_SCHEMA, connect("[\"long\",\"null\"]"));
    assertEquals(Schema.INT32_SCHEMA, connect("[\"int\"]"));
  }

  @Test
  void mapsMapsAndMapEntryArrays() {
    assertEquals(SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT32_SCHEMA).build(),
        connect("{\"type\":\"map\",\"values\":\"int\"}"));
    assertEquals(SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.STRING_SCHEMA).build(), connect("""
        {"type":"array","items":{"type":"record","name":"MapEntry","namespace":"io.confluent.connect.avro",
          "fields":[{"name":"key","type":"int"},{"name":"value","type":"string"}]}}"""));
    assertEquals(SchemaBuilder.map(Schema.INT64_SCHEMA, Schema.STRING_SCHEMA).build(), connect("""
        {"type":"array","items":{"type":"record","name":"Named","connect.internal.type":"MapEntry",
          "fields":[{"name":"key","type":"long"},{"name":"value","type":"string"}]}}"""));
    assertEquals(SchemaBuilder.array(Schema.STRING_SCHEMA).build(), connect("{\"type\":\"array\",\"items\":\"string\"}"));
  }

  @Test
  void rejectsMalformedMapEntries() {
    assertThrows(DataException.class, () -> connect("""
        {"type":"array","items":{"type":"record","name":"MapEntry","namespace":"io.confluent.connect.avro",
          "fields":[{"name":"k","type":"int"},{"name":"value","type":"string"}]}}"""));
  }

  @Test
  void mapsRecordsWithDocsDefaultsAndNames() {
    Schema expected = SchemaBuilder.struct().name("ns.Order")
        .parameter("io.confluent.connect.avro.record.doc", "An order")
        .parameter("io.confluent.connect.avro.field.doc.id", "The id")
        .field("id", Schema.INT64_SCHEMA)
        .field("note", Schema.OPTIONAL_STRING_SCHEMA)
        .field("qty", SchemaBuilder.int32().defaultValue(1)
            .parameter("io.confluent.connect.avro.field.default", "true").build())
        .build();
    assertEquals(expected, connect("""
        {"type":"record","name":"Order","namespace":"ns","doc":"An order","fields":[
          {"name":"id","type":"long","doc":"The id"},
          {"name":"note","type":["null","string"],"default":null},
          {"name":"qty","type":"int","default":1}]}"""));
  }

  @Test
  void dropsConnectDefaultRecordNames() {
    assertEquals(SchemaBuilder.struct().field("a", Schema.INT32_SCHEMA).build(), connect("""
        {"type":"record","name":"ConnectDefault2","namespace":"io.confluent.connect.avro",
          "fields":[{"name":"a","type":"int"}]}"""));
  }

  @Test
  void readsConnectMetadataProperties() {
    Schema expected = SchemaBuilder.string().name("my.Name").version(3).doc("documented")
        .parameter("p", "v").defaultValue("dflt").build();
    assertEquals(expected, connect("""
        {"type":"string","connect.name":"my.Name","connect.version":3,"connect.doc":"documented",
         "connect.parameters":{"p":"v"},"connect.default":"dflt"}"""));
  }

  @Test
  void readsOnlyNameVersionAndDefaultWhenMetadataIsDisabled() {
    // Confluent applies connect.name, connect.version and connect.default whatever connect.meta.data says.
    AvroDataSettings off = new AvroDataSettings(false, false, false, false, false, false, true);
    assertEquals(SchemaBuilder.string().name("my.Name").version(3).defaultValue("x").build(),
        AvroToConnectSchema.convert(avro("""
            {"type":"string","connect.name":"my.Name","connect.version":3,"connect.doc":"d",
             "connect.parameters":{"p":"v"},"connect.default":"x"}"""), null, off));
  }

  @Test
  void usesTheRegistryVersionUnlessConnectVersionIsSet() {
    assertEquals(SchemaBuilder.int32().version(7).build(),
        AvroToConnectSchema.convert(avro("\"int\""), 7, DEFAULTS));
    assertEquals(SchemaBuilder.int32().version(2).build(),
        AvroToConnectSchema.convert(avro("{\"type\":\"int\",\"connect.version\":2}"), 7, DEFAULTS));
  }

  @Test
  void mapsEnumsThroughParameters() {
    String json = "{\"type\":\"enum\",\"name\":\"Suit\",\"namespace\":\"ns\",\"symbols\":[\"HEART\",\"SPADE\"]}";
    assertEquals(SchemaBuilder.string().name("ns.Suit").parameter("io.confluent.connect.avro.Enum", "ns.Suit")
        .parameter("io.confluent.connect.avro.Enum.HEART", "HEART")
        .parameter("io.confluent.connect.avro.Enum.SPADE", "SPADE").build(), connect(json));
    assertEquals(SchemaBuilder.string().name("ns.Suit").parameter("org.apache.kafka.connect.data.Enum", "ns.Suit")
        .parameter("org.apache.kafka.connect.data.Enum.HEART", "0")
        .parameter("org.apache.kafka.connect.data.Enum.SPADE", "1").build(),
        AvroToConnectSchema.convert(avro(json), null, GENERALIZED));
  }

  @Test
  void mapsUnionsToUnionStructs() {
    String json = "[\"null\",\"int\",\"string\",{\"type\":\"record\",\"name\":\"R\",\"namespace\":\"ns\","
        + "\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}]";
    Schema record = SchemaBuilder.struct().name("ns.R").field("a", Schema.INT32_SCHEMA).optional().build();
    assertEquals(SchemaBuilder.struct().name("io.confluent.connect.avro.Union").optional()
        .field("int", Schema.OPTIONAL_INT32_SCHEMA).field("string", Schema.OPTIONAL_STRING_SCHEMA)
        .field("R", record).build(), connect(json));
    assertEquals(SchemaBuilder.struct().name("connect_union_0")
        .parameter("org.apache.kafka.connect.data.Union", "connect_union_0").optional()
        .field("connect_union_field_1", Schema.OPTIONAL_INT32_SCHEMA)
        .field("connect_union_field_2", Schema.OPTIONAL_STRING_SCHEMA)
        .field("connect_union_field_3", record).build(), AvroToConnectSchema.convert(avro(json), null, GENERALIZED));
  }

  @Test
  void rejectsUnionBranchesWithTheSameFieldName() {
    assertThrows(DataException.class, () -> connect("""
        [{"type":"record","name":"R","namespace":"a","fields":[]},
         {"type":"record","name":"R","namespace":"b","fields":[]}]"""));
  }

  @Test
  void rejectsStandaloneNull() {
    assertThrows(DataException.class, () -> connect("\"null\""));
  }

  @Test
  void mapsBytesDefaultsAsBuffers() {
    Schema schema = connect("""
        {"type":"record","name":"B","fields":[{"name":"b","type":"bytes","default":"\\u0001\\u0002"}]}""");
    assertEquals(ByteBuffer.wrap(new byte[] {1, 2}), schema.field("b").schema().defaultValue());
  }
}
