package dev.kavro.registry;

import java.util.concurrent.ThreadLocalRandom;
import java.util.function.LongUnaryOperator;

/**
 * Exponential backoff with full jitter, as Confluent's client does: the n-th wait (from 0) is uniform in
 * {@code [1, min(base * 2^n, max)]} milliseconds. Spreading the waits keeps many clients from retrying in step.
 */
final class Backoff {
  /** Sleeps; tests swap it for one that records and returns at once. */
  interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  private final long baseMs;
  private final long maxMs;
  private final LongUnaryOperator jitter;
  private final Sleeper sleeper;

  /**
   * @param jitter given a bound {@code b >= 1}, returns a value in {@code [1, b]}
   */
  Backoff(long baseMs, long maxMs, LongUnaryOperator jitter, Sleeper sleeper) {
    this.baseMs = baseMs;
    this.maxMs = maxMs;
    this.jitter = jitter;
    this.sleeper = sleeper;
  }

  static Backoff of(RegistryClientConfig config) {
    return new Backoff(config.getInt(RegistryClientConfig.RETRIES_WAIT_MS_CONFIG),
        config.getInt(RegistryClientConfig.RETRIES_MAX_WAIT_MS_CONFIG),
        bound -> ThreadLocalRandom.current().nextLong(1, bound + 1), Thread::sleep);
  }

  Backoff withSleeper(Sleeper other) {
    return new Backoff(baseMs, maxMs, jitter, other);
  }

  /** The wait before retry {@code retry} (0 for the first retry). */
  long delayMs(int retry) {
    long exponential = retry >= 62 || baseMs > (Long.MAX_VALUE >> retry) ? Long.MAX_VALUE : baseMs << retry;
    long bound = Math.min(exponential, maxMs);
    return bound < 1 ? 0 : jitter.applyAsLong(bound);
  }

  void pause(int retry) throws InterruptedException {
    long delay = delayMs(retry);
    if (delay > 0) {
      sleeper.sleep(delay);
    }
  }
}
