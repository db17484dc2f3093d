package dev.kavro.cache;

import dev.kavro.KavroVersion;

/**
 * What Kavro's reader cache exposes through JMX, under {@code dev.kavro:type=ReaderCache}. Counts are cumulative
 * since the cache was created.
 */
public interface ReaderCacheMXBean {
  /** Records read through compiled code. */
  long getCompiledReads();

  /** Records read through the fallback interpreter (or vanilla Avro for unsupported schemas). */
  long getFallbackReads();

  /** Readers compiled successfully. */
  long getCompiles();

  /** Compilations that failed; those pairs stay on the fallback. */
  long getCompileFailures();

  /** Total wall time spent generating and compiling, in milliseconds. */
  long getCompileTimeMillis();

  /** Readers currently cached. */
  long getCacheSize();

  /** The version of Kavro in use ({@link KavroVersion}). */
  default String getVersion() {
    return KavroVersion.get();
  }
}
