package dev.kavro.cache;

/**
 * What Kavro's reader cache exposes through JMX, under {@code dev.kavro:type=ReaderCache}: the compile counters of
 * {@link CompilingCacheMXBean} (after a failed compilation, its pairs stay on the fallback) and the records read
 * each way. Counts are cumulative since the cache was created.
 */
public interface ReaderCacheMXBean extends CompilingCacheMXBean {
  /** Records read through compiled code. */
  long getCompiledReads();

  /** Records read through the fallback interpreter (or vanilla Avro for unsupported schemas). */
  long getFallbackReads();
}
