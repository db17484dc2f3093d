package dev.kavro.cache;

import dev.kavro.codegen.GeneratedSource;
import dev.kavro.codegen.ReaderGenerator;
import dev.kavro.fallback.PlanInterpreter;
import dev.kavro.plan.ReadPlan;
import dev.kavro.runtime.GeneratedReader;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The reader for one (writer, reader, model) key: the plan's fallback, and compiled code once it is ready.
 *
 * <p>Compilation happens at most once per entry. A failure is logged once at WARN (with the numbered source at
 * DEBUG) and is sticky: the entry keeps serving the fallback, which gives the same results. Thread-safe.
 */
public final class ReaderEntry {
  private static final Logger LOG = LoggerFactory.getLogger(ReaderEntry.class);

  private final ReaderCache cache;
  private final ReaderKey key;
  private final ReadPlan plan;
  private final GenericData model;
  private final DatumReader<Object> fallback;
  private final String unsupported;
  private final AtomicReference<CompletableFuture<GeneratedReader>> compilation = new AtomicReference<>();
  private volatile GeneratedReader compiled;

  private ReaderEntry(ReaderCache cache, ReaderKey key, ReadPlan plan, GenericData model,
      DatumReader<Object> fallback, String unsupported) {
    this.cache = cache;
    this.key = key;
    this.plan = plan;
    this.model = model;
    this.fallback = fallback;
    this.unsupported = unsupported;
  }

  static ReaderEntry planned(ReaderCache cache, ReaderKey key, ReadPlan plan, GenericData model) {
    PlanInterpreter interpreter = new PlanInterpreter(plan, model);
    return new ReaderEntry(cache, key, plan, model, new InterpreterReader(interpreter), null);
  }

  /** An entry for a pair Kavro does not plan: vanilla Avro reads it, and it never compiles. */
  static ReaderEntry vanilla(ReaderCache cache, ReaderKey key, DatumReader<Object> vanilla, String reason) {
    return new ReaderEntry(cache, key, null, null, vanilla, reason);
  }

  /**
   * Reads one datum, through compiled code when it is ready and {@code allowCompiled}.
   *
   * @throws IOException when the input ends early or is malformed
   */
  public Object read(Object reuse, Decoder in, boolean allowCompiled) throws IOException {
    if (allowCompiled) {
      GeneratedReader code = compiled;
      if (code != null) {
        cache.compiledReads.increment();
        return code.read(reuse, in);
      }
    }
    cache.fallbackReads.increment();
    return fallback.read(reuse, in);
  }

  public boolean isCompiled() {
    return compiled != null;
  }

  /** The class loader of the compiled class, or {@code null}; // visible for testing (unloading) */
  ClassLoader compiledClassLoader() {
    GeneratedReader code = compiled;
    return code == null ? null : code.getClass().getClassLoader();
  }

  /** Starts compiling in the background, once; returns at once. */
  public void compileAsync() {
    if (plan == null || compilation.get() != null) {
      return;
    }
    CompletableFuture<GeneratedReader> future = new CompletableFuture<>();
    if (compilation.compareAndSet(null, future)) {
      try {
        cache.executor().execute(() -> compileInto(future));
      } catch (RejectedExecutionException e) {
        cache.queueFull(key);
        compilation.set(null);
        future.completeExceptionally(e);
      }
    }
  }

  /**
   * Compiles now in the calling thread (or waits for a compilation already under way).
   *
   * @throws AvroRuntimeException if the pair cannot be compiled
   */
  public void compileNow() {
    if (plan == null) {
      throw new AvroRuntimeException("Kavro does not compile this pair: " + unsupported);
    }
    CompletableFuture<GeneratedReader> future = new CompletableFuture<>();
    if (compilation.compareAndSet(null, future)) {
      compileInto(future);
    } else {
      future = compilation.get();
    }
    try {
      future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AvroRuntimeException("Interrupted while compiling a Kavro reader");
    } catch (ExecutionException e) {
      throw new AvroRuntimeException("Kavro reader compilation failed for " + key + ": " + e.getCause(), e.getCause());
    }
  }

  /** Waits up to {@code timeout} for compiled code; whether it is in use. */
  public boolean awaitCompiled(Duration timeout) {
    CompletableFuture<GeneratedReader> future = compilation.get();
    if (future == null) {
      return isCompiled();
    }
    try {
      future.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    } catch (ExecutionException | TimeoutException e) {
      return isCompiled();
    }
    return isCompiled();
  }

  private void compileInto(CompletableFuture<GeneratedReader> future) {
    long start = System.nanoTime();
    GeneratedSource source = null;
    try {
      cache.limits().check(plan);
      source = ReaderGenerator.generate(plan, model);
      Class<?> type = cache.compiler().compile(source);
      GeneratedReader reader =
          (GeneratedReader) type.getConstructor(Object[].class).newInstance((Object) source.constants());
      compiled = reader;
      cache.compiles.increment();
      future.complete(reader);
    } catch (Exception | LinkageError e) {
      cache.compileFailures.increment();
      LOG.warn("Kavro could not compile a reader for {}; it stays on the fallback, which gives the same results: {}",
          key, e.toString());
      if (source != null && LOG.isDebugEnabled()) {
        LOG.debug("Source of the failed Kavro reader {}:\n{}", source.className(), source.numberedSource());
      }
      future.completeExceptionally(e);
    } finally {
      cache.compileNanos.add(System.nanoTime() - start);
    }
  }

  /** Adapts the interpreter to Avro's reader interface. */
  private record InterpreterReader(PlanInterpreter interpreter) implements DatumReader<Object> {
    @Override
    public void setSchema(org.apache.avro.Schema schema) {
      throw new UnsupportedOperationException();
    }

    @Override
    public Object read(Object reuse, Decoder in) throws IOException {
      return interpreter.read(reuse, in);
    }
  }
}
