package dev.kavro.registry;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import org.junit.jupiter.api.Test;

class BackoffTest {
  @Test
  void boundDoublesUpToTheMaximum() {
    Backoff backoff = new Backoff(1000, 20000, bound -> bound, millis -> { });

    assertEquals(1000, backoff.delayMs(0));
    assertEquals(2000, backoff.delayMs(1));
    assertEquals(16000, backoff.delayMs(4));
    assertEquals(20000, backoff.delayMs(5));
    assertEquals(20000, backoff.delayMs(80), "no overflow on many retries");
  }

  @Test
  void defaultJitterStaysWithinOneAndTheBound() {
    Backoff backoff = Backoff.of(new RegistryClientConfig(Map.of(
        RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, "http://127.0.0.1:1",
        RegistryClientConfig.RETRIES_WAIT_MS_CONFIG, 10, RegistryClientConfig.RETRIES_MAX_WAIT_MS_CONFIG, 30)));
    boolean sawBelowBound = false;
    for (int i = 0; i < 1000; i++) {
      long delay = backoff.delayMs(2);
      assertTrue(delay >= 1 && delay <= 30, "delay " + delay);
      sawBelowBound |= delay < 30;
    }
    assertTrue(sawBelowBound, "waits are jittered, not fixed");
  }

  @Test
  void zeroBaseMeansNoWait() {
    assertEquals(0, new Backoff(0, 20000, bound -> bound, millis -> { }).delayMs(3));
  }
}
