package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import dev.kavro.plan.PlanBuilder;
import dev.kavro.testing.AvroBytes;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.util.RandomData;
import org.junit.jupiter.api.Test;

/** Schemas written to break a code generator: none of their text may reach the source, and giants stay bounded. */
class HostileSchemaTest {

  private static final String INJECTION = "\"); System.exit(1); /* */ } class X { //\\u000a";

  @Test
  void keywordsUnicodeAndInjectionTextReadCorrectlyWhenCompiled() throws IOException {
    Schema schema = new Schema.Parser().parse("""
        {"type":"record","name":"class","namespace":"public.goto","doc":"%s","fields":[
          {"name":"int","type":"int"},
          {"name":"public","type":{"type":"enum","name":"static","symbols":["null","void","ñ"]}},
          {"name":"ñame","type":"string","doc":"%s"},
          {"name":"ı","type":["null",{"type":"record","name":"new","fields":[{"name":"return","type":"long"}]}]},
          {"name":"throw","type":{"type":"map","values":{"type":"fixed","name":"try","size":3}}}
        ]}""".formatted(INJECTION.replace("\\", "\\\\").replace("\"", "\\\""),
        INJECTION.replace("\\", "\\\\").replace("\"", "\\\"")));
    Schema reader = new Schema.Parser().parse(schema.toString().replace("\"fields\":[{\"name\":\"int\"",
        "\"fields\":[{\"name\":\"added\",\"type\":\"string\",\"default\":\"" + INJECTION.replace("\\", "\\\\")
            .replace("\"", "\\\"") + "\"},{\"name\":\"int\""));
    String source = readerSource(schema, reader);
    for (String text : List.of("System.exit", "ñame", "goto", "static", "\"")) {
      assertFalse(source.contains(text), () -> "schema text in source: " + text);
    }
    assertReadsLikeVanilla(schema, reader, CompileMode.COMPILED);
  }

  @Test
  void fiveThousandFieldsCompileIntoSplitMethods() throws IOException {
    // Bytes fields are not run-able, so every field is a straight-line statement.
    Schema wide = wide(5000, Schema.Type.BYTES);
    String source = readerSource(wide, wide);
    assertTrue(source.contains("m0_1(r, in);"), "large records are split into several methods");
    assertFalse(source.contains("FieldRuns.read("));
    assertReadsLikeVanilla(wide, wide, CompileMode.COMPILED);
  }

  @Test
  void fiveThousandSimpleFieldsReadThroughOneRun() throws IOException {
    Schema wide = wide(5000, Schema.Type.STRING);
    assertEquals(2, readerSource(wide, wide).split("FieldRuns\\.read\\(", -1).length - 1,
        "one run for the whole record, in its fresh-value method and in its reusing method");
    assertReadsLikeVanilla(wide, wide, CompileMode.COMPILED);
  }

  private static String readerSource(Schema writer, Schema reader) {
    return ReaderGenerator.generate(PlanBuilder.build(writer, reader, GenericData.get()), GenericData.get()).source();
  }

  /** Required ints alternating with optional fields of {@code type}. */
  private static Schema wide(int count, Schema.Type type) {
    SchemaBuilder.FieldAssembler<Schema> fields = SchemaBuilder.record("Wide").fields();
    for (int i = 0; i < count; i++) {
      fields = i % 2 == 0 ? fields.requiredInt("f" + i)
          : fields.name("f" + i).type().optional().type(Schema.create(type));
    }
    return fields.endRecord();
  }

  @Test
  void deepNestingStaysOnTheFallback() throws IOException {
    Schema deep = Schema.create(Schema.Type.INT);
    for (int i = 0; i < 100; i++) {
      deep = SchemaBuilder.record("R" + i).fields().name("v").type(deep).noDefault().endRecord();
    }
    KavroDatumReader<Object> async = KavroDatumReader.generic(deep, deep, CompileMode.ASYNC);
    async.awaitCompiled(Duration.ofSeconds(30));
    assertFalse(async.isCompiled());
    // COMPILED too serves the fallback for a schema beyond the limits (one WARN), rather than failing every read.
    assertFalse(KavroDatumReader.generic(deep, deep, CompileMode.COMPILED).isCompiled());
    assertReadsLikeVanilla(deep, deep, CompileMode.ASYNC);
    assertReadsLikeVanilla(deep, deep, CompileMode.COMPILED);
  }

  @Test
  void classesNamedByTheWriterAreNeverLoaded() throws IOException {
    Schema writer = new Schema.Parser().parse("""
        {"type":"record","name":"W","java-class":"dev.kavro.codegen.Boom","fields":[
          {"name":"s","type":{"type":"string","java-class":"dev.kavro.codegen.Boom"}},
          {"name":"m","type":{"type":"map","values":"int","java-key-class":"dev.kavro.codegen.Boom"}}]}""");
    Schema reader = new Schema.Parser().parse("""
        {"type":"record","name":"W","fields":[{"name":"s","type":"string"},
          {"name":"m","type":{"type":"map","values":"int"}}]}""");
    for (CompileMode mode : CompileMode.values()) {
      for (Object datum : new RandomData(writer, 5, 3L)) {
        byte[] bytes = AvroBytes.encode(writer, datum);
        KavroDatumReader.create(writer, reader, new SpecificData(), mode).read(null, AvroBytes.decoder(bytes));
        KavroDatumReader.generic(writer, writer, mode).read(null, AvroBytes.decoder(bytes));
      }
    }
    assertNull(System.getProperty("kavro.test.boom"), "a class named by the writer schema was loaded");
  }

  private static void assertReadsLikeVanilla(Schema writer, Schema reader, CompileMode mode) throws IOException {
    KavroDatumReader<Object> kavro = KavroDatumReader.generic(writer, reader, mode);
    List<Object> data = new ArrayList<>();
    new RandomData(writer, 10, 11L).forEach(data::add);
    for (Object datum : data) {
      byte[] bytes = AvroBytes.encode(writer, datum);
      assertEquals(AvroBytes.decodeVanilla(writer, reader, bytes), kavro.read(null, AvroBytes.decoder(bytes)));
    }
  }
}
