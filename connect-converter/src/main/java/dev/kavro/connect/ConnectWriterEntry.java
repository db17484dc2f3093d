package dev.kavro.connect;

import dev.kavro.cache.CompiledSlot;
import dev.kavro.runtime.GeneratedWriter;
import java.io.IOException;
import java.time.Duration;
import org.apache.avro.io.Encoder;

/**
 * One compiled Connect writer and its fallback, the node tree, which writes the same bytes until the code is ready,
 * or for good when compilation fails (logged once, sticky). Thread-safe.
 */
final class ConnectWriterEntry implements ConnectEncoder {
  private final ConnectEncoder fallback;
  private final CompiledSlot<GeneratedWriter> compiled;

  ConnectWriterEntry(ConnectEncoder fallback, CompiledSlot<GeneratedWriter> compiled) {
    this.fallback = fallback;
    this.compiled = compiled;
  }

  @Override
  public void encode(Object value, Encoder out) throws IOException {
    GeneratedWriter code = compiled.get();
    if (code != null) {
      code.write(value, out);
    } else {
      fallback.encode(value, out);
    }
  }

  ConnectEncoder fallback() {
    return fallback;
  }

  boolean isCompiled() {
    return compiled.get() != null;
  }

  void compileAsync() {
    compiled.compileAsync();
  }

  /** @throws org.apache.avro.AvroRuntimeException if compilation fails */
  void compileNow() {
    compiled.compileNow();
  }

  boolean awaitCompiled(Duration timeout) {
    return compiled.await(timeout);
  }
}
