package dev.kavro.connect.data;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.junit.jupiter.api.Test;

/** Fixtures from Confluent AvroData's Connect to Avro mapping (reference connect-avrodata.md §2.1). */
class ConnectToAvroSchemaTest {
  private static final AvroDataSettings DEFAULTS = AvroDataSettings.DEFAULTS;
  private static final AvroDataSettings EXTENDED =
      new AvroDataSettings(true, false, false, false, false, false, true, false, true);

  static void assertAvro(String expectedJson, Schema connect, AvroDataSettings settings) {
    org.apache.avro.Schema expected = new org.apache.avro.Schema.Parser().parse(expectedJson);
    org.apache.avro.Schema actual = ConnectToAvroSchema.convert(connect, settings);
    assertEquals(expected.toString(), actual.toString());
  }

  @Test
  void writesConnectTypeForInt8AndInt16OnlyWithMetadata() {
    assertAvro("{\"type\":\"int\",\"connect.type\":\"int8\"}", Schema.INT8_SCHEMA, DEFAULTS);
    assertAvro("{\"type\":\"int\",\"connect.type\":\"int16\"}", Schema.INT16_SCHEMA, DEFAULTS);
    assertAvro("\"int\"", Schema.INT8_SCHEMA, new AvroDataSettings(false, false, false, false, false, false, true));
  }

  @Test
  void writesLogicalTypesWithConnectNames() {
    // Confluent's property order: connect.* first, then the logical type (the registry stores the text).
    assertAvro("{\"type\":\"int\",\"connect.version\":1,\"connect.name\":\"org.apache.kafka.connect.data.Date\","
        + "\"logicalType\":\"date\"}", Date.SCHEMA, DEFAULTS);
    assertAvro("{\"type\":\"int\",\"connect.version\":1,\"connect.name\":\"org.apache.kafka.connect.data.Time\","
        + "\"logicalType\":\"time-millis\"}", Time.SCHEMA, DEFAULTS);
    assertAvro("{\"type\":\"long\",\"connect.version\":1,"
        + "\"connect.name\":\"org.apache.kafka.connect.data.Timestamp\",\"logicalType\":\"timestamp-millis\"}",
        Timestamp.SCHEMA, DEFAULTS);
    assertAvro("{\"type\":\"bytes\",\"scale\":2,\"precision\":64,"
        + "\"connect.version\":1,\"connect.parameters\":{\"scale\":\"2\"},"
        + "\"connect.name\":\"org.apache.kafka.connect.data.Decimal\",\"logicalType\":\"decimal\"}",
        Decimal.schema(2), DEFAULTS);
    assertAvro("{\"type\":\"bytes\",\"scale\":3,\"precision\":10,"
        + "\"connect.version\":1,\"connect.parameters\":{\"scale\":\"3\",\"connect.decimal.precision\":\"10\"},"
        + "\"connect.name\":\"org.apache.kafka.connect.data.Decimal\",\"logicalType\":\"decimal\"}",
        Decimal.builder(3).parameter("connect.decimal.precision", "10").build(), DEFAULTS);
  }

  @Test
  void keepsTheLegacyDecimalFormWhenAvroRefusesTheScale() {
    assertAvro("{\"type\":\"bytes\",\"scale\":5,\"precision\":3,"
        + "\"connect.version\":1,\"connect.parameters\":{\"scale\":\"5\",\"connect.decimal.precision\":\"3\"},"
        + "\"connect.name\":\"org.apache.kafka.connect.data.Decimal\",\"logicalType\":\"decimal\"}",
        Decimal.builder(5).parameter("connect.decimal.precision", "3").build(), DEFAULTS);
  }

  @Test
  void restoresKavroLogicalTypes() {
    Schema micros = Timestamp.builder().parameter(ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM, "timestamp-micros")
        .build();
    assertAvro("{\"type\":\"long\",\"connect.version\":1,"
        + "\"connect.name\":\"org.apache.kafka.connect.data.Timestamp\",\"logicalType\":\"timestamp-micros\"}",
        micros, EXTENDED);
    Schema uuid = SchemaBuilder.string().parameter(ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM, "uuid").build();
    assertAvro("{\"type\":\"string\",\"logicalType\":\"uuid\"}", uuid, EXTENDED);
    // Off (the default), the marker is an ordinary parameter, as Confluent would write it.
    assertAvro("{\"type\":\"string\",\"connect.parameters\":{\"dev.kavro.connect.avro.logicalType\":\"uuid\"}}",
        uuid, DEFAULTS);
  }

