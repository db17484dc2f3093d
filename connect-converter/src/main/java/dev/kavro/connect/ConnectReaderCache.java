package dev.kavro.connect;

import dev.kavro.avro.ReaderMode;
import dev.kavro.cache.CompilingCache;
import dev.kavro.codegen.ClassCompiler;
import dev.kavro.codegen.JaninoCompiler;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import java.time.Duration;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * The compiled Connect readers, one per (writer schema, reader schema, target Connect schema) by instance, with the
 * core's compile machinery: a bounded cache that evicts idle entries, a small background compiler, Kavro's reader
 * modes and its sticky fallback. The converter asks once per (schema id, target) and keeps the decoder, so the cache
 * is never consulted per record. Thread-safe.
 */
final class ConnectReaderCache extends CompilingCache<ConnectReaderCache.Key, ConnectReaderEntry> {
  private static final int MAX_ENTRIES = 1000;
  private static final Duration IDLE = Duration.ofHours(1);
  private static final ConnectReaderCache SHARED =
      new ConnectReaderCache(new JaninoCompiler(ConnectReaderCache.class.getClassLoader()));

  private ConnectReaderCache(ClassCompiler compiler) {
    super("kavro-compile-connect-reader", MAX_ENTRIES, IDLE, 1, compiler);
  }

  static ConnectReaderCache shared() {
    return SHARED;
  }

  /** A private cache, for tests that inject a compiler. */
  static ConnectReaderCache withCompiler(ClassCompiler compiler) {
    return new ConnectReaderCache(compiler);
  }

  /**
   * The decoder of {@code writer} read as {@code reader} into {@code connect}: compiled code per {@code mode} (the
   * node tree until it is ready, or for good in {@link ReaderMode#FALLBACK}), or the generic path for shapes the
   * direct paths do not cover.
   *
   * @throws org.apache.avro.AvroRuntimeException in {@link ReaderMode#COMPILED} mode when compilation fails
   */
  ConnectDecoder decoder(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect,
      AvroDataSettings settings, ReaderMode mode) {
    ConnectReaderEntry entry;
    try {
      Key key = new Key(writer, reader, connect, settings);
      entry = entries().getIfPresent(key);
      if (entry == null) {
        ReadPlan plan = PlanBuilder.build(writer, reader, GenericData.get());
        DirectDecoder tree = DirectDecoder.tree(plan, reader, connect, settings);
        if (mode == ReaderMode.FALLBACK) {
          return tree;
        }
        entry = entries().get(key, k -> new ConnectReaderEntry(tree, newSlot(k, "Connect reader", () -> {
          checkLimits(plan);
          return ConnectReaderGenerator.generate(plan, reader, connect, settings);
        })));
      }
    } catch (UnsupportedSchemaException e) {
      return new GenericPathDecoder(writer, reader, connect, settings, mode);
    }
    switch (mode) {
      case ASYNC -> entry.compileAsync();
      case COMPILED -> entry.compileNow();
      case FALLBACK -> {
        return entry.fallback();
      }
    }
    return entry;
  }

  /** Schemas by instance: the converter holds one instance per schema id and per target. */
  record Key(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect, AvroDataSettings settings) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Key k && k.writer == writer && k.reader == reader && k.connect == connect
          && k.settings.equals(settings);
    }

    @Override
    public int hashCode() {
      return ((System.identityHashCode(writer) * 31 + System.identityHashCode(reader)) * 31
          + System.identityHashCode(connect)) * 31 + settings.hashCode();
    }

    @Override
    public String toString() {
      return "writer " + writer.getFullName() + " into Connect " + (connect.name() != null ? connect.name()
          : connect.type());
    }
  }
}
