package dev.kavro.bench.demo;

import java.io.PrintStream;
import java.util.Locale;

/** A one-line progress bar on a terminal stream, redrawn at most every 200 ms. Not thread-safe. */
final class ProgressBar {
  private static final int WIDTH = 30;
  private static final long REDRAW_NANOS = 200_000_000L;

  private final PrintStream out;
  private final String label;
  private final long total;
  private final long start = System.nanoTime();
  private long lastDraw;

  ProgressBar(PrintStream out, String label, long total) {
    this.out = out;
    this.label = label;
    this.total = total;
  }

  void update(long done) {
    long now = System.nanoTime();
    if (done < total && now - lastDraw < REDRAW_NANOS) {
      return;
    }
    lastDraw = now;
    int filled = (int) (WIDTH * done / Math.max(1, total));
    double seconds = Math.max(1e-9, (now - start) / 1e9);
    out.printf(Locale.ROOT, "\r  %-22s [%s%s] %3d%% %,d/%,d  %,.0f records/s ", label, "#".repeat(filled),
        " ".repeat(WIDTH - filled), 100 * done / Math.max(1, total), done, total, done / seconds);
    out.flush();
  }

  void finish(long done) {
    lastDraw = 0;
    update(done);
    out.println();
  }
}
