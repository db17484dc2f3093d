package dev.kavro.bench.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.bench.demo.AlternatingRounds.Comparison;
import java.io.OutputStream;
import java.io.PrintStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class AlternatingRoundsTest {
  private static final PrintStream QUIET = new PrintStream(OutputStream.nullOutputStream());

  @Test
  void alternatesWhichSideRunsFirstAfterTheWarmUp() throws Exception {
    List<String> order = new ArrayList<>();
    AlternatingRounds.run(List.of("m"), () -> {
      order.add("k");
      return new double[] {1};
    }, () -> {
      order.add("p");
      return new double[] {1};
    }, 1, 4, QUIET);
    assertEquals(List.of("k", "p", "k", "p", "p", "k", "k", "p", "p", "k"), order);
  }

  @Test
  void reportsTheMedianRatioOfTheRoundsAndTheirSpread() throws Exception {
    double[][] kavro = {{300, 30}, {100, 10}, {400, 40}, {200, 20}, {500, 50}};
    int[] turn = {0, 0};
    List<Comparison> out = AlternatingRounds.run(List.of("loop", "inside"), () -> kavro[turn[0]++],
        () -> new double[] {100 + turn[1]++, 10}, 0, 5, QUIET);
    Comparison loop = out.get(0);
    assertEquals("loop", loop.path());
    // Per round: 300/100, 100/101, 400/102, 200/103, 500/104; the median round is the first.
    assertEquals(300, loop.kavroRate());
    assertEquals(100, loop.peerRate());
    assertEquals(3.0, loop.ratio(), 1e-12);
    assertEquals(100 / 101.0, loop.lowest(), 1e-12);
    assertEquals(500 / 104.0, loop.highest(), 1e-12);
    assertEquals(5, loop.rounds());
    assertEquals(3.0, out.get(1).ratio(), 1e-12);
  }

  @Test
  void theMedianOfAnEvenCountIsTheUpperMiddleRound() {
    Comparison c = Comparison.of("m", new double[] {4, 1, 3, 2}, new double[] {1, 1, 1, 1});
    assertEquals(3, c.ratio());
    assertEquals(3, c.kavroRate());
    assertEquals(1, c.lowest());
    assertEquals(4, c.highest());
  }

  @Test
  void aTurnOverRecordsRunsEveryRecordAtLeastOnce() throws Exception {
    List<Integer> seen = new ArrayList<>();
    double[] rate = AlternatingRounds.overRecords(i -> seen.add(i), 3, 0).run();
    assertEquals(List.of(0, 1, 2), seen);
    assertEquals(1, rate.length);
  }
}
