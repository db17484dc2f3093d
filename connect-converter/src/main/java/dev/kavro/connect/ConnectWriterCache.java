package dev.kavro.connect;

import dev.kavro.avro.ReaderMode;
import dev.kavro.cache.CompilingCache;
import dev.kavro.codegen.ClassCompiler;
import dev.kavro.codegen.JaninoCompiler;
import dev.kavro.connect.data.AvroDataSettings;
import java.time.Duration;
import org.apache.avro.Schema;

/**
 * The compiled Connect writers, one per (Connect schema, Avro schema) by instance, with the core's compile machinery:
 * a bounded cache that evicts idle entries, a small background compiler, Kavro's reader modes (which govern writers
 * too) and its sticky fallback. The converter asks once per Connect schema and keeps the encoder, so the cache is
 * never consulted per record. Thread-safe.
 */
final class ConnectWriterCache extends CompilingCache<ConnectWriterCache.Key, ConnectWriterEntry> {
  private static final int MAX_ENTRIES = 1000;
  private static final Duration IDLE = Duration.ofHours(1);
  private static final ConnectWriterCache SHARED =
      new ConnectWriterCache(new JaninoCompiler(ConnectWriterCache.class.getClassLoader()));

  private ConnectWriterCache(ClassCompiler compiler) {
    super("kavro-compile-connect-writer", MAX_ENTRIES, IDLE, 1, compiler);
  }

  static ConnectWriterCache shared() {
    return SHARED;
  }

  /** A private cache, for tests that inject a compiler. */
  static ConnectWriterCache withCompiler(ClassCompiler compiler) {
    return new ConnectWriterCache(compiler);
  }

  /**
   * The encoder of {@code connect} values as {@code avro}: compiled code per {@code mode} (the node tree until it is
   * ready, or for good in {@link ReaderMode#FALLBACK} and after a failed compilation).
   *
   * @throws org.apache.avro.AvroRuntimeException in {@link ReaderMode#COMPILED} mode when compilation fails
   */
  ConnectEncoder encoder(org.apache.kafka.connect.data.Schema connect, Schema avro, AvroDataSettings settings,
      ReaderMode mode) {
    if (mode == ReaderMode.FALLBACK) {
      return DirectEncoder.create(connect, avro, settings, mode);
    }
    Key key = new Key(connect, avro, settings);
    ConnectWriterEntry entry = entries().get(key, k -> new ConnectWriterEntry(
        DirectEncoder.create(connect, avro, settings, mode), newSlot(k, "Connect writer", () -> {
          checkLimits(avro);
          return ConnectWriterGenerator.generate(connect, avro, settings);
        })));
    if (mode == ReaderMode.COMPILED) {
      entry.compileNow();
    } else {
      entry.compileAsync();
    }
    return entry;
  }

  /** Schemas by instance: the converter holds one Avro schema per Connect schema instance. */
  record Key(org.apache.kafka.connect.data.Schema connect, Schema avro, AvroDataSettings settings) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.connect == connect && k.avro == avro && k.settings.equals(settings);
    }

    @Override
    public int hashCode() {
      return (System.identityHashCode(connect) * 31 + System.identityHashCode(avro)) * 31 + settings.hashCode();
    }

    @Override
    public String toString() {
      return "Connect " + (connect.name() != null ? connect.name() : connect.type()) + " as " + avro.getFullName();
    }
  }
}
