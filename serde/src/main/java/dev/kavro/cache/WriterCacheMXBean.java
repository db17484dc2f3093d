package dev.kavro.cache;

/**
 * What Kavro's writer cache exposes through JMX, under {@code dev.kavro:type=WriterCache}: the compile counters of
 * {@link CompilingCacheMXBean} (after a failed compilation, its schemas stay on vanilla Avro) and the records written
 * each way. Counts are cumulative since the cache was created.
 */
public interface WriterCacheMXBean extends CompilingCacheMXBean {
  /** Records written through compiled code. */
  long getCompiledWrites();

  /** Records written by vanilla Avro (before compilation, after a failure, or in fallback mode). */
  long getFallbackWrites();
}
