package dev.kavro.connect.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

class StructFillerTest {
  private static final Schema INNER = SchemaBuilder.struct().name("In").optional()
      .field("x", Schema.INT32_SCHEMA).build();
  private static final Schema SCHEMA = SchemaBuilder.struct().name("S")
      .field("name", Schema.STRING_SCHEMA)
      .field("maybe", Schema.OPTIONAL_INT64_SCHEMA)
      .field("list", SchemaBuilder.array(INNER).build())
      .build();

  private static Struct filled(StructFiller filler) {
    Struct struct = new Struct(SCHEMA);
    Object[] values = filler.values(struct);
    StructFiller.put(struct, values, SCHEMA.field("name"), "n");
    StructFiller.put(struct, values, SCHEMA.field("maybe"), null);
    StructFiller.put(struct, values, SCHEMA.field("list"), List.of(new Struct(INNER).put("x", 1)));
    return struct;
  }

  private static Struct viaPut() {
    return new Struct(SCHEMA).put("name", "n").put("maybe", null).put("list", List.of(new Struct(INNER).put("x", 1)));
  }

  @Test
  void fillsPositionallyOnTheClassPath() {
    assertTrue(StructFiller.DEFAULT.isPositional(), "connect-api is on the class path: the probe must succeed");
    assertNotNull(StructFiller.DEFAULT.values(new Struct(SCHEMA)));
    Struct struct = filled(StructFiller.DEFAULT);
    struct.validate();
    assertEquals(viaPut(), struct);
    assertEquals(viaPut().hashCode(), struct.hashCode());
    assertEquals("n", struct.getString("name"));
  }

  @Test
  void readsSlotsInFieldOrder() {
    Struct struct = viaPut();
    Object[] values = StructFiller.DEFAULT.values(struct);
    for (org.apache.kafka.connect.data.Field f : SCHEMA.fields()) {
      assertEquals(struct.get(f), values[f.index()]);
    }
  }

  @Test
  void throughPutGoesThroughStructPut() {
    assertFalse(StructFiller.THROUGH_PUT.isPositional());
    assertNull(StructFiller.THROUGH_PUT.values(new Struct(SCHEMA)));
    Struct struct = filled(StructFiller.THROUGH_PUT);
    struct.validate();
    assertEquals(viaPut(), struct);
    // Struct.put validates: a wrong type fails there, which shows the fallback really takes that path.
    Struct other = new Struct(SCHEMA);
    assertThrows(DataException.class,
        () -> StructFiller.put(other, StructFiller.THROUGH_PUT.values(other), SCHEMA.field("name"), 5));
  }

  @Test
  void nullInARequiredFieldFailsAsStructPutDoes() {
    for (StructFiller filler : new StructFiller[] {StructFiller.DEFAULT, StructFiller.THROUGH_PUT}) {
      Struct struct = new Struct(SCHEMA);
      DataException e = assertThrows(DataException.class,
          () -> StructFiller.put(struct, filler.values(struct), SCHEMA.field("name"), null));
      DataException expected = assertThrows(DataException.class, () -> new Struct(SCHEMA).put("name", null));
      assertEquals(expected.getMessage(), e.getMessage());
    }
  }

  @Test
  void unionStructsHaveExactlyTheOneField() {
    Schema union = SchemaBuilder.struct().name("io.confluent.connect.avro.Union").optional()
        .field("int", Schema.OPTIONAL_INT32_SCHEMA).field("string", Schema.OPTIONAL_STRING_SCHEMA).build();
    for (StructFiller filler : new StructFiller[] {StructFiller.DEFAULT, StructFiller.THROUGH_PUT}) {
      Struct struct = filler.union(union, union.field("string"), "s");
      struct.validate();
      assertEquals(new Struct(union).put("string", "s"), struct);
    }
  }
}
