package dev.kavro.codegen;

import static dev.kavro.codegen.WriterFixtures.encode;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import java.util.List;
import java.util.Map;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Schema;
import org.apache.avro.UnresolvedUnionException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DatumWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/**
 * Where vanilla Avro refuses a datum, the compiled writer refuses it with an exception of exactly the same class (not a
 * subclass such as Avro's internal {@code TracingAvroTypeException}) and the same message, including Avro's path to the
 * bad value.
 */
class WriterErrorParityTest {
  private static final Schema SCHEMA = new Schema.Parser().parse("""
      {"type":"record","name":"R","fields":[
        {"name":"name","type":"string"},
        {"name":"email","type":["null","string"]},
        {"name":"color","type":{"type":"enum","name":"Color","symbols":["RED","GREEN"]}},
        {"name":"n","type":"int"},
        {"name":"items","type":{"type":"array","items":{"type":"record","name":"Item","fields":[
          {"name":"label","type":"string"},
          {"name":"shade","type":"Color"},
          {"name":"tags","type":{"type":"map","values":["null","Color","long"]}}]}},"default":[]}
      ]}""");
  private static final Schema ITEM = SCHEMA.getField("items").schema().getElementType();
  private static final DatumWriter<Object> VANILLA = new GenericDatumWriter<>(SCHEMA);
  private static final DatumWriter<Object> KAVRO =
      KavroDatumWriter.create(SCHEMA, GenericData.get(), CompileMode.COMPILED);

  @Test
  void nullInANonNullableStringFieldThrowsNullPointerException() {
    assertBothThrow(NullPointerException.class, record(null, null, "RED", 1));
  }

  @Test
  void aValueOfTheWrongTypeThrowsClassCastException() {
    assertBothThrow(ClassCastException.class, record(42, null, "RED", 1));
    assertBothThrow(ClassCastException.class, record("x", null, "RED", "not a number"));
  }

  @Test
  void aDatumMatchingNoUnionBranchThrowsUnresolvedUnionException() {
    assertBothThrow(UnresolvedUnionException.class, record("x", List.of(1), "RED", 1));
  }

  @Test
  void anEnumValueOutsideTheSchemaThrowsAvroTypeException() {
    GenericData.Record purple = record("x", null, "RED", 1);
    purple.put("color", new GenericData.EnumSymbol(SCHEMA.getField("color").schema(), "PURPLE"));
    assertBothThrow(UNKNOWN_SYMBOL, purple);
    GenericData.Record plainString = record("x", null, "RED", 1);
    plainString.put("color", "RED");
    assertBothThrow(AvroTypeException.class, plainString);
  }

  @Test
  void errorsInsideArraysMapsAndUnionsNameAvrosPath() {
    GenericData.Record badSymbol = record("x", null, "RED", 1);
    badSymbol.put("items", List.of(item("a", "RED", Map.of()), item("b", "PURPLE", Map.of())));
    assertBothThrow(UNKNOWN_SYMBOL, badSymbol);

    GenericData.Record nullLabel = record("x", null, "RED", 1);
    nullLabel.put("items", List.of(item(null, "RED", Map.of())));
    assertBothThrow(NullPointerException.class, nullLabel);

    GenericData.Record wrongInMap = record("x", null, "RED", 1);
    wrongInMap.put("items", List.of(item("a", "GREEN", Map.of("k", "not in the union"))));
    assertBothThrow(UnresolvedUnionException.class, wrongInMap);

    GenericData.Record wrongLabel = record("x", null, "RED", 1);
    wrongLabel.put("items", List.of(item("a", "GREEN", Map.of()), item(7, "GREEN", Map.of())));
    assertBothThrow(ClassCastException.class, wrongLabel);

    GenericData.Record symbolInMap = record("x", null, "RED", 1);
    symbolInMap.put("items", List.of(item("a", "GREEN", Map.of("k",
        new GenericData.EnumSymbol(SCHEMA.getField("color").schema(), "BLUE")))));
    assertBothThrow(UNKNOWN_SYMBOL, symbolInMap);
  }

  @Test
  void aNullRecordThrowsNullPointerException() {
    assertBothThrow(NullPointerException.class, null);
  }

  /**
   * Schema.getEnumOrdinal, which both writers call, throws a NullPointerException for an unknown symbol before Avro
   * 1.12 (the compatibility matrix runs 1.11); the serializer wraps either in a SerializationException.
   */
  private static final Class<? extends RuntimeException> UNKNOWN_SYMBOL =
      Schema.class.getPackage().getImplementationVersion().startsWith("1.11.") ? NullPointerException.class
          : AvroTypeException.class;

  private static GenericData.Record record(Object name, Object email, String color, Object n) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("name", name);
    r.put("email", email);
    r.put("color", new GenericData.EnumSymbol(SCHEMA.getField("color").schema(), color));
    r.put("n", n);
    r.put("items", List.of());
    return r;
  }

  private static GenericData.Record item(Object label, String shade, Map<String, Object> tags) {
    GenericData.Record item = new GenericData.Record(ITEM);
    item.put("label", label);
    item.put("shade", new GenericData.EnumSymbol(ITEM.getField("shade").schema(), shade));
    item.put("tags", tags);
    return item;
  }

  /** Both throw {@code type} or a subclass; then Kavro's exception has exactly vanilla's class and message. */
  private static void assertBothThrow(Class<? extends RuntimeException> type, Object datum) {
    RuntimeException vanilla = assertThrows(type, writing(VANILLA, datum), "vanilla");
    RuntimeException kavro = assertThrows(type, writing(KAVRO, datum), "kavro");
    assertEquals(vanilla.getClass(), kavro.getClass(), "exception class");
    assertEquals(vanilla.getMessage(), kavro.getMessage(), "exception message");
  }

  private static Executable writing(DatumWriter<Object> writer, Object datum) {
    return () -> encode(writer, datum);
  }

  static {
    // Guard against a vacuous suite: the compiled writer must really be the one under test.
    if (!((KavroDatumWriter<?>) KAVRO).isCompiled()) {
      throw new AvroRuntimeException("the Kavro writer under test is not compiled");
    }
  }
}
