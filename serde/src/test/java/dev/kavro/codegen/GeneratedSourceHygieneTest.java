package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import dev.kavro.testing.Models;
import dev.kavro.testing.RandomEvolution;
import dev.kavro.testing.RandomSchemas;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.specific.SpecificData;
import org.junit.jupiter.api.Test;

/**
 * Generated readers and writers carry no unused import and no private method parameter (or constructor parameter)
 * that their body never uses, over a varied corpus: random evolution pairs (breaking ones included, so error plans),
 * random schemas wide enough to split records into chunk methods, recursive schemas, and the edge cases of records
 * that read or write nothing. The public {@code read}/{@code write} methods are left out: their parameters are the
 * base class's.
 *
 * <p>The check reads the source with its own small tokenizer, independent of the generators' {@code SourceText}.
 */
class GeneratedSourceHygieneTest {
  private static final Pattern IMPORT = Pattern.compile("(?m)^import ([\\w.]+)\\.(\\w+);$");
  private static final Pattern DECLARATION = Pattern.compile(
      "(?m)^\\s*(private|public) (?:[\\w.\\[\\]]+ )?(\\w+)\\(([^)]*)\\)(?: throws IOException)? \\{$");

  @Test
  void randomEvolutionPairsReadAndWriteWithoutUnusedImportsOrParameters() {
    GenericData conversions = Models.generic(false, true);
    int checked = 0;
    for (long seed = 1; seed <= 100; seed++) {
      RandomEvolution.Pair pair = RandomEvolution.pair(seed);
      for (GenericData model : List.of(GenericData.get(), conversions, Models.specific(false))) {
        checked += checkReader(pair.writer(), pair.reader(), model, "seed " + seed);
      }
      checkWriter(pair.writer(), "seed " + seed);
    }
    assertTrue(checked > 200, "too few readers generated: " + checked);
  }

  @Test
  void wideRandomRecordsSplitIntoChunksWithoutUnusedParameters() {
    int chunked = 0;
    for (long seed = 1; seed <= 8; seed++) {
      Schema wide = new RandomSchemas(new Random(seed), 300, 2, "").record();
      Schema evolved = RandomEvolution.evolve(wide, new Random(seed), false);
      String reader = ReaderGenerator.generate(PlanBuilder.build(wide, evolved, GenericData.get()), GenericData.get(),
          Integer.MAX_VALUE).source();
      chunked += reader.contains("_1(") ? 1 : 0;
      assertClean(reader, "wide reader, seed " + seed);
      assertClean(ReaderGenerator.generate(PlanBuilder.build(wide, wide, GenericData.get()), GenericData.get())
          .source(), "wide reader with field runs, seed " + seed);
      checkWriter(wide, "wide, seed " + seed);
    }
    assertTrue(chunked >= 4, "only " + chunked + " of the wide readers were split into chunks");
  }

