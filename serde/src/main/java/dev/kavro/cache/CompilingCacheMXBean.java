package dev.kavro.cache;

import dev.kavro.KavroVersion;

/**
 * The JMX attributes every compiling cache shares; {@link ReaderCacheMXBean} and {@link WriterCacheMXBean} add their
 * own read or write counts. Counts are cumulative since the cache was created.
 */
public interface CompilingCacheMXBean {
  /** Classes compiled successfully. */
  long getCompiles();

  /** Compilations that failed; what they were for stays on the fallback. */
  long getCompileFailures();

  /** Total wall time spent generating and compiling, in milliseconds. */
  long getCompileTimeMillis();

  /** Entries (compiled or not yet) currently cached. */
  long getCacheSize();

  /** The version of Kavro in use ({@link KavroVersion}). */
  default String getVersion() {
    return KavroVersion.get();
  }
}
