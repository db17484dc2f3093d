package dev.kavro.flink.runtime;

import dev.kavro.cache.ReaderCache;
import dev.kavro.cache.WriterCache;
import java.util.function.LongSupplier;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.MetricGroup;

/**
 * The metrics of one format instance in one subtask, in the subgroup {@value #GROUP} of the operator's metric group:
 *
 * <ul>
 *   <li>{@value #SCHEMA_LOOKUPS}: writer schemas this subtask fetched by id (decoding) or schema ids it resolved
 *       (encoding), each once; repeats are answered from its own table, and the task manager's registry client
 *       answers what another subtask fetched already without a call (an id the registry does not know is not
 *       counted);
 *   <li>{@value #SCHEMAS_CACHED}: writer schemas held in this subtask's id table (RowData decoding);
 *   <li>{@value #RECORDS_SKIPPED}: records dropped by {@code ignore-parse-errors};
 *   <li>for the GenericRecord and specific schemas, which run the core's readers and writers, the process-wide
 *       counters of its reader and writer caches: {@value #COMPILED_READS}, {@value #FALLBACK_READS},
 *       {@value #COMPILED_WRITES}, {@value #FALLBACK_WRITES}, {@value #COMPILES}.
 * </ul>
 *
 * <p>Thread-safe as Flink's counters are. Internal API.
 */
public final class FormatMetrics {
  public static final String GROUP = "kavro";
  public static final String SCHEMA_LOOKUPS = "schemaLookups";
  public static final String SCHEMAS_CACHED = "schemasCached";
  public static final String RECORDS_SKIPPED = "recordsSkipped";
  public static final String COMPILED_READS = "compiledReads";
  public static final String FALLBACK_READS = "fallbackReads";
  public static final String COMPILED_WRITES = "compiledWrites";
  public static final String FALLBACK_WRITES = "fallbackWrites";
  public static final String COMPILES = "compiles";

  private final MetricGroup group;
  private final Counter schemaLookups;
  private final Counter recordsSkipped;

  private FormatMetrics(MetricGroup group) {
    this.group = group;
    this.schemaLookups = group.counter(SCHEMA_LOOKUPS);
    this.recordsSkipped = group.counter(RECORDS_SKIPPED);
  }

  /** The metrics of a format instance, registered under {@code parent}. */
  public static FormatMetrics register(MetricGroup parent) {
    return new FormatMetrics(parent.addGroup(GROUP));
  }

  /** Adds the size of the instance's id table. */
  public void schemasCached(LongSupplier size) {
    gauge(SCHEMAS_CACHED, size);
  }

  /** Adds the process-wide counters of the core's reader and writer caches. */
  public void coreCaches() {
    ReaderCache readers = ReaderCache.shared();
    WriterCache writers = WriterCache.shared();
    gauge(COMPILED_READS, readers::getCompiledReads);
    gauge(FALLBACK_READS, readers::getFallbackReads);
    gauge(COMPILED_WRITES, writers::getCompiledWrites);
    gauge(FALLBACK_WRITES, writers::getFallbackWrites);
    gauge(COMPILES, () -> readers.getCompiles() + writers.getCompiles());
  }

  private void gauge(String name, LongSupplier value) {
    group.gauge(name, (Gauge<Long>) value::getAsLong);
  }

  public void schemaLookedUp() {
    schemaLookups.inc();
  }

  public void recordSkipped() {
    recordsSkipped.inc();
  }

  public long recordsSkipped() {
    return recordsSkipped.getCount();
  }
}