  @Test
  void writesFixedForNamedBytesWithSize() {
    assertAvro("{\"type\":\"fixed\",\"name\":\"Md5\",\"namespace\":\"ns\",\"size\":16,"
        + "\"connect.parameters\":{\"connect.fixed.size\":\"16\"},\"connect.name\":\"ns.Md5\"}",
        SchemaBuilder.bytes().name("ns.Md5").parameter("connect.fixed.size", "16").build(), DEFAULTS);
  }

  @Test
  void writesOptionalAsNullUnionAndDefaultFirstWhenDefaulted() {
    assertAvro("[\"null\",\"string\"]", Schema.OPTIONAL_STRING_SCHEMA, DEFAULTS);
    assertAvro("[{\"type\":\"string\",\"connect.default\":\"x\"},\"null\"]",
        SchemaBuilder.string().optional().defaultValue("x").build(), DEFAULTS);
  }

  @Test
  void writesMapsAndNonStringKeyedMapsAsMapEntryArrays() {
    assertAvro("{\"type\":\"map\",\"values\":\"int\"}",
        SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT32_SCHEMA).build(), DEFAULTS);
    assertAvro("{\"type\":\"array\",\"items\":{\"type\":\"record\",\"name\":\"MapEntry\","
        + "\"namespace\":\"io.confluent.connect.avro\",\"fields\":[{\"name\":\"key\",\"type\":\"int\"},"
        + "{\"name\":\"value\",\"type\":\"string\"}]}}",
        SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.STRING_SCHEMA).build(), DEFAULTS);
    assertAvro("{\"type\":\"array\",\"items\":{\"type\":\"record\",\"name\":\"MapEntry\","
        + "\"namespace\":\"io.confluent.connect.avro\",\"fields\":[{\"name\":\"key\",\"type\":[\"null\",\"string\"],"
        + "\"default\":null},"
        + "{\"name\":\"value\",\"type\":\"int\"}]}}",
        SchemaBuilder.map(Schema.OPTIONAL_STRING_SCHEMA, Schema.INT32_SCHEMA).build(), DEFAULTS);
    assertAvro("{\"type\":\"map\",\"values\":\"int\"}",
        SchemaBuilder.map(Schema.OPTIONAL_STRING_SCHEMA, Schema.INT32_SCHEMA).build(),
        new AvroDataSettings(true, false, false, false, false, true, true));
  }

  @Test
  void writesNamedMapEntryRecordsWithTheInternalType() {
    assertAvro("{\"type\":\"array\",\"items\":{\"type\":\"record\",\"name\":\"M\",\"namespace\":\"ns\","
        + "\"fields\":[{\"name\":\"key\",\"type\":\"int\"},{\"name\":\"value\",\"type\":\"int\"}],"
        + "\"connect.internal.type\":\"MapEntry\"},\"connect.name\":\"ns.M\"}",
        SchemaBuilder.map(Schema.INT32_SCHEMA, Schema.INT32_SCHEMA).name("ns.M").build(), DEFAULTS);
  }

  @Test
  void writesStructsWithDocsDefaultsAndConnectDefaultNames() {
    Schema inner = SchemaBuilder.struct().field("x", Schema.INT32_SCHEMA).optional().build();
    Schema struct = SchemaBuilder.struct()
        .parameter("io.confluent.connect.avro.record.doc", "rec doc")
        .parameter("io.confluent.connect.avro.field.doc.a", "a doc")
        .field("a", SchemaBuilder.int32().defaultValue(5).build())
        .field("b", Schema.OPTIONAL_STRING_SCHEMA)
        .field("c", inner)
        .build();
    assertAvro("""
        {"type":"record","name":"ConnectDefault","namespace":"io.confluent.connect.avro","doc":"rec doc","fields":[
          {"name":"a","type":{"type":"int","connect.default":5},"doc":"a doc","default":5},
          {"name":"b","type":["null","string"],"default":null},
          {"name":"c","type":["null",{"type":"record","name":"ConnectDefault2","namespace":"io.confluent.connect.avro",
             "fields":[{"name":"x","type":"int"}]}],"default":null}],
         "connect.parameters":{"io.confluent.connect.avro.record.doc":"rec doc",
           "io.confluent.connect.avro.field.doc.a":"a doc"}}""", struct, DEFAULTS);
  }

  @Test
  void writesNamedStructsWithConnectMetadata() {
    Schema struct = SchemaBuilder.struct().name("com.acme.Order").version(2).doc("an order")
        .field("id", Schema.INT64_SCHEMA).build();
    assertAvro("""
        {"type":"record","name":"Order","namespace":"com.acme","fields":[{"name":"id","type":"long"}],
         "connect.doc":"an order","connect.version":2,"connect.name":"com.acme.Order"}""", struct, DEFAULTS);
  }

  @Test
  void writesEnumsOnlyWithEnhancedOrGeneralizedSupport() {
    Schema confluentEnum = SchemaBuilder.string().parameter("io.confluent.connect.avro.Enum", "ns.Suit")
        .parameter("io.confluent.connect.avro.Enum.HEART", "HEART")
        .parameter("io.confluent.connect.avro.Enum.SPADE", "SPADE").build();
    String params = "\"connect.parameters\":{\"io.confluent.connect.avro.Enum\":\"ns.Suit\","
        + "\"io.confluent.connect.avro.Enum.HEART\":\"HEART\",\"io.confluent.connect.avro.Enum.SPADE\":\"SPADE\"}";
    assertAvro("{\"type\":\"string\"," + params + "}", confluentEnum, DEFAULTS);
    assertAvro("{\"type\":\"enum\",\"name\":\"Suit\",\"namespace\":\"ns\",\"symbols\":[\"HEART\",\"SPADE\"],"
        + params + "}", confluentEnum, new AvroDataSettings(true, true, false, false, false, false, true));
  }

  @Test
  void writesUnionStructsAsUnions() {
    Schema union = SchemaBuilder.struct().name("io.confluent.connect.avro.Union").optional()
        .field("int", Schema.OPTIONAL_INT32_SCHEMA).field("string", Schema.OPTIONAL_STRING_SCHEMA).build();
    assertAvro("[\"null\",\"int\",\"string\"]", union, DEFAULTS);
    Schema generalized = SchemaBuilder.struct().name("connect_union_0")
        .parameter("org.apache.kafka.connect.data.Union", "connect_union_0")
        .field("connect_union_field_0", Schema.OPTIONAL_INT32_SCHEMA)
        .field("connect_union_field_1", Schema.OPTIONAL_STRING_SCHEMA).build();
    assertAvro("[\"int\",\"string\"]", generalized, new AvroDataSettings(true, false, false, true, false, false,
        true));
  }

  @Test
  void scrubsInvalidNamesWhenAsked() {
    Schema struct = SchemaBuilder.struct().name("my-ns.1rec").field("a b", Schema.INT32_SCHEMA)
        .field("ok_name", Schema.INT32_SCHEMA).build();
    org.apache.avro.Schema avro = ConnectToAvroSchema.convert(struct,
        new AvroDataSettings(false, false, true, false, false, false, true));
    assertEquals("my_ns.x1rec", avro.getFullName());
    assertEquals(List.of("a_b", "ok_name"), avro.getFields().stream().map(f -> f.name()).toList());
  }

  @Test
  void roundTripsAvroSchemasThroughConnect() {
    for (String json : List.of(
        "{\"type\":\"record\",\"name\":\"R\",\"namespace\":\"ns\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"},"
            + "{\"name\":\"m\",\"type\":{\"type\":\"map\",\"values\":\"string\"}},"
            + "{\"name\":\"o\",\"type\":[\"null\",\"long\"],\"default\":null}],\"connect.name\":\"ns.R\"}",
        "{\"type\":\"int\",\"connect.type\":\"int16\"}",
        "{\"type\":\"long\",\"logicalType\":\"local-timestamp-micros\",\"connect.version\":1,"
            + "\"connect.name\":\"org.apache.kafka.connect.data.Timestamp\"}")) {
      org.apache.avro.Schema avro = new org.apache.avro.Schema.Parser().parse(json);
      Schema connect = AvroToConnectSchema.convert(avro, null, EXTENDED);
      assertEquals(avro, ConnectToAvroSchema.convert(connect, EXTENDED), json);
    }
  }
}
