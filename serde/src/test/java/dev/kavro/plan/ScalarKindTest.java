package dev.kavro.plan;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.runtime.FieldRuns;
import dev.kavro.runtime.ScalarCode;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

/**
 * {@link ScalarKind} answers for every kind of plan node that {@link PlanBuilder} makes, and for every Avro type:
 * plain scalars read or written as they stand are scalars, and nothing that promotes, converts, looks up or nests is.
 */
class ScalarKindTest {
  /** The expected kind of each plan kind; {@code null}: not a scalar. Every plan kind must be listed. */
  private static final Map<ReadPlan.Kind, ScalarKind> EXPECTED = expected();

  private static Map<ReadPlan.Kind, ScalarKind> expected() {
    Map<ReadPlan.Kind, ScalarKind> expected = new EnumMap<>(ReadPlan.Kind.class);
    for (ReadPlan.Kind kind : ReadPlan.Kind.values()) {
      expected.put(kind, null);
    }
    expected.put(ReadPlan.Kind.BOOLEAN, ScalarKind.BOOLEAN);
    expected.put(ReadPlan.Kind.INT, ScalarKind.INT);
    expected.put(ReadPlan.Kind.LONG, ScalarKind.LONG);
    expected.put(ReadPlan.Kind.FLOAT, ScalarKind.FLOAT);
    expected.put(ReadPlan.Kind.DOUBLE, ScalarKind.DOUBLE);
    expected.put(ReadPlan.Kind.STRING_UTF8, ScalarKind.STRING);
    expected.put(ReadPlan.Kind.STRING_JAVA, ScalarKind.STRING);
    expected.put(ReadPlan.Kind.BYTES, ScalarKind.BYTES);
    return expected;
  }

  @Test
  void classifiesEveryKindOfPlanTheBuilderMakes() {
    Set<ReadPlan.Kind> built = new HashSet<>();
    for (String[] pair : PlanKinds.PAIRS) {
      ReadPlan plan = PlanKinds.plan(pair[0], pair[1]);
      built.add(plan.kind());
      assertEquals(EXPECTED.get(plan.kind()), ScalarKind.of(plan), plan.toString());
    }
    // A new plan kind must be classified here, or this test would stop covering every kind.
    assertEquals(Set.of(ReadPlan.Kind.values()), built);
  }

  @Test
  void aLogicalPlanIsNoScalarButItsInnerPlanIs() {
    GenericData model = new GenericData();
    model.addLogicalTypeConversion(new TimeConversions.DateConversion());
    Schema date = PlanKinds.parse("{\"type\": \"int\", \"logicalType\": \"date\"}");
    LogicalPlan plan = assertInstanceOf(LogicalPlan.class, PlanBuilder.build(date, date, model));
    assertNull(ScalarKind.of(plan));
    assertEquals(ScalarKind.INT, ScalarKind.of(plan.inner()));
    // Without a conversion the model reads the plain int: a scalar.
    assertEquals(ScalarKind.INT, ScalarKind.of(PlanBuilder.build(date, date, GenericData.get())));
  }

  @Test
  void aSchemaIsClassifiedByItsAvroTypeWhateverItsLogicalType() {
    Map<String, ScalarKind> types = Map.ofEntries(
        Map.entry("\"boolean\"", ScalarKind.BOOLEAN),
        Map.entry("\"int\"", ScalarKind.INT),
        Map.entry("{\"type\": \"int\", \"logicalType\": \"date\"}", ScalarKind.INT),
        Map.entry("\"long\"", ScalarKind.LONG),
        Map.entry("{\"type\": \"long\", \"logicalType\": \"timestamp-micros\"}", ScalarKind.LONG),
        Map.entry("\"float\"", ScalarKind.FLOAT),
        Map.entry("\"double\"", ScalarKind.DOUBLE),
        Map.entry("\"string\"", ScalarKind.STRING),
        Map.entry("{\"type\": \"string\", \"avro.java.string\": \"String\"}", ScalarKind.STRING),
        Map.entry("\"bytes\"", ScalarKind.BYTES),
        Map.entry("{\"type\": \"bytes\", \"logicalType\": \"decimal\", \"precision\": 9, \"scale\": 2}",
            ScalarKind.BYTES));
    types.forEach((json, kind) -> assertEquals(kind, ScalarKind.ofType(PlanKinds.parse(json)), json));
    List<String> others = List.of("\"null\"", "{\"type\": \"fixed\", \"name\": \"F\", \"size\": 4}",
        "{\"type\": \"enum\", \"name\": \"E\", \"symbols\": [\"A\"]}", "{\"type\": \"array\", \"items\": \"int\"}",
        "{\"type\": \"map\", \"values\": \"int\"}", "[\"null\", \"int\"]", "[\"int\"]",
        "{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"a\", \"type\": \"int\"}]}");
    for (String json : others) {
      assertNull(ScalarKind.ofType(PlanKinds.parse(json)), json);
    }
  }

  /** The codes that loops switch over: one per kind, none shared, none the same as another code's. */
  @Test
  void everyKindHasItsOwnCode() throws IllegalAccessException {
    Set<Byte> kindCodes = new HashSet<>();
    for (ScalarKind kind : ScalarKind.values()) {
      assertTrue(kindCodes.add(kind.code()), kind + " shares its code");
      assertNotEquals(ScalarCode.NONE, kind.code(), kind.toString());
    }
    Set<Byte> allCodes = new HashSet<>();
    for (Field field : ScalarCode.class.getFields()) {
      assertTrue(Modifier.isStatic(field.getModifiers()) && field.getType() == byte.class, field.toString());
      byte code = field.getByte(null);
      assertTrue(allCodes.add(code), field.getName() + " repeats a code");
      // FieldRuns adds its union flags above the codes.
      assertTrue(code >= 0 && code < FieldRuns.OPTIONAL_AT_0, field.getName());
    }
    assertEquals(ScalarKind.values().length + 3, allCodes.size(), "the kinds, NONE and the two variants");
    assertTrue(allCodes.containsAll(kindCodes));
  }
}
