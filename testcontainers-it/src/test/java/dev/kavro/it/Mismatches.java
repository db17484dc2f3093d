package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Counts records that differ from what was expected and keeps the first few descriptions, so that a run over 100k
 * records fails with a readable message instead of 100k assertion errors. Thread-safe.
 */
final class Mismatches {
  private static final int KEPT = 5;
  private final List<String> first = new ArrayList<>();
  private long count;

  synchronized void check(boolean same, Supplier<String> description) {
    if (!same) {
      count++;
      if (first.size() < KEPT) {
        first.add(description.get());
      }
    }
  }

  synchronized void assertNone(String what) {
    assertEquals(0, count, () -> count + " " + what + " differ; first ones:\n  " + String.join("\n  ", first));
  }
}
