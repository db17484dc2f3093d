package dev.kavro.test.canary;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/** Records which canary classes were initialized: a writer schema must never get one loaded. */
public final class CanaryLog {
  public static final Set<String> INITIALIZED = ConcurrentHashMap.newKeySet();

  private CanaryLog() {}
}
