package dev.kavro.connect.data;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/** Recursive Avro schemas in the Connect mapping: the {@link CyclicSchema} back-reference, both ways. */
class CyclicSchemaTest {
  private static final AvroDataSettings NO_META = new AvroDataSettings(false, false, false, false, false, false,
      true);
  private static final String LIST = """
      {"type":"record","name":"Node","namespace":"ns","fields":[{"name":"value","type":"int"},
        {"name":"next","type":["null","Node"],"default":null}]}""";
  private static final String TREE = """
      {"type":"record","name":"Tree","fields":[{"name":"label","type":"string"},
        {"name":"children","type":{"type":"array","items":"Tree"}}]}""";
  /** Mutual recursion, and the recursive record also reached a second time outside its own cycle. */
  private static final String MUTUAL = """
      {"type":"record","name":"A","fields":[
        {"name":"b","type":{"type":"record","name":"B","fields":[{"name":"a","type":["null","A"],"default":null},
          {"name":"bs","type":{"type":"map","values":"B"}}]}},
        {"name":"again","type":["null","B"],"default":null}]}""";

  private static org.apache.avro.Schema avro(String json) {
    return new org.apache.avro.Schema.Parser().parse(json);
  }

  @Test
  void mapsTheBackReferenceOfALinkedListToAnOptionalCyclicSchema() {
    Schema node = AvroToConnectSchema.convert(avro(LIST), 3, AvroDataSettings.DEFAULTS);
    Schema next = node.field("next").schema();
    CyclicSchema cyclic = assertInstanceOf(CyclicSchema.class, next);
    assertSame(node, cyclic.target());
    assertTrue(next.isOptional());
    assertFalse(node.isOptional());
    assertEquals(Schema.Type.STRUCT, next.type());
    assertEquals("ns.Node", next.name());
    assertSame(node.fields(), next.fields());
    assertEquals(Schema.INT32_SCHEMA, next.field("value").schema());
  }

  @Test
  void equalsAndHashCodeOfRecursiveSchemasEnd() {
    Schema one = AvroToConnectSchema.convert(avro(TREE), null, AvroDataSettings.DEFAULTS);
    Schema two = AvroToConnectSchema.convert(avro(TREE), null, AvroDataSettings.DEFAULTS);
    assertEquals(one, two);
    assertEquals(one.hashCode(), two.hashCode());
    assertNotEquals(one, AvroToConnectSchema.convert(avro(LIST), null, AvroDataSettings.DEFAULTS));
    Schema ref = one.field("children").schema().valueSchema();
    assertNotEquals(ref, new CyclicSchema(one, true));
    assertEquals(ref, new CyclicSchema(two, false));
    assertEquals("CyclicSchema{Tree}", ref.toString());
  }

  @Test
  void mapsRecursiveSchemasBackToTheSameAvroSchema() {
    for (String json : List.of(LIST, TREE, MUTUAL)) {
      org.apache.avro.Schema original = avro(json);
      Schema connect = AvroToConnectSchema.convert(original, null, NO_META);
      assertTrue(CyclicSchema.isRecursive(connect), json);
      assertEquals(original, ConnectToAvroSchema.convert(connect, NO_META), json);
    }
  }

  @Test
  void convertsMutuallyRecursiveValuesBothWays() {
    org.apache.avro.Schema a = avro(MUTUAL);
    org.apache.avro.Schema b = a.getField("b").schema();
    GenericData.Record innerB = new GenericData.Record(b);
    innerB.put("a", null);
    innerB.put("bs", java.util.Map.of());
    GenericData.Record innerA = new GenericData.Record(a);
    innerA.put("b", innerB);
    innerA.put("again", null);
    GenericData.Record outerB = new GenericData.Record(b);
    outerB.put("a", innerA);
    outerB.put("bs", java.util.Map.of("k", innerB));
    GenericData.Record outer = new GenericData.Record(a);
    outer.put("b", outerB);
    outer.put("again", innerB);

    Schema connect = AvroToConnectSchema.convert(a, null, AvroDataSettings.DEFAULTS);
    Struct struct = (Struct) AvroToConnectValue.convert(a, connect, outer, AvroDataSettings.DEFAULTS);
    struct.validate();
    Struct nestedA = struct.getStruct("b").getStruct("a");
    assertInstanceOf(CyclicSchema.class, nestedA.schema());
    assertEquals(0, nestedA.getStruct("b").getMap("bs").size());
    assertEquals(outer, ConnectToAvroValue.convert(connect, a, struct, AvroDataSettings.DEFAULTS));
  }

  @Test
  void isRecursiveIsFalseForTrees() {
    Schema plain = SchemaBuilder.struct().field("x", SchemaBuilder.array(Schema.INT32_SCHEMA).build()).build();
    assertFalse(CyclicSchema.isRecursive(plain));
    assertFalse(CyclicSchema.isRecursive(null));
  }

  @Test
  void refusesAReferenceToAStructThatDoesNotEncloseIt() {
    Schema elsewhere = SchemaBuilder.struct().name("Elsewhere").field("x", Schema.INT32_SCHEMA).build();
    Schema holder = SchemaBuilder.struct().name("Holder").field("ref", new CyclicSchema(elsewhere, true)).build();
    assertThrows(DataException.class, () -> ConnectToAvroSchema.convert(holder, NO_META));
    assertThrows(IllegalArgumentException.class, () -> new CyclicSchema(Schema.INT32_SCHEMA, false));
  }
}
