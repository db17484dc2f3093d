package dev.kavro.cache;

import dev.kavro.codegen.GeneratedSource;
import dev.kavro.codegen.WriterGenerator;
import dev.kavro.runtime.GeneratedWriter;
import java.io.IOException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicReference;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The writer for one (schema, model) key: vanilla Avro's writer, and compiled code once it is ready.
 *
 * <p>Compilation happens at most once per entry. A failure is logged once at WARN (with the numbered source at
 * DEBUG) and is sticky: the entry keeps writing with vanilla Avro, which writes the same bytes. Thread-safe.
 */
public final class WriterEntry {
  private static final Logger LOG = LoggerFactory.getLogger(WriterEntry.class);

  private final WriterCache cache;
  private final WriterKey key;
  private final Schema schema;
  private final GenericData model;
  private final DatumWriter<Object> vanilla;
  private final AtomicReference<CompletableFuture<GeneratedWriter>> compilation = new AtomicReference<>();
  private volatile GeneratedWriter compiled;

  WriterEntry(WriterCache cache, WriterKey key, Schema schema, GenericData model, DatumWriter<Object> vanilla) {
    this.cache = cache;
    this.key = key;
    this.schema = schema;
    this.model = model;
    this.vanilla = vanilla;
  }

  /**
   * Writes one datum, through compiled code when it is ready and {@code allowCompiled}.
   *
   * @throws IOException when the encoder fails
   * @throws RuntimeException where vanilla Avro throws for a datum that does not match the schema (a null in a
   *     non-nullable field, a value of the wrong type, a datum that matches no union branch)
   */
  public void write(Object datum, Encoder out, boolean allowCompiled) throws IOException {
    if (allowCompiled) {
      GeneratedWriter code = compiled;
      if (code != null) {
        cache.compiledWrites.increment();
        code.write(datum, out);
        return;
      }
    }
    cache.fallbackWrites.increment();
    vanilla.write(datum, out);
  }

  public boolean isCompiled() {
    return compiled != null;
  }

  private boolean compilable() {
    return WriterGenerator.supports(model);
  }

  /** Starts compiling in the background, once; returns at once. */
  public void compileAsync() {
    if (!compilable() || compilation.get() != null) {
      return;
    }
    CompletableFuture<GeneratedWriter> future = new CompletableFuture<>();
    if (compilation.compareAndSet(null, future)) {
      try {
        cache.executor().execute(() -> compileInto(future));
      } catch (RejectedExecutionException e) {
        LOG.warn("Kavro compile queue is full; the writer for {} stays on vanilla Avro for now", key);
        compilation.set(null);
        future.completeExceptionally(e);
      }
    }
  }

  /**
   * Compiles now in the calling thread (or waits for a compilation already under way).
   *
   * @throws AvroRuntimeException if the writer cannot be compiled
   */
  public void compileNow() {
    if (!compilable()) {
      throw new AvroRuntimeException("Kavro compiles writers for GenericData and SpecificData only, not "
          + model.getClass().getName());
    }
    CompletableFuture<GeneratedWriter> future = new CompletableFuture<>();
    if (compilation.compareAndSet(null, future)) {
      compileInto(future);
    } else {
      future = compilation.get();
    }
    try {
      future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new AvroRuntimeException("Interrupted while compiling a Kavro writer");
    } catch (ExecutionException e) {
      throw new AvroRuntimeException("Kavro writer compilation failed for " + key + ": " + e.getCause(), e.getCause());
    }
  }

  /** Waits up to {@code timeout} for compiled code; whether it is in use. */
  public boolean awaitCompiled(Duration timeout) {
    CompletableFuture<GeneratedWriter> future = compilation.get();
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

  private void compileInto(CompletableFuture<GeneratedWriter> future) {
    long start = System.nanoTime();
    GeneratedSource source = null;
    try {
      cache.limits().check(schema);
      source = WriterGenerator.generate(schema, model);
      Class<?> type = cache.compiler().compile(source);
      GeneratedWriter writer =
          (GeneratedWriter) type.getConstructor(Object[].class).newInstance((Object) source.constants());
      compiled = writer;
      cache.compiles.increment();
      future.complete(writer);
    } catch (Exception | LinkageError e) {
      cache.compileFailures.increment();
      LOG.warn("Kavro could not compile a writer for {}; it stays on vanilla Avro, which writes the same bytes: {}",
          key, e.toString());
      if (source != null && LOG.isDebugEnabled()) {
        LOG.debug("Source of the failed Kavro writer {}:\n{}", source.className(), source.numberedSource());
      }
      future.completeExceptionally(e);
    } finally {
      cache.compileNanos.add(System.nanoTime() - start);
    }
  }
}
