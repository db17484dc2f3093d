package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.cache.CompiledSlot;
import dev.kavro.plan.PlanBuilder;
import dev.kavro.testing.LogCapture;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * What a developer sees of generated code: one DEBUG line per successful compile, and with {@code
 * dev.kavro.codegen.source} at TRACE the numbered source plus a legend of its synthetic names, which names schema types
 * while the compiled text still contains none of the schema's names.
 */
class SourceLegendTest {
  private static final AtomicInteger UNIQUE = new AtomicInteger();

  private final Logger sourceLogger = (Logger) org.slf4j.LoggerFactory.getLogger(SourceLegend.LOGGER_NAME);
  private final Logger slotLogger = (Logger) org.slf4j.LoggerFactory.getLogger(CompiledSlot.class);
  private Level sourceLevel;
  private Level slotLevel;

  @BeforeEach
  void turnOnDebugging() {
    sourceLevel = sourceLogger.getLevel();
    slotLevel = slotLogger.getLevel();
    sourceLogger.setLevel(Level.TRACE);
    slotLogger.setLevel(Level.DEBUG);
  }

  @AfterEach
  void restoreLevels() {
    sourceLogger.setLevel(sourceLevel);
    slotLogger.setLevel(slotLevel);
  }

  /** A schema compiled nowhere else in this JVM (the caches are process-wide), with names worth hiding. */
  private static Schema schema(String namespace) {
    return new Schema.Parser().parse("""
        {"type":"record","name":"SecretOrder","namespace":"%s","doc":"TopSecretDocText","fields":[
          {"name":"customerName","type":"string","doc":"FieldDocText"},
          {"name":"lines","type":{"type":"array","items":{"type":"record","name":"HiddenLine","fields":[
            {"name":"sku","type":"string"},{"name":"qty","type":"int","default":1}]}}},
          {"name":"shade","type":{"type":"enum","name":"ShadeKind","symbols":["LIGHT","DARK"]}},
          {"name":"note","type":["null","string"],"default":null}]}""".formatted(namespace));
  }

  /**
   * {@code schema} with two fields the writer lacks, whose defaults (a string, a record decoded for every read) must
   * reach the reader as constants, never as source text.
   */
  private static Schema withDefaults(Schema schema) {
    return new Schema.Parser().parse(schema.toString().replaceFirst("\\]}$", """
        ,{"name":"label","type":"string","default":"ConfidentialDefaultText"},
        {"name":"spare","type":"HiddenLine","default":{"sku":"SecretSkuDefault","qty":2}}]}"""));
  }

  @Test
  void aCompiledReaderLogsOneDebugLineAndAtTraceItsNumberedSourceWithALegend() {
    Schema schema = schema("com.acme.dbg" + UNIQUE.incrementAndGet());
    try (LogCapture slot = new LogCapture(CompiledSlot.class);
        LogCapture source = new LogCapture(SourceLegend.LOGGER_NAME)) {
      KavroDatumReader<Object> reader = KavroDatumReader.generic(schema, withDefaults(schema), CompileMode.COMPILED);
      assertTrue(reader.isCompiled());

      List<ILoggingEvent> debug = slot.at(Level.DEBUG);
      assertEquals(1, debug.size(), slot.everything().toString());
      String line = debug.get(0).getFormattedMessage();
      assertTrue(Pattern.compile("Compiled Kavro reader dev\\.kavro\\.gen\\.KavroReader\\d+ for record "
          + Pattern.quote(schema.getFullName()) + " \\(writer [0-9a-f]{16}, reader [0-9a-f]{16}\\) in \\d+ ms")
          .matcher(line).matches(), line);

      String[] parts = traceOf(source);
      String compiled = parts[0];
      String legend = parts[1];
      assertTrue(compiled.contains("    1  package dev.kavro.gen;"), compiled);
      assertTrue(Pattern.compile("(?m)^\\s+\\d+  .*\\bm0\\(").matcher(compiled).find(), compiled);
      assertLegendNamesWhatTheSourceDoesNot(schema, compiled, legend);
      for (String text : List.of("ConfidentialDefaultText", "SecretSkuDefault", "label", "spare")) {
        assertFalse(compiled.contains(text), text + " in the compiled source:\n" + compiled);
      }
      assertTrue(legend.contains("Utf8 \"ConfidentialDefaultText\""), legend);
      assertTrue(compiled.contains("<- default"), compiled);
      assertTrue(Pattern.compile("(?m)^  m\\d+\\s+RECORD record " + Pattern.quote(schema.getFullName())
          + " -> record " + Pattern.quote(schema.getFullName())).matcher(legend).find(), legend);
      assertTwinsNameEachOther(legend);
      assertTrue(legend.contains("record " + schema.getNamespace() + ".HiddenLine"), legend);
    }
  }

