package dev.kavro.codegen;

import static dev.kavro.codegen.WriterFixtures.encode;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.ReaderMode;
import java.util.List;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Schema;
import org.apache.avro.UnresolvedUnionException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DatumWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;

/** Where vanilla Avro refuses a datum, the compiled writer refuses it too, with an exception of the same kind. */
class WriterErrorParityTest {
  private static final Schema SCHEMA = new Schema.Parser().parse("""
      {"type":"record","name":"R","fields":[
        {"name":"name","type":"string"},
        {"name":"email","type":["null","string"]},
        {"name":"color","type":{"type":"enum","name":"Color","symbols":["RED","GREEN"]}},
        {"name":"n","type":"int"}
      ]}""");
  private static final DatumWriter<Object> VANILLA = new GenericDatumWriter<>(SCHEMA);
  private static final DatumWriter<Object> KAVRO =
      KavroDatumWriter.create(SCHEMA, GenericData.get(), ReaderMode.COMPILED);

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
    // Schema.getEnumOrdinal, which both writers call, throws a NullPointerException for an unknown symbol before
    // Avro 1.12 (the serializer wraps either in a SerializationException).
    boolean avro111 = Schema.class.getPackage().getImplementationVersion().startsWith("1.11.");
    assertBothThrow(avro111 ? NullPointerException.class : AvroTypeException.class, purple);
    GenericData.Record plainString = record("x", null, "RED", 1);
    plainString.put("color", "RED");
    assertBothThrow(AvroTypeException.class, plainString);
  }

  @Test
  void aNullRecordThrowsNullPointerException() {
    assertBothThrow(NullPointerException.class, null);
  }

  private static GenericData.Record record(Object name, Object email, String color, Object n) {
    GenericData.Record r = new GenericData.Record(SCHEMA);
    r.put("name", name);
    r.put("email", email);
    r.put("color", new GenericData.EnumSymbol(SCHEMA.getField("color").schema(), color));
    r.put("n", n);
    return r;
  }

  private static void assertBothThrow(Class<? extends RuntimeException> type, Object datum) {
    assertThrows(type, writing(VANILLA, datum), "vanilla");
    assertThrows(type, writing(KAVRO, datum), "kavro");
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
