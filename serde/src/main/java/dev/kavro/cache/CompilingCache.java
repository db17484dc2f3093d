package dev.kavro.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.codegen.ClassCompiler;
import dev.kavro.codegen.GeneratedSource;
import dev.kavro.plan.ReadPlan;
import java.time.Duration;
import java.util.concurrent.Callable;
import org.apache.avro.Schema;

/**
 * What the reader and writer caches share: a bounded Caffeine map of entries that evicts idle ones, and the service
 * that compiles them. Thread-safe.
 *
 * @param <K> the key: schemas and model
 * @param <V> the entry
 */
public abstract class CompilingCache<K, V> implements CompilingCacheMXBean {
  final Cache<K, V> entries;
  private final CompileService compileService;

  /**
   * A cache with the default code-generation limits.
   *
   * @param threadName the prefix of its compile threads' names
   */
  protected CompilingCache(String threadName, int maxEntries, Duration idle, int compileThreads,
      ClassCompiler compiler) {
    this(threadName, maxEntries, idle, compileThreads, compiler, CodegenLimits.DEFAULT);
  }

  CompilingCache(String threadName, int maxEntries, Duration idle, int compileThreads, ClassCompiler compiler,
      CodegenLimits limits) {
    this.entries = Caffeine.newBuilder().maximumSize(maxEntries).expireAfterAccess(idle).build();
    this.compileService = new CompileService(threadName, compileThreads, compiler, limits);
  }

  CompileService compileService() {
    return compileService;
  }

  /** The entries, for subclasses' lookups. */
  protected final Cache<K, V> entries() {
    return entries;
  }

  /**
   * A slot compiled by this cache's service. {@code generator} runs on the compiling thread; it should check the
   * limits ({@link #checkLimits}) before generating.
   *
   * @param what "reader" or "writer" (or a longer name), for messages
   */
  protected final <T> CompiledSlot<T> newSlot(Object key, String what, Callable<GeneratedSource> generator) {
    return new CompiledSlot<>(compileService, key, what, generator);
  }

  /** @throws IllegalStateException if {@code plan} is beyond the code-generation limits (the slot then logs it once) */
  protected final void checkLimits(ReadPlan plan) {
    compileService.limits().check(plan);
  }

  /** @throws IllegalStateException if {@code schema} is beyond the code-generation limits (the slot then logs it once) */
  protected final void checkLimits(Schema schema) {
    compileService.limits().check(schema);
  }

  /**
   * Resizes the cache and its compile executor. Serdes call this from {@code configure}; with several serdes in one
   * process, the last configuration wins.
   */
  public void resize(int maxEntries, int compileThreads) {
    entries.policy().eviction().ifPresent(eviction -> eviction.setMaximum(maxEntries));
    compileService.resize(compileThreads);
  }

  /** The most entries the cache keeps ({@link #resize}). */
  public long maxEntries() {
    return entries.policy().eviction().orElseThrow().getMaximum();
  }

  /** The threads that compile in the background ({@link #resize}). */
  public int compileThreads() {
    return compileService.threads();
  }

  /** Evicts everything; compiled classes unload once nothing refers to them. */
  public void invalidateAll() {
    entries.invalidateAll();
    entries.cleanUp();
  }

  @Override
  public long getCompiles() {
    return compileService.compiles.sum();
  }

  @Override
  public long getCompileFailures() {
    return compileService.compileFailures.sum();
  }

  @Override
  public long getCompileTimeMillis() {
    return compileService.compileMillis();
  }

  @Override
  public long getCacheSize() {
    return entries.estimatedSize();
  }
}
