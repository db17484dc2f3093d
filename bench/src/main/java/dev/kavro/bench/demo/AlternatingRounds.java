package dev.kavro.bench.demo;

import java.io.PrintStream;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/**
 * Times Kavro and its peer in alternating rounds: Kavro first in one round, the peer first in the next. Run one after
 * the other, the side that runs second always meets a JIT that has compiled more and a machine whose speed has moved
 * on, and that decides a ratio as much as the code does. Alternating cancels the order, the ratio is taken per round
 * (both turns of a round run within seconds of each other), and the median and the lowest and highest round are
 * reported. Not thread-safe.
 */
final class AlternatingRounds {
  /** Consumes results, so that no engine call is dead code. */
  private static int sink;

  private AlternatingRounds() {}

  /** One timed turn of one side: records per second for each metric the turn measures. */
  interface Turn {
    double[] run() throws Exception;
  }

  /** One way of processing record {@code i} of a case. */
  interface Engine {
    Object apply(int i) throws Exception;
  }

  /**
   * Runs {@code warmupRounds} untimed rounds, then {@code rounds} timed ones, and compares the sides per metric.
   *
   * @param metrics the name of each metric a turn returns, in order
   */
  static List<Comparison> run(List<String> metrics, Turn kavro, Turn peer, int warmupRounds, int rounds,
      PrintStream progress) throws Exception {
    for (int r = 0; r < warmupRounds; r++) {
      kavro.run();
      peer.run();
      progress.printf(Locale.ROOT, "    warm-up round %d of %d done%n", r + 1, warmupRounds);
    }
    double[][] kavroRates = new double[metrics.size()][rounds];
    double[][] peerRates = new double[metrics.size()][rounds];
    for (int r = 0; r < rounds; r++) {
      boolean kavroFirst = r % 2 == 0;
      double[] first = (kavroFirst ? kavro : peer).run();
      double[] second = (kavroFirst ? peer : kavro).run();
      double[] k = kavroFirst ? first : second;
      double[] p = kavroFirst ? second : first;
      StringBuilder line = new StringBuilder(String.format(Locale.ROOT, "    round %d of %d, %s first:", r + 1, rounds,
          kavroFirst ? "Kavro" : "peer"));
      for (int m = 0; m < metrics.size(); m++) {
        kavroRates[m][r] = k[m];
        peerRates[m][r] = p[m];
        line.append(String.format(Locale.ROOT, "  %s %.2fx", metrics.get(m), k[m] / p[m]));
      }
      progress.println(line);
    }
    List<Comparison> out = new ArrayList<>(metrics.size());
    for (int m = 0; m < metrics.size(); m++) {
      out.add(Comparison.of(metrics.get(m), kavroRates[m], peerRates[m]));
    }
    return out;
  }

  /** A turn that runs {@code engine} over records {@code 0 .. records - 1} repeatedly for {@code nanos} or more. */
  static Turn overRecords(Engine engine, int records, long nanos) {
    return () -> {
      long start = System.nanoTime();
      long done = 0;
      long elapsed;
      do {
        for (int i = 0; i < records; i++) {
          sink += engine.apply(i) == null ? 0 : 1;
        }
        done += records;
        elapsed = System.nanoTime() - start;
      } while (elapsed < nanos);
      return new double[] {done / (elapsed / 1e9)};
    };
  }

  /** Never true; lets the demo read {@link #sink} once, so that the JIT cannot prove it unused. */
  static boolean sinkIsMagic() {
    return sink == 42;
  }

  /**
   * One path compared over the timed rounds: the median round by its ratio Kavro / peer (the upper one of the middle
   * two for an even count, so that it is a round that ran), its records/s on both sides, and the lowest and highest
   * ratio of all rounds.
   */
  record Comparison(String path, double kavroRate, double peerRate, double ratio, double lowest, double highest,
      int rounds) {
    static Comparison of(String path, double[] kavro, double[] peer) {
      Integer[] byRatio = new Integer[kavro.length];
      for (int r = 0; r < byRatio.length; r++) {
        byRatio[r] = r;
      }
      Arrays.sort(byRatio, Comparator.comparingDouble(r -> kavro[r] / peer[r]));
      int median = byRatio[byRatio.length / 2];
      int lowest = byRatio[0];
      int highest = byRatio[byRatio.length - 1];
      return new Comparison(path, kavro[median], peer[median], kavro[median] / peer[median],
          kavro[lowest] / peer[lowest], kavro[highest] / peer[highest], kavro.length);
    }
  }
}
