package dev.kavro.cache;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.codegen.ClassCompiler;
import java.time.Duration;

/**
 * What the reader and writer caches share: a bounded Caffeine map of entries that evicts idle ones, and the service
 * that compiles them. Thread-safe.
 *
 * @param <K> the key: schemas and model
 * @param <V> the entry
 */
public abstract class CompilingCache<K, V> {
  final Cache<K, V> entries;
  private final CompileService compileService;

  CompilingCache(String threadName, int maxEntries, Duration idle, int compileThreads, ClassCompiler compiler,
      CodegenLimits limits) {
    this.entries = Caffeine.newBuilder().maximumSize(maxEntries).expireAfterAccess(idle).build();
    this.compileService = new CompileService(threadName, compileThreads, compiler, limits);
  }

  CompileService compileService() {
    return compileService;
  }

  /**
   * Resizes the cache and its compile executor. Serdes call this from {@code configure}; with several serdes in one
   * process, the last configuration wins.
   */
  public void resize(int maxEntries, int compileThreads) {
    entries.policy().eviction().ifPresent(eviction -> eviction.setMaximum(maxEntries));
    compileService.resize(compileThreads);
  }

  /** Evicts everything; compiled classes unload once nothing refers to them. */
  public void invalidateAll() {
    entries.invalidateAll();
    entries.cleanUp();
  }

  /** Classes compiled successfully. */
  public long getCompiles() {
    return compileService.compiles.sum();
  }

  /** Compilations that failed; those entries stay on their fallback. */
  public long getCompileFailures() {
    return compileService.compileFailures.sum();
  }

  /** Total wall time spent generating and compiling, in milliseconds. */
  public long getCompileTimeMillis() {
    return compileService.compileMillis();
  }

  /** Entries currently cached. */
  public long getCacheSize() {
    return entries.estimatedSize();
  }
}
