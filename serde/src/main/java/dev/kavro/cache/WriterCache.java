package dev.kavro.cache;

import dev.kavro.codegen.ClassCompiler;
import dev.kavro.codegen.JaninoCompiler;
import dev.kavro.runtime.WriteSupport;
import java.io.IOException;
import java.time.Duration;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.reflect.ReflectDatumWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The bounded cache of writers, one per (schema, data model), with a small executor that compiles them in the
 * background. Idle and excess entries are evicted; an evicted entry's generated class has its own class loader, so it
 * unloads once no writer refers to it.
 *
 * <p>One shared instance serves the process ({@link #shared()}). Thread-safe. Internal: users reach it through
 * {@code KavroDatumWriter} and the serdes.
 */
public final class WriterCache extends CompilingCache<WriterKey, WriterEntry> implements WriterCacheMXBean {
  private static final Logger LOG = LoggerFactory.getLogger(WriterCache.class);
  public static final int DEFAULT_MAX_ENTRIES = 1000;
  public static final int DEFAULT_COMPILE_THREADS = 1;
  private static final Duration IDLE = Duration.ofHours(1);
  private static final WriterCache SHARED = Jmx.register(new WriterCache(DEFAULT_MAX_ENTRIES, IDLE,
      DEFAULT_COMPILE_THREADS, new JaninoCompiler(WriterCache.class.getClassLoader()), CodegenLimits.DEFAULT),
      "WriterCache");

  final RecordCounter compiledWrites = new RecordCounter();
  final RecordCounter fallbackWrites = new RecordCounter();

  WriterCache(int maxEntries, Duration idle, int compileThreads, ClassCompiler compiler, CodegenLimits limits) {
    super("kavro-compile-writer", maxEntries, idle, compileThreads, compiler, limits);
  }

  /** A private cache, for tests that inject a compiler. */
  static WriterCache withCompiler(ClassCompiler compiler) {
    return new WriterCache(DEFAULT_MAX_ENTRIES, IDLE, DEFAULT_COMPILE_THREADS, compiler, CodegenLimits.DEFAULT);
  }

  /** The process-wide cache. */
  public static WriterCache shared() {
    return SHARED;
  }

  /** The entry for a (schema, model), built on first use with vanilla Avro's writer as its fallback. */
  public WriterEntry entry(Schema schema, GenericData model) {
    WriterKey key = new WriterKey(schema, model);
    return entries.get(key, k -> new WriterEntry(this, k, schema, model, vanilla(schema, model)));
  }

  /**
   * The writer vanilla Avro would use for this model: it is the reference, and the fallback. Fixed values of the
   * wrong size are refused, as compiled writers refuse them ({@link WriteSupport#writeFixed}), where Avro would fail
   * with an index error or write a prefix.
   */
  static DatumWriter<Object> vanilla(Schema schema, GenericData model) {
    if (model instanceof ReflectData reflect) {
      return new ReflectDatumWriter<>(schema, reflect) {
        @Override
        protected void writeFixed(Schema fixed, Object datum, Encoder out) throws IOException {
          if (datum instanceof GenericFixed) {
            WriteSupport.writeFixed(out, datum, fixed);
          } else {
            super.writeFixed(fixed, datum, out);
          }
        }
      };
    }
    if (model instanceof SpecificData specific) {
      return new SpecificDatumWriter<>(schema, specific) {
        @Override
        protected void writeFixed(Schema fixed, Object datum, Encoder out) throws IOException {
          WriteSupport.writeFixed(out, datum, fixed);
        }
      };
    }
    return new GenericDatumWriter<>(schema, model) {
      @Override
      protected void writeFixed(Schema fixed, Object datum, Encoder out) throws IOException {
        WriteSupport.writeFixed(out, datum, fixed);
      }
    };
  }

  @Override
  public long getCompiledWrites() {
    return compiledWrites.sum();
  }

  @Override
  public long getFallbackWrites() {
    return fallbackWrites.sum();
  }
}
