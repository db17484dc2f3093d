package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.GeneratedReader;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.Oracle.Outcome;
import dev.kavro.testing.RandomData;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericArray;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Arrays, maps and unions of equal shape share one generated method ({@link PlanShapes}); near-equal ones that must
 * read differently (another element type, a promotion in one field only, another branch order, {@code String} map
 * keys, an array schema with other properties) keep their own, and every field still reads what vanilla Avro reads.
 */
class MethodSharingTest {
  private static final JaninoCompiler COMPILER = new JaninoCompiler(MethodSharingTest.class.getClassLoader());
  private static final Pattern METHOD = Pattern.compile("private Object (m\\d+)\\(");

  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void equalShapesShareAMethodAndReadLikeVanilla(boolean fastRead) throws Exception {
    Schema writer = fields(false).endRecord();
    Schema reader = fields(true).endRecord();
    GenericData model = Models.generic(fastRead, false);
    ReadPlan plan = PlanBuilder.build(writer, reader, model);
    GeneratedSource source = ReaderGenerator.generate(plan, model);
    // Records: S fresh and reusing (P is read inside its arrays' loops); arrays: long x2 shared, the promoted one, int,
    // the one with a property, P x2 shared; each twice (fresh, reusing). Maps: of Utf8 x2 shared, with String keys,
    // of long. Unions: [null,int,string] x2 shared, the promoted one, [null,string,int].
    int records = 2;
    int arrays = 2 * 5;
    int maps = 3;
    int unions = 3;
    assertEquals(records + arrays + maps + unions, methods(source.source()), source.source());

    GeneratedReader compiled = (GeneratedReader) COMPILER.compile(source).getConstructor(Object[].class)
        .newInstance((Object) source.constants());
    Oracle oracle = Oracle.generic(writer, reader, false, false);
    RandomData data = new RandomData(new Random(11), Models.generic(false, false));
    Object previous = null;
    for (int i = 0; i < 200; i++) {
      byte[] bytes = Oracle.encode(writer, Models.generic(false, false), data.next(writer));
      Outcome expected = oracle.expect(bytes);
      Outcome fresh = read(compiled, bytes, null);
      oracle.assertAgrees(expected, fresh, "fresh read #" + i);
      if (previous != null) {
        oracle.assertAgrees(expected, read(compiled, bytes, previous), "read into an earlier result #" + i);
      }
      GenericData.Record record = (GenericData.Record) fresh.value();
      for (String field : List.of("a1", "a2", "a3", "a4", "a5", "ap1", "ap2")) {
        // A shared method builds every field's array with the first field's schema instance: it must equal its own.
        assertEquals(reader.getField(field).schema(), ((GenericArray<?>) record.get(field)).getSchema(), field);
      }
      previous = fresh.value();
    }
  }

  private static SchemaBuilder.FieldAssembler<Schema> fields(boolean reader) {
    Schema longs = SchemaBuilder.array().items().longType();
    Schema javaStrings = SchemaBuilder.map().values().stringType();
    javaStrings.addProp("avro.java.string", "String");
    Schema withProp = SchemaBuilder.array().prop("note", "x").items().longType();
    Schema point = SchemaBuilder.record("P").fields().requiredDouble("x").requiredString("label").endRecord();
    return SchemaBuilder.record("S").fields()
        .name("a1").type(longs).noDefault()
        .name("a2").type(SchemaBuilder.array().items().longType()).noDefault()
        // int to long, not long to double: Avro 1.12.0 reads an array's promoted doubles at float precision.
        .name("a3").type(SchemaBuilder.array().items().type(reader ? "long" : "int")).noDefault()
        .name("a4").type(SchemaBuilder.array().items().intType()).noDefault()
        .name("a5").type(withProp).noDefault()
        .name("ap1").type(SchemaBuilder.array().items(point)).noDefault()
        .name("ap2").type(SchemaBuilder.array().items(point)).noDefault()
        .name("m1").type().map().values().stringType().noDefault()
        .name("m2").type().map().values().stringType().noDefault()
        .name("m3").type(javaStrings).noDefault()
        .name("m4").type().map().values().longType().noDefault()
        .name("u1").type().unionOf().nullType().and().intType().and().stringType().endUnion().nullDefault()
        .name("u2").type().unionOf().nullType().and().intType().and().stringType().endUnion().nullDefault()
        .name("u3").type().unionOf().nullType().and().type(reader ? "long" : "int").and().stringType().endUnion()
        .nullDefault()
        .name("u4").type().unionOf().nullType().and().stringType().and().intType().endUnion().nullDefault();
  }

  private static int methods(String source) {
    Matcher m = METHOD.matcher(source);
    int count = 0;
    while (m.find()) {
      count++;
    }
    return count;
  }

  private static Outcome read(GeneratedReader reader, byte[] bytes, Object reuse) {
    ByteArrayDecoder in = new ByteArrayDecoder(bytes, 0, bytes.length);
    try {
      Object value = reader.read(reuse, in);
      return in.isEnd() ? new Outcome(value, null)
          : new Outcome(null, new IllegalStateException("The reader left bytes unread"));
    } catch (Exception e) {
      return new Outcome(null, e);
    }
  }
}
