package dev.kavro.cache;

import dev.kavro.codegen.ClassCompiler;
import dev.kavro.codegen.JaninoCompiler;
import dev.kavro.plan.ClassProps;
import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.UnsupportedSchemaException;
import java.time.Duration;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.DatumReader;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bounded cache of readers, one per (writer schema, reader schema, data model), with a small executor that
 * compiles them in the background. Idle and excess entries are evicted; an evicted entry's generated class has its
 * own class loader, so it unloads once no reader refers to it.
 *
 * <p>One shared instance serves the process ({@link #shared()}), so that every serde reading a topic shares its
 * compiled readers. Thread-safe. Internal: users reach it through {@code KavroDatumReader} and the serdes.
 */
public final class ReaderCache extends CompilingCache<ReaderKey, ReaderEntry> implements ReaderCacheMXBean {
  private static final Logger LOG = LoggerFactory.getLogger(ReaderCache.class);
  public static final int DEFAULT_MAX_ENTRIES = 1000;
  public static final int DEFAULT_COMPILE_THREADS = 1;
  /** Fallback reads of a pair after which {@code async} readers compile it (see {@link #setCompileThreshold}). */
  public static final int DEFAULT_COMPILE_THRESHOLD = 100;
  private static final Duration IDLE = Duration.ofHours(1);
  private static final ReaderCache SHARED = Jmx.register(new ReaderCache(DEFAULT_MAX_ENTRIES, IDLE,
      DEFAULT_COMPILE_THREADS, new JaninoCompiler(ReaderCache.class.getClassLoader()), CodegenLimits.DEFAULT),
      "ReaderCache");

  final RecordCounter compiledReads = new RecordCounter();
  final RecordCounter fallbackReads = new RecordCounter();
  private volatile int compileThreshold = DEFAULT_COMPILE_THRESHOLD;

  ReaderCache(int maxEntries, Duration idle, int compileThreads, ClassCompiler compiler, CodegenLimits limits) {
    super("kavro-compile-reader", maxEntries, idle, compileThreads, compiler, limits);
  }

  /** A private cache, for tests that inject a compiler. */
  static ReaderCache withCompiler(ClassCompiler compiler) {
    return new ReaderCache(DEFAULT_MAX_ENTRIES, IDLE, DEFAULT_COMPILE_THREADS, compiler, CodegenLimits.DEFAULT);
  }

  /** The process-wide cache. */
  public static ReaderCache shared() {
    return SHARED;
  }

  /**
   * The entry for a pair, built on first use: its plan is resolved once here, never per record.
   *
   * @throws org.apache.avro.AvroRuntimeException if Avro cannot resolve the schemas at all
   */
  public ReaderEntry entry(Schema writer, Schema reader, GenericData model) {
    ReaderKey key = new ReaderKey(writer, reader, model);
    return entries.get(key, k -> newEntry(k, writer, reader, model));
  }

  private ReaderEntry newEntry(ReaderKey key, Schema writer, Schema reader, GenericData model) {
    try {
      return ReaderEntry.planned(this, key, PlanBuilder.build(writer, reader, model), model);
    } catch (UnsupportedSchemaException e) {
      LOG.info("Kavro reads {} with vanilla Avro: {}", key, e.getMessage());
      // Avro takes classes from the reader schema; the writer's class props never reach it either.
      Schema bareWriter = ClassProps.strip(writer);
      DatumReader<Object> vanilla = model instanceof SpecificData specific
          ? new SpecificDatumReader<>(bareWriter, reader, specific)
          : new GenericDatumReader<>(bareWriter, reader, model);
      return ReaderEntry.vanilla(this, vanilla, e.getMessage());
    }
  }

  /**
   * How many reads a pair serves from the fallback before an {@code async} reader compiles it (0 or 1: at once).
   * One-off schema ids then cost no compile time and no metaspace. Serdes set it from {@code kavro.compile.threshold};
   * with several serdes in one process, the last configuration wins.
   */
  public void setCompileThreshold(int reads) {
    if (reads < 0) {
      throw new IllegalArgumentException("compile threshold " + reads + " < 0");
    }
    compileThreshold = reads;
  }

  /** The reads after which {@code async} readers compile a pair ({@link #setCompileThreshold}). */
  public int compileThreshold() {
    return compileThreshold;
  }

  @Override
  public long getCompiledReads() {
    return compiledReads.sum();
  }

  @Override
  public long getFallbackReads() {
    return fallbackReads.sum();
  }
}
