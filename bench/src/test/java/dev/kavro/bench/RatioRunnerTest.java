package dev.kavro.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.flink.FlinkCase;
import dev.kavro.bench.jmh.DecodeBenchmark;
import dev.kavro.bench.jmh.FlinkBenchmark;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.openjdk.jmh.annotations.Benchmark;

class RatioRunnerTest {
  @Test
  void geometricMeanOfRatios() {
    assertEquals(4.0, RatioRunner.geomean(List.of(2.0, 8.0)), 1e-12);
    assertEquals(1.0, RatioRunner.geomean(List.of(0.5, 2.0)), 1e-12);
    assertTrue(Double.isNaN(RatioRunner.geomean(List.of())));
  }

  @Test
  void casesOptionKeepsOnlyEncodableCasesForEncoding() {
    RatioRunner.Settings s = RatioRunner.Settings.parse(
        new String[] {"--cases", "organization,evolved:random-10-deep", "-f", "2", "-r", "2s"});
    assertEquals(List.of("organization", "evolved:random-10-deep"), s.decodeCases);
    assertEquals(List.of("organization"), s.encodeCases);
    assertEquals(List.of("organization"), s.connectCases);
    assertEquals(2, s.forks);
    assertEquals("2 s", s.measurementTime.toString());
  }

  @Test
  void defaultsRunEveryCase() {
    RatioRunner.Settings s = RatioRunner.Settings.parse(new String[0]);
    assertEquals(BenchCase.DECODE_CASES, s.decodeCases);
    assertEquals(BenchCase.ENCODE_CASES, s.encodeCases);
    assertEquals(BenchCase.CONNECT_CASES, s.connectCases);
    assertEquals(List.of("organization", "specific:organization", "ksql-metrics", "wide"), s.limitCases);
    assertNull(s.decodeEngines);
    assertTrue(s.decodeCases.containsAll(BenchCase.SHAPE_CASES));
  }

  @Test
  void quickRunsTheShapesAndLimitsWithTheComparedEnginesAndLaterOptionsOverrideIt() {
    RatioRunner.Settings s = RatioRunner.Settings.parse(new String[] {"--quick", "-i", "5"});
    assertTrue(s.decodeCases.containsAll(BenchCase.SHAPE_CASES));
    assertTrue(s.encodeCases.contains("nested"));
    assertTrue(s.limitCases.contains("wide"));
    assertTrue(s.decodeEngines.containsAll(List.of("fast", "kavro", "kavroFallback", "binaryKavro",
        "binaryKavroFallback")));
    assertEquals(1, s.forks);
    assertEquals(5, s.warmupIterations);
    assertEquals(5, s.iterations);
    assertEquals(List.of(), RatioRunner.Settings.parse(new String[] {"--quick", "--no-limit"}).limitCases);
  }

  @Test
  void enginesSelectBenchmarkMethodsExactly() {
    String all = RatioRunner.includePattern(DecodeBenchmark.class, null);
    String some = RatioRunner.includePattern(DecodeBenchmark.class, List.of("kavro", "fast"));
    String method = DecodeBenchmark.class.getName() + ".kavro";
    assertTrue(Pattern.compile(all).matcher(method + "Fallback").find());
    assertTrue(Pattern.compile(some).matcher(method).find());
    assertFalse(Pattern.compile(some).matcher(method + "Fallback").find());
    assertFalse(Pattern.compile(some).matcher(DecodeBenchmark.class.getName() + ".binaryKavro").find());
  }

  @Test
  void cellsJudgeEachRatioAndNameTheMisses() {
    RatioRunner.Cells cells = new RatioRunner.Cells(1.2);
    assertEquals("1.50x met", cells.judge("a", 3.0, 2.0));
    assertEquals("1.10x **not met**", cells.judge("b", 1.1, 1.0));
    assertEquals("n/a", cells.judge("c", Double.NaN, 1.0));
    String summary = cells.summary("x");
    assertTrue(summary.contains("NOT met (1 of 2 cells met; not met: b)"), summary);
    assertEquals(Math.sqrt(1.5 * 1.1), cells.geomean(), 1e-12);
    assertTrue(new RatioRunner.Cells(1.0).summary("y").contains("not measured"));
  }

  @Test
  void connectTableCanBeChosenOrSkipped() {
    assertEquals(List.of("unionHeavy"),
        RatioRunner.Settings.parse(new String[] {"--connect-cases", "unionHeavy"}).connectCases);
    assertEquals(List.of(), RatioRunner.Settings.parse(new String[] {"--no-connect"}).connectCases);
    RatioRunner.Settings connectOnly = RatioRunner.Settings.parse(
        new String[] {"--no-decode", "--no-encode", "--no-limit"});
    assertEquals(BenchCase.CONNECT_CASES, connectOnly.connectCases);
  }

  @Test
  void flinkTableRunsByDefaultAloneOrNotAtAll() {
    assertEquals(FlinkCase.CASES, RatioRunner.Settings.parse(new String[0]).flinkCases);
    assertNull(RatioRunner.Settings.parse(new String[0]).flinkEngines);
    RatioRunner.Settings alone = RatioRunner.Settings.parse(new String[] {"--flink", "--flink-cases", "wide"});
    assertEquals(List.of("wide"), alone.flinkCases);
    assertEquals(List.of(), alone.decodeCases);
    assertEquals(List.of(), alone.encodeCases);
    assertEquals(List.of(), alone.connectCases);
    assertEquals(List.of(), alone.limitCases);
    assertEquals(List.of(), RatioRunner.Settings.parse(new String[] {"--no-flink"}).flinkCases);
    assertEquals(List.of("organization"),
        RatioRunner.Settings.parse(new String[] {"--cases", "organization,random-10-flat"}).flinkCases);
    RatioRunner.Settings quick = RatioRunner.Settings.parse(new String[] {"--quick"});
    assertTrue(quick.flinkCases.containsAll(BenchCase.SHAPE_CASES));
    assertEquals(FlinkRatios.QUICK_ENGINES, quick.flinkEngines);
  }

  /** The runner selects Flink engines by name: the names must be the benchmark's methods, all of them. */
  @Test
  void flinkEnginesAreTheBenchmarkMethods() {
    Set<String> methods = Arrays.stream(FlinkBenchmark.class.getMethods())
        .filter(m -> m.isAnnotationPresent(Benchmark.class)).map(Method::getName).collect(Collectors.toSet());
    assertEquals(methods, Set.copyOf(FlinkRatios.ENGINES));
    assertTrue(FlinkRatios.ENGINES.containsAll(FlinkRatios.QUICK_ENGINES));
  }

  @Test
  void flinkTableNamesTheFieldsLeftOutAndJudgesEveryCell() {
    String table = FlinkRatios.table(Map.of(), List.of("organization", "unions"));
    assertTrue(table.contains("- unions: 40 of 100 fields left out (a union of more than one non-null branch"), table);
    assertFalse(table.contains("- organization:"), table);
    assertTrue(table.contains("Target Flink decode Kavro / each Flink column, every cell >= 3.0x: not measured"),
        table);
    assertTrue(table.contains("Target Flink encode from BinaryRowData Kavro / each Flink column, every cell >= 2.0x"),
        table);
  }

  @Test
  void rejectsUnknownOptions() {
    assertThrows(IllegalArgumentException.class, () -> RatioRunner.Settings.parse(new String[] {"--fast"}));
  }
}
