package dev.kavro.cache;

import dev.kavro.codegen.GeneratedSource;
import dev.kavro.codegen.SourceLegend;
import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.AvroRuntimeException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The compiled half of a cache entry: compiled at most once, in the background or on demand, and published through
 * a volatile field that the hot path reads. A failure is logged once at WARN (the numbered source at DEBUG) and is
 * sticky: the entry keeps its fallback, which gives the same results. Thread-safe.
 *
 * <p>Public only because {@link CompiledEntry} (public for {@code dev.kavro.avro}) holds one; its constructor and
 * methods are package-private.
 *
 * @param <T> the generated type ({@code GeneratedReader} or {@code GeneratedWriter})
 */
public final class CompiledSlot<T> {
  private static final Logger LOG = LoggerFactory.getLogger(CompiledSlot.class);

  private final CompileService service;
  private final Object key;
  private final String what;
  private final Callable<GeneratedSource> generator;
  /** Why this slot never compiles, or {@code null} when it can. */
  private final String unavailable;
  private final AtomicReference<CompletableFuture<T>> compilation = new AtomicReference<>();
  private volatile T compiled;

  /**
   * @param what "reader" or "writer", for messages
   * @param generator checks the limits and generates the source; runs on the compiling thread
   */
  CompiledSlot(CompileService service, Object key, String what, Callable<GeneratedSource> generator) {
    this(service, key, what, generator, null);
  }

  private CompiledSlot(CompileService service, Object key, String what, Callable<GeneratedSource> generator,
      String unavailable) {
    this.service = service;
    this.key = key;
    this.what = what;
    this.generator = generator;
    this.unavailable = unavailable;
  }

  /** A slot that never compiles (the entry reads or writes with vanilla Avro); {@code why} says why, when asked. */
  static <T> CompiledSlot<T> unavailable(String what, String why) {
    return new CompiledSlot<>(null, null, what, null, why);
  }

  /** The compiled instance, or {@code null} while there is none. */
  T get() {
    return compiled;
  }

  /** Whether a compilation was started. */
  boolean isStarted() {
    return compilation.get() != null;
  }

  /** Starts compiling in the background, once; returns at once. */
  void compileAsync() {
    if (unavailable != null || compilation.get() != null) {
      return;
    }
    CompletableFuture<T> future = new CompletableFuture<>();
    if (compilation.compareAndSet(null, future) && !service.submit(() -> compileInto(future), key)) {
      compilation.set(null);
    }
  }

  /**
   * Compiles now in the calling thread, or waits for a compilation already under way. A schema beyond the code
   * generator's limits is not compiled and does not throw: the fallback serves it (logged once at WARN).
   *
   * @throws AvroRuntimeException if compilation fails
   */
  void compileNow() {
    if (unavailable != null) {
      throw new AvroRuntimeException("Kavro does not compile this " + what + ": " + unavailable);
    }
    CompletableFuture<T> future = new CompletableFuture<>();
    if (compilation.compareAndSet(null, future)) {
      compileInto(future);
    } else {
      future = compilation.get();
    }
    try {
      future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AvroRuntimeException("Interrupted while compiling a Kavro " + what);
    } catch (ExecutionException e) {
      if (e.getCause() instanceof CodegenLimitException) {
        return;
      }
      throw new AvroRuntimeException("Kavro " + what + " compilation failed for " + key + ": " + e.getCause(),
          e.getCause());
    }
  }

  /** Waits up to {@code timeout} for compiled code; whether there is some. */
  boolean await(Duration timeout) {
    CompletableFuture<T> future = compilation.get();
    if (future != null) {
      try {
        future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      } catch (ExecutionException | TimeoutException e) {
        // Not compiled (yet): the answer below says so.
      }
    }
    return compiled != null;
  }

  @SuppressWarnings("unchecked")
  private void compileInto(CompletableFuture<T> future) {
    long start = System.nanoTime();
    SourceLegend.Generated generated = null;
    try {
      generated = SourceLegend.generate(generator);
      T instance = (T) service.instantiate(generated.source());
      compiled = instance;
      service.compiles.increment();
      generated.logCompiled(LOG, what, key, System.nanoTime() - start);
      future.complete(instance);
    } catch (CodegenLimitException e) {
      service.compileFailures.increment();
      LOG.warn("Kavro does not compile a {} for {}: {}; the fallback, which gives the same results, serves it in "
          + "every compile mode", what, key, e.getMessage());
      future.completeExceptionally(e);
    } catch (Exception | LinkageError e) {
      service.compileFailures.increment();
      LOG.warn("Kavro could not compile a {} for {}; it stays on the fallback, which gives the same results: {}",
          what, key, e.toString());
      if (generated != null && LOG.isDebugEnabled()) {
        LOG.debug("Source of the failed Kavro {} {}:\n{}Legend (not part of the compiled source):\n{}", what,
            generated.source().className(), generated.source().numberedSource(), generated.legendText());
      }
      future.completeExceptionally(e);
    } finally {
      service.compileNanos.add(System.nanoTime() - start);
    }
  }
}
