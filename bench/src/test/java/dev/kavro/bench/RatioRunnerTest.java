package dev.kavro.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.bench.data.BenchCase;
import java.util.List;
import org.junit.jupiter.api.Test;

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
    assertTrue(s.limit);
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
  void rejectsUnknownOptions() {
    assertThrows(IllegalArgumentException.class, () -> RatioRunner.Settings.parse(new String[] {"--fast"}));
  }
}
