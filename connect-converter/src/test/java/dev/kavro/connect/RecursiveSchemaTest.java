package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.confluentBytes;
import static dev.kavro.connect.ConverterFixtures.converter;
import static dev.kavro.connect.ConverterFixtures.freshRegistry;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.kavro.connect.data.CyclicSchema;
import dev.kavro.registry.MockSchemaRegistry;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Recursive Avro schemas through the converter, on both paths and in every compile mode: toConnectData gives the
 * Structs that vanilla Avro's data converts to field by field, and fromConnectData writes the original bytes back.
 */
class RecursiveSchemaTest {
  static final Schema LIST = new Schema.Parser().parse("""
      {"type":"record","name":"Node","namespace":"ns","fields":[{"name":"value","type":"int"},
        {"name":"next","type":["null","Node"],"default":null}]}""");
  static final Schema TREE = new Schema.Parser().parse("""
      {"type":"record","name":"Tree","fields":[{"name":"label","type":"string"},
        {"name":"children","type":{"type":"array","items":"Tree"}}]}""");

  static Stream<Arguments> modesAndPaths() {
    List<Arguments> all = new ArrayList<>();
    for (String mode : List.of("async", "compiled", "fallback")) {
      for (ConverterPaths paths : ConverterPaths.values()) {
        for (boolean metaData : List.of(true, false)) {
          all.add(Arguments.of(mode, paths, metaData));
        }
      }
    }
    return all.stream();
  }

  @ParameterizedTest
  @MethodSource("modesAndPaths")
  void linkedListRoundTripsToTheSameBytes(String mode, ConverterPaths paths, boolean metaData)
      throws Exception {
    GenericRecord list = node(1, node(2, node(3, null)));
    SchemaAndValue read = roundTrip(LIST, list, mode, paths, metaData);
    Struct struct = (Struct) read.value();
    assertEquals(expectedList((GenericRecord) vanillaRead(LIST, list), read.schema()), struct);
    org.apache.kafka.connect.data.Schema next = read.schema().field("next").schema();
    assertInstanceOf(CyclicSchema.class, next);
    assertEquals(true, next.isOptional());
    assertEquals(3, struct.getStruct("next").getStruct("next").getInt32("value"));
  }

  @ParameterizedTest
  @MethodSource("modesAndPaths")
  void treeRoundTripsToTheSameBytes(String mode, ConverterPaths paths, boolean metaData) throws Exception {
    GenericRecord tree = tree("root", tree("a", tree("a1"), tree("a2")), tree("b"));
    SchemaAndValue read = roundTrip(TREE, tree, mode, paths, metaData);
    assertEquals(expectedTree((GenericRecord) vanillaRead(TREE, tree), read.schema()), read.value());
    assertInstanceOf(CyclicSchema.class, read.schema().field("children").schema().valueSchema());
    assertEquals("a2", ((Struct) ((Struct) read.value()).getArray("children").get(0)).getArray("children").stream()
        .map(c -> ((Struct) c).getString("label")).toList().get(1));
  }

  /**
   * Writes {@code datum} as a Confluent producer would, reads it with the converter, writes the result back, and
   * checks the bytes, the schema and a second read.
   */
  private static SchemaAndValue roundTrip(Schema schema, GenericRecord datum, String mode,
      ConverterPaths paths, boolean metaData) {
    MockSchemaRegistry registry = freshRegistry();
    Map<String, Object> config = new HashMap<>();
    config.put("kavro.reader.mode", mode);
    config.put("connect.meta.data", metaData);
    KavroConverter converter = converter(false, config, paths, registry);
    try {
      int id = registry.register("t-value", schema, false);
      byte[] original = confluentBytes(id, schema, datum);
      SchemaAndValue read = converter.toConnectData("t", original);
      byte[] written = converter.fromConnectData("t", read.schema(), read.value());
      Schema registered = registry.latest("t-value").schema();
      assertEquals(SchemaNormalization.toParsingForm(schema), SchemaNormalization.toParsingForm(registered));
      if (metaData) {
        // connect.name and friends make it another registered schema, with another id: the Avro payload is equal.
        assertArrayEquals(Arrays.copyOfRange(original, 5, original.length),
            Arrays.copyOfRange(written, 5, written.length));
      } else {
        assertEquals(schema, registered);
        assertArrayEquals(original, written);
      }
      SchemaAndValue again = converter.toConnectData("t", written);
      assertEquals(read.schema(), again.schema());
      assertEquals(read.value(), again.value());
      return read;
    } finally {
      converter.close();
    }
  }

  private static Object vanillaRead(Schema schema, GenericRecord datum) throws Exception {
    byte[] bytes = confluentBytes(1, schema, datum);
    return new GenericDatumReader<>(schema).read(null,
        DecoderFactory.get().binaryDecoder(bytes, 5, bytes.length - 5, null));
  }

  /** Vanilla Avro's linked list, converted field by field into the Connect schema the converter gave. */
  private static Struct expectedList(GenericRecord record, org.apache.kafka.connect.data.Schema schema) {
    GenericRecord next = (GenericRecord) record.get("next");
    return new Struct(schema).put("value", record.get("value"))
        .put("next", next == null ? null : expectedList(next, schema.field("next").schema()));
  }

  private static Struct expectedTree(GenericRecord record, org.apache.kafka.connect.data.Schema schema) {
    org.apache.kafka.connect.data.Schema child = schema.field("children").schema().valueSchema();
    List<Struct> children = new ArrayList<>();
    for (Object c : (List<?>) record.get("children")) {
      children.add(expectedTree((GenericRecord) c, child));
    }
    return new Struct(schema).put("label", record.get("label").toString()).put("children", children);
  }

  private static GenericRecord node(int value, GenericRecord next) {
    GenericData.Record r = new GenericData.Record(LIST);
    r.put("value", value);
    r.put("next", next);
    return r;
  }

  private static GenericRecord tree(String label, GenericRecord... children) {
    GenericData.Record r = new GenericData.Record(TREE);
    r.put("label", label);
    r.put("children", List.of(children));
    return r;
  }

  @ParameterizedTest
  @MethodSource("modesAndPaths")
  void readsOntoARecursiveTargetSchema(String mode, ConverterPaths paths, boolean metaData) {
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter converter = converter(false, Map.of("kavro.reader.mode", mode, "connect.meta.data", metaData),
        paths, registry);
    try {
      int id = registry.register("t-value", LIST, false);
      SchemaAndValue own = converter.toConnectData("t", confluentBytes(id, LIST, node(5, node(6, null))));
      SchemaAndValue projected = converter.toConnectData("t", null, confluentBytes(id, LIST, node(5, node(6, null))),
          own.schema());
      assertSame(own.schema(), projected.schema());
      assertEquals(own.value(), projected.value());
    } finally {
      converter.close();
    }
  }
}
