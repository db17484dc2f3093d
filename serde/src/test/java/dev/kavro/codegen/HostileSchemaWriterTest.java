package dev.kavro.codegen;

import static dev.kavro.codegen.CompiledWriterTest.assertSameBytes;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.avro.CompileMode;
import java.io.IOException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.RandomData;
import org.junit.jupiter.api.Test;

/** Schemas built to break a code generator: they compile, write correctly, and leave no trace in the source. */
class HostileSchemaWriterTest {
  private static final String INJECTION = "\\\"); System.exit(1); //";
  private static final List<String> SCHEMA_WORDS =
      List.of("System.exit", "données", "名前", "ünïcode_ß", "goto", "HEARTS", "π", "\\u000a");

  @Test
  void keywordsUnicodeAndInjectionTextStayOutOfTheSource() throws IOException {
    String json = """
        {"type":"record","name":"class","namespace":"données.new","doc":"%1$s */ System.exit(2); /*",
         "fields":[
          {"name":"int","type":"string","doc":"%1$s","default":"%1$s"},
          {"name":"new","type":{"type":"enum","name":"enum","symbols":["void","switch","π","HEARTS"],
            "doc":"%1$s \\u000a System.exit(3);"}},
          {"name":"this","type":{"type":"fixed","name":"const","size":3}},
          {"name":"goto","type":["null","class"],"default":null},
          {"name":"données","type":{"type":"map","values":"enum"}},
          {"name":"名前","type":{"type":"array","items":"string"}},
          {"name":"ünïcode_ß","type":{"type":"record","name":"return","fields":[
            {"name":"public","type":"long","default":-1}]}}
         ]}
        """.formatted(INJECTION);
    Schema schema = new Schema.Parser().parse(json);
    String source = WriterGenerator.generate(schema, GenericData.get()).source();
    for (String word : SCHEMA_WORDS) {
      assertFalse(source.contains(word), () -> "schema text '" + word + "' in source:\n" + source);
    }
    assertTrue(source.chars().allMatch(c -> c < 128), "non-ASCII in generated source");
    assertSameBytes(schema, GenericData.get(), CompileMode.COMPILED, new RandomData(schema, 100, 17L));
  }

  @Test
  void aRecordWithThreeThousandFieldsCompilesInChunks() throws IOException {
    StringBuilder json = new StringBuilder("{\"type\":\"record\",\"name\":\"Wide\",\"fields\":[");
    List<String> types = List.of("\"int\"", "\"string\"", "[\"null\",\"long\"]", "\"double\"", "\"boolean\"",
        "{\"type\":\"array\",\"items\":\"float\"}");
    for (int i = 0; i < 3000; i++) {
      json.append(i == 0 ? "" : ",").append("{\"name\":\"f").append(i).append("\",\"type\":")
          .append(types.get(i % types.size())).append('}');
    }
    Schema schema = new Schema.Parser().parse(json.append("]}").toString());
    String source = WriterGenerator.generate(schema, GenericData.get()).source();
    assertTrue(source.contains("w0_1(r, out);"), "a 3000-field record is split into several methods");
    assertSameBytes(schema, GenericData.get(), CompileMode.COMPILED, new RandomData(schema, 5, 23L));
  }
}
