package dev.kavro.connect;

import dev.kavro.cache.CompiledSlot;
import dev.kavro.runtime.GeneratedReader;
import java.io.IOException;
import java.time.Duration;
import org.apache.avro.io.Decoder;

/**
 * One compiled Connect reader and its fallback, the node tree, which gives equal results until the code is ready, or
 * for good when compilation fails (logged once, sticky). Thread-safe.
 */
final class ConnectReaderEntry implements ConnectDecoder {
  private final DirectDecoder fallback;
  private final CompiledSlot<GeneratedReader> compiled;

  ConnectReaderEntry(DirectDecoder fallback, CompiledSlot<GeneratedReader> compiled) {
    this.fallback = fallback;
    this.compiled = compiled;
  }

  @Override
  public Object decode(Decoder in) throws IOException {
    GeneratedReader code = compiled.get();
    return code != null ? code.read(null, in) : fallback.decode(in);
  }

  DirectDecoder fallback() {
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