  /** Chunks that only skip (no record in them) and chunks that only fill defaults (no decoder in them). */
  @Test
  void chunksOfSkipsOrDefaultsTakeOnlyWhatTheyUse() {
    StringBuilder writerFields = new StringBuilder();
    StringBuilder readerFields = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      writerFields.append(i == 0 ? "" : ",").append("{\"name\":\"gone").append(i).append("\",\"type\":\"bytes\"}");
      readerFields.append(i == 0 ? "" : ",").append("{\"name\":\"added").append(i)
          .append("\",\"type\":\"string\",\"default\":\"x\"}");
    }
    Schema writer = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[" + writerFields + "]}");
    Schema reader = parse("{\"type\":\"record\",\"name\":\"R\",\"fields\":[" + readerFields + "]}");
    String source = ReaderGenerator.generate(PlanBuilder.build(writer, reader, GenericData.get()), GenericData.get())
        .source();
    assertTrue(source.contains("_0(in);") && Pattern.compile("_\\d+\\(r\\);").matcher(source).find(), source);
    assertClean(source, "skips and defaults");
  }

  @Test
  void recordsThatReadOrWriteNothingTakeNoUnusedParameters() {
    String empty = "{\"type\":\"record\",\"name\":\"Empty\",\"fields\":[]}";
    Schema writer = parse("""
        {"type":"record","name":"Outer","fields":[
          {"name":"e","type":%s},
          {"name":"list","type":{"type":"array","items":"Empty"}},
          {"name":"byKey","type":{"type":"map","values":"Empty"}},
          {"name":"maybe","type":["null","Empty"]},
          {"name":"nothing","type":{"type":"record","name":"OnlyNull","fields":[{"name":"n","type":"null"}]}},
          {"name":"wrong","type":{"type":"record","name":"Wrong","fields":[{"name":"s","type":"string"}]}},
          {"name":"self","type":["null","Outer"]}]}""".formatted(empty));
    // The reader adds defaults that decode (a fixed, an empty record) and turns Wrong.s into an error.
    Schema reader = parse("""
        {"type":"record","name":"Outer","fields":[
          {"name":"e","type":%s},
          {"name":"list","type":{"type":"array","items":"Empty"}},
          {"name":"byKey","type":{"type":"map","values":"Empty"}},
          {"name":"maybe","type":["null","Empty"]},
          {"name":"nothing","type":{"type":"record","name":"OnlyNull","fields":[]}},
          {"name":"wrong","type":{"type":"record","name":"Wrong","fields":[{"name":"s","type":"int"}]}},
          {"name":"self","type":["null","Outer"]},
          {"name":"f","type":{"type":"fixed","name":"F","size":2},"default":"ab"},
          {"name":"e2","type":"Empty","default":{}}]}""".formatted(empty));
    for (GenericData model : List.of(GenericData.get(), Models.specific(false))) {
      assertEquals(1, checkReader(writer, reader, model, "nothing to read"));
      checkReader(parse(empty), parse(empty), model, "empty root");
    }
    checkWriter(writer, "nothing to write");
    checkWriter(parse(empty), "empty root");
  }

  @Test
  void benchmarkAndFixtureSchemasGenerateCleanSource() throws IOException {
    for (String resource : List.of("/schemas/organization.avsc", "/schemas/unionHeavy.avsc", "/schemas/user80.avsc",
        "/schemas/ksql-metrics.avsc", "/schemas/ksql-impressions.avsc", "/writer/everything.avsc",
        "/writer/logical.avsc")) {
      Schema schema = parse(resource(resource));
      checkReader(schema, schema, GenericData.get(), resource);
      checkWriter(schema, resource);
    }
  }

  /** The checker itself finds what it is meant to find. */
  @Test
  void theCheckFindsAnUnusedImportAndAnUnusedParameter() {
    String source = """
        package dev.kavro.gen;

        import java.util.List;
        import java.util.Map;

        public final class X extends Y {
          public X(Object[] k) {
            Map m = null;
          }
          // m0 takes old and never uses it
          private Object m0(Object old, Decoder in) throws IOException {
            return in.readInt(); // old
          }
          private Object m1(Map.Entry old) throws IOException {
            return old.getKey();
          }
        }
        """;
    assertEquals(List.of("import java.util.List", "k in X", "old in m0"), problems(source));
  }

  /**
   * Checks the reader of the pair when its plan builds, and returns 1 if it did. No plan, no reader: a pair Kavro does
   * not plan, or one Avro's own Resolver cannot resolve (Avro 1.12.0 fails on some array defaults of logical types
   * in a model with conversions; the compatibility matrix runs this test there).
   */
  private static int checkReader(Schema writer, Schema reader, GenericData model, String what) {
    ReadPlan plan;
    try {
      plan = PlanBuilder.build(writer, reader, model);
    } catch (UnsupportedSchemaException | AvroRuntimeException | ClassCastException e) {
      return 0;
    }
    assertClean(ReaderGenerator.generate(plan, model).source(), "reader, " + what);
    return 1;
  }

  private static void checkWriter(Schema schema, String what) {
    for (GenericData model : List.of(GenericData.get(), SpecificData.get())) {
      assertClean(WriterGenerator.generate(schema, model).source(), "writer " + model.getClass().getSimpleName()
          + ", " + what);
    }
  }

  private static void assertClean(String source, String what) {
    List<String> problems = problems(source);
    assertTrue(problems.isEmpty(), () -> what + ": " + problems + "\n" + SourceWriter.numbered(source));
  }

  /** Unused imports ("import a.B") and unused parameters ("p in m3") of {@code source}. */
  static List<String> problems(String source) {
    String code = source.replaceAll("//[^\n]*", "");
    List<String> problems = new ArrayList<>();
    Matcher imports = IMPORT.matcher(code);
    String body = code.substring(code.indexOf("public final class"));
    Set<String> bodyNames = names(body);
    while (imports.find()) {
      if (!bodyNames.contains(imports.group(2))) {
        problems.add("import " + imports.group(1) + "." + imports.group(2));
      }
    }
    Matcher declaration = DECLARATION.matcher(code);
    while (declaration.find()) {
      String method = declaration.group(2);
      boolean override = declaration.group(1).equals("public") && !body.startsWith("public final class " + method);
      if (override || declaration.group(3).isBlank()) {
        continue;
      }
      Set<String> used = names(methodBody(code, declaration.end()));
      for (String parameter : declaration.group(3).split(",")) {
        String name = parameter.trim().substring(parameter.trim().lastIndexOf(' ') + 1);
        if (!used.contains(name)) {
          problems.add(name + " in " + method);
        }
      }
    }
    return problems;
  }

  /** The text from just after a method's "{" to its matching "}"; generated code has no brace in a literal. */
  private static String methodBody(String code, int start) {
    int depth = 1;
    for (int i = start; i < code.length(); i++) {
      char c = code.charAt(i);
      depth += c == '{' ? 1 : c == '}' ? -1 : 0;
      if (depth == 0) {
        return code.substring(start, i);
      }
    }
    throw new AssertionError("unbalanced braces after " + start);
  }

  /** The identifiers {@code code} names by themselves: not the ones after a dot, which are members. */
  private static Set<String> names(String code) {
    Set<String> names = new HashSet<>();
    int i = 0;
    while (i < code.length()) {
      if (Character.isJavaIdentifierStart(code.charAt(i))) {
        int start = i;
        while (i < code.length() && Character.isJavaIdentifierPart(code.charAt(i))) {
          i++;
        }
        int before = start - 1;
        while (before >= 0 && Character.isWhitespace(code.charAt(before))) {
          before--;
        }
        if (before < 0 || code.charAt(before) != '.') {
          names.add(code.substring(start, i));
        }
      } else if (Character.isDigit(code.charAt(i))) {
        while (i < code.length() && Character.isJavaIdentifierPart(code.charAt(i))) {
          i++;
        }
      } else {
        i++;
      }
    }
    return names;
  }

  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }

  private static String resource(String name) throws IOException {
    try (InputStream in = GeneratedSourceHygieneTest.class.getResourceAsStream(name)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }
}
