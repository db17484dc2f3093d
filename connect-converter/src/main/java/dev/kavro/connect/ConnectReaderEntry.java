package dev.kavro.connect;

import dev.kavro.cache.CompiledEntry;
import dev.kavro.cache.CompiledSlot;
import dev.kavro.runtime.GeneratedReader;
import java.io.IOException;
import org.apache.avro.io.Decoder;

/**
 * One compiled Connect reader and its fallback, the node tree, which gives equal results until the code is ready, or
 * for good when compilation fails (logged once, sticky). Thread-safe.
 */
final class ConnectReaderEntry extends CompiledEntry<GeneratedReader> implements ConnectDecoder {
  private final DirectDecoder fallback;

  ConnectReaderEntry(DirectDecoder fallback, CompiledSlot<GeneratedReader> compiled) {
    super(compiled);
    this.fallback = fallback;
  }

  @Override
  public Object decode(Decoder in) throws IOException {
    GeneratedReader code = compiledCode();
    return code != null ? code.read(null, in) : fallback.decode(in);
  }

  DirectDecoder fallback() {
    return fallback;
  }

}
