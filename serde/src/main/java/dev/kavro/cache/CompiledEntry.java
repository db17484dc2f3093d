package dev.kavro.cache;

import java.time.Duration;

/**
 * What every cache entry with compiled code offers about that code: whether it is in use, and ways to start or await
 * its compilation. The slot compiles at most once; failures are sticky. Thread-safe.
 *
 * @param <T> the generated type
 */
public abstract class CompiledEntry<T> {
  private final CompiledSlot<T> compiled;

  protected CompiledEntry(CompiledSlot<T> compiled) {
    this.compiled = compiled;
  }

  /** The compiled instance, or {@code null} while there is none (not yet, or never: the fallback serves). */
  protected final T compiledCode() {
    return compiled.get();
  }

  /** Whether compiled code is in use. */
  public boolean isCompiled() {
    return compiled.get() != null;
  }

  /** Whether compilation was started (it may have finished, failed, or still be running). */
  public boolean isCompileStarted() {
    return compiled.isStarted();
  }

  /** Starts compiling in the background, once; returns at once. */
  public void compileAsync() {
    compiled.compileAsync();
  }

  /**
   * Compiles now in the calling thread (or waits for a compilation already under way).
   *
   * @throws org.apache.avro.AvroRuntimeException if the code cannot be compiled
   */
  public void compileNow() {
    compiled.compileNow();
  }

  /** Waits up to {@code timeout} for compiled code; whether it is in use. */
  public boolean awaitCompiled(Duration timeout) {
    return compiled.await(timeout);
  }
}
