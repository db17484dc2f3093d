package dev.kavro.cache;

import dev.kavro.KavroVersion;

/**
 * What Kavro's writer cache exposes through JMX, under {@code dev.kavro:type=WriterCache}. Counts are cumulative
 * since the cache was created.
 */
public interface WriterCacheMXBean {
  /** Records written through compiled code. */
  long getCompiledWrites();

  /** Records written by vanilla Avro (before compilation, after a failure, or in fallback mode). */
  long getFallbackWrites();

  /** Writers compiled successfully. */
  long getCompiles();

  /** Compilations that failed; those schemas stay on vanilla Avro. */
  long getCompileFailures();

  /** Total wall time spent generating and compiling, in milliseconds. */
  long getCompileTimeMillis();

  /** Writers currently cached. */
  long getCacheSize();

  /** The version of Kavro in use ({@link KavroVersion}). */
  default String getVersion() {
    return KavroVersion.get();
  }
}