  @Test
  void aCompiledWriterLogsTheSameWay() {
    Schema schema = schema("com.acme.dbgw" + UNIQUE.incrementAndGet());
    try (LogCapture slot = new LogCapture(CompiledSlot.class);
        LogCapture source = new LogCapture(SourceLegend.LOGGER_NAME)) {
      KavroDatumWriter<Object> writer = KavroDatumWriter.create(schema, GenericData.get(), CompileMode.COMPILED);
      assertTrue(writer.isCompiled());

      String line = slot.at(Level.DEBUG).get(0).getFormattedMessage();
      assertTrue(line.matches("Compiled Kavro writer dev\\.kavro\\.gen\\.\\w+ for record "
          + Pattern.quote(schema.getFullName()) + " \\(schema [0-9a-f]{16}\\) in \\d+ ms"), line);
      String[] parts = traceOf(source);
      assertLegendNamesWhatTheSourceDoesNot(schema, parts[0], parts[1]);
      assertTrue(Pattern.compile("(?m)^  w\\d+\\s+record " + Pattern.quote(schema.getFullName()) + "$")
          .matcher(parts[1]).find(), parts[1]);
    }
  }

  @Test
  void withoutTraceNothingIsRecordedAndNoSourceIsLogged() throws Exception {
    sourceLogger.setLevel(Level.DEBUG);
    Schema schema = schema("com.acme.quiet" + UNIQUE.incrementAndGet());
    try (LogCapture source = new LogCapture(SourceLegend.LOGGER_NAME)) {
      SourceLegend.Generated generated = SourceLegend.generate(
          () -> ReaderGenerator.generate(PlanBuilder.build(schema, schema, GenericData.get()), GenericData.get()));
      assertNull(generated.legend());
      assertTrue(generated.legendText().startsWith("  k0     "), generated.legendText());

      KavroDatumReader.generic(schema, schema, CompileMode.COMPILED);
      assertTrue(source.everything().isEmpty(), source.everything().toString());
    }
  }

  /**
   * A record or array reader's fresh and reusing methods name each other in the legend, and the source's comment
   * above each says which it is.
   */
  private static void assertTwinsNameEachOther(String legend) {
    Matcher twins = Pattern.compile("(?m)^  (m\\d+)\\s+(.*), (fresh values|reusing old values) \\(twin of (m\\d+)\\)$")
        .matcher(legend);
    int pairs = 0;
    while (twins.find()) {
      String other = twins.group(3).startsWith("fresh") ? "reusing old values" : "fresh values";
      assertTrue(legend.contains("  " + twins.group(4) + " ".repeat(Math.max(1, 7 - twins.group(4).length()))
          + twins.group(2) + ", " + other + " (twin of " + twins.group(1) + ")"), twins.group() + " in\n" + legend);
      pairs++;
    }
    // The root record, the array of HiddenLine and the decoded default: three pairs, each counted once per side.
    assertEquals(6, pairs, legend);
  }

  /** The compiled source and the legend of the one TRACE event. */
  private static String[] traceOf(LogCapture source) {
    List<ILoggingEvent> trace = source.at(Level.TRACE);
    assertEquals(1, trace.size());
    String message = trace.get(0).getFormattedMessage();
    Matcher parts = Pattern.compile("(?s)[^\\n]*\\n(.*)Legend \\(not part of the compiled source\\):\\n(.*)")
        .matcher(message);
    assertTrue(parts.matches(), message);
    return new String[] {parts.group(1), parts.group(2)};
  }

  private static void assertLegendNamesWhatTheSourceDoesNot(Schema schema, String compiled, String legend) {
    for (String name : List.of(schema.getNamespace(), "SecretOrder", "HiddenLine", "ShadeKind", "customerName",
        "LIGHT", "TopSecretDocText", "FieldDocText")) {
      assertFalse(compiled.contains(name), name + " in the compiled source:\n" + compiled);
    }
    assertTrue(legend.contains("record " + schema.getFullName()), legend);
    assertTrue(legend.contains("enum " + schema.getNamespace() + ".ShadeKind"), legend);
    assertTrue(Pattern.compile("(?m)^  k0\\s+GenericData$").matcher(legend).find(), legend);
    for (String legendLine : legend.split("\n")) {
      String name = legendLine.trim().split("\\s+")[0];
      assertTrue(compiled.contains(name), "legend entry " + name + " is not in the source");
    }
  }
}
