package dev.kavro.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.codegen.ClassCompiler;
import dev.kavro.codegen.JaninoCompiler;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import javax.management.ObjectName;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.reflect.ReflectDatumWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bounded cache of writers, one per (schema, data model), with a small executor that compiles them in the
 * background. Idle and excess entries are evicted; an evicted entry's generated class has its own class loader, so it
 * unloads once no writer refers to it.
 *
 * <p>One shared instance serves the process ({@link #shared()}). Thread-safe. Internal: users reach it through
 * {@code KavroDatumWriter} and the serdes.
 */
public final class WriterCache implements WriterCacheMXBean {
  private static final Logger LOG = LoggerFactory.getLogger(WriterCache.class);
  public static final int DEFAULT_MAX_ENTRIES = 1000;
  public static final int DEFAULT_COMPILE_THREADS = 1;
  private static final Duration IDLE = Duration.ofHours(1);
  private static final int COMPILE_QUEUE = 1024;
  private static final WriterCache SHARED = registered(new WriterCache(DEFAULT_MAX_ENTRIES, IDLE,
      DEFAULT_COMPILE_THREADS, new JaninoCompiler(WriterCache.class.getClassLoader()), CodegenLimits.DEFAULT));

  final LongAdder compiledWrites = new LongAdder();
  final LongAdder fallbackWrites = new LongAdder();
  final LongAdder compiles = new LongAdder();
  final LongAdder compileFailures = new LongAdder();
  final LongAdder compileNanos = new LongAdder();

  private final Cache<WriterKey, WriterEntry> entries;
  private final ThreadPoolExecutor executor;
  private final ClassCompiler compiler;
  private final CodegenLimits limits;

  WriterCache(int maxEntries, Duration idle, int compileThreads, ClassCompiler compiler, CodegenLimits limits) {
    this.entries = Caffeine.newBuilder().maximumSize(maxEntries).expireAfterAccess(idle).build();
    this.executor = new ThreadPoolExecutor(compileThreads, compileThreads, 60, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(COMPILE_QUEUE), daemonThreads());
    this.executor.allowCoreThreadTimeOut(true);
    this.compiler = compiler;
    this.limits = limits;
  }

  /** A private cache, for tests that inject a compiler. */
  static WriterCache withCompiler(ClassCompiler compiler) {
    return new WriterCache(DEFAULT_MAX_ENTRIES, IDLE, DEFAULT_COMPILE_THREADS, compiler, CodegenLimits.DEFAULT);
  }

  /** The process-wide cache. */
  public static WriterCache shared() {
    return SHARED;
  }

  /**
   * Resizes the cache and the compile executor. Serdes call this from {@code configure}; with several serdes in one
   * process, the last configuration wins.
   */
  public void resize(int maxEntries, int compileThreads) {
    entries.policy().eviction().ifPresent(eviction -> eviction.setMaximum(maxEntries));
    if (compileThreads > executor.getMaximumPoolSize()) {
      executor.setMaximumPoolSize(compileThreads);
      executor.setCorePoolSize(compileThreads);
    } else {
      executor.setCorePoolSize(compileThreads);
      executor.setMaximumPoolSize(compileThreads);
    }
  }

  /** The entry for a (schema, model), built on first use with vanilla Avro's writer as its fallback. */
  public WriterEntry entry(Schema schema, GenericData model) {
    WriterKey key = new WriterKey(schema, model);
    return entries.get(key, k -> new WriterEntry(this, k, schema, model, vanilla(schema, model)));
  }

  /** The writer vanilla Avro would use for this model: it is the reference, and the fallback. */
  static DatumWriter<Object> vanilla(Schema schema, GenericData model) {
    if (model instanceof ReflectData reflect) {
      return new ReflectDatumWriter<>(schema, reflect);
    }
    if (model instanceof SpecificData specific) {
      return new SpecificDatumWriter<>(schema, specific);
    }
    return new GenericDatumWriter<>(schema, model);
  }

  Executor executor() {
    return executor;
  }

  ClassCompiler compiler() {
    return compiler;
  }

  CodegenLimits limits() {
    return limits;
  }

  /** Evicts everything; compiled classes unload once no writer refers to them. */
  public void invalidateAll() {
    entries.invalidateAll();
    entries.cleanUp();
  }

  @Override
  public long getCompiledWrites() {
    return compiledWrites.sum();
  }

  @Override
  public long getFallbackWrites() {
    return fallbackWrites.sum();
  }

  @Override
  public long getCompiles() {
    return compiles.sum();
  }

  @Override
  public long getCompileFailures() {
    return compileFailures.sum();
  }

  @Override
  public long getCompileTimeMillis() {
    return TimeUnit.NANOSECONDS.toMillis(compileNanos.sum());
  }

  @Override
  public long getCacheSize() {
    return entries.estimatedSize();
  }

  private static ThreadFactory daemonThreads() {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, "kavro-compile-writer-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }

  private static WriterCache registered(WriterCache cache) {
    try {
      ManagementFactory.getPlatformMBeanServer().registerMBean(cache, new ObjectName("dev.kavro:type=WriterCache"));
    } catch (Exception | LinkageError e) {
      // JMX is an extra; a JVM without it (or a second registration in odd class-loader setups) still writes fine.
      LOG.debug("Kavro writer cache not registered with JMX: {}", e.toString());
    }
    return cache;
  }
}
