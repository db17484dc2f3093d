package dev.kavro.connect;

import dev.kavro.cache.CompiledEntry;
import dev.kavro.cache.CompiledSlot;
import dev.kavro.runtime.GeneratedWriter;
import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * One compiled Connect writer and its fallback, the node tree, which writes the same bytes until the code is ready,
 * or for good when compilation fails (logged once, sticky). Thread-safe.
 */
final class ConnectWriterEntry extends CompiledEntry<GeneratedWriter> implements ConnectEncoder {
  private final ConnectEncoder fallback;

  ConnectWriterEntry(ConnectEncoder fallback, CompiledSlot<GeneratedWriter> compiled) {
    super(compiled);
    this.fallback = fallback;
  }

  @Override
  public void encode(Object value, Encoder out) throws IOException {
    GeneratedWriter code = compiledCode();
    if (code != null) {
      code.write(value, out);
    } else {
      fallback.encode(value, out);
    }
  }

  ConnectEncoder fallback() {
    return fallback;
  }

}
