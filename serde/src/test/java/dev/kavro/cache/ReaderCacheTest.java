package dev.kavro.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import dev.kavro.codegen.JaninoCompiler;
import dev.kavro.testing.AvroBytes;
import dev.kavro.testing.LogCapture;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.ObjectName;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.RandomData;
import org.junit.jupiter.api.Test;

class ReaderCacheTest {
  private static final Schema SCHEMA = AvroBytes.schema("organization");

  @Test
  void compileFailureKeepsCorrectFallbackAndWarnsOnce() throws IOException {
    AtomicInteger attempts = new AtomicInteger();
    ReaderCache cache = ReaderCache.withCompiler(source -> {
      attempts.incrementAndGet();
      throw new LinkageError("injected");
    });
    try (LogCapture log = new LogCapture(CompiledSlot.class)) {
      ReaderEntry entry = cache.entry(SCHEMA, SCHEMA, GenericData.get());
      entry.compileAsync();
      assertFalse(entry.awaitCompiled(Duration.ofSeconds(30)));
      entry.compileAsync(); // sticky: no second attempt
      cache.entry(SCHEMA, SCHEMA, GenericData.get()).compileAsync();
      for (Object datum : new RandomData(SCHEMA, 20, 7L)) {
        byte[] bytes = AvroBytes.encode(SCHEMA, datum);
        assertEquals(AvroBytes.decodeVanilla(SCHEMA, SCHEMA, bytes), entry.read(null, AvroBytes.decoder(bytes), true));
      }
      assertEquals(1, attempts.get());
      assertEquals(1, log.at(Level.WARN).size());
      assertEquals(1, cache.getCompileFailures());
      assertEquals(20, cache.getFallbackReads());
      assertEquals(0, cache.getCompiledReads());
    }
  }

  @Test
  void compiledModeThrowsWhenCompilationFails() {
    ReaderCache cache = ReaderCache.withCompiler(source -> {
      throw new IllegalStateException("injected");
    });
    ReaderEntry entry = cache.entry(SCHEMA, SCHEMA, GenericData.get());
    AvroRuntimeException e = assertThrows(AvroRuntimeException.class, entry::compileNow);
    assertTrue(e.getMessage().contains("injected"), e.getMessage());
  }

  @Test
  void compiledModeServesTheFallbackBeyondTheLimitsWithOneWarning() throws IOException {
    ReaderCache cache = new ReaderCache(10, Duration.ofMinutes(1), 1,
        new JaninoCompiler(getClass().getClassLoader()), new CodegenLimits(2, 64));
    try (LogCapture log = new LogCapture(CompiledSlot.class)) {
      ReaderEntry entry = cache.entry(SCHEMA, SCHEMA, GenericData.get());
      entry.compileNow(); // what CompileMode.COMPILED does when a reader is created: no exception
      entry.compileNow(); // a second reader of the same pair
      assertFalse(entry.isCompiled());
      for (Object datum : new RandomData(SCHEMA, 5, 9L)) {
        byte[] bytes = AvroBytes.encode(SCHEMA, datum);
        assertEquals(AvroBytes.decodeVanilla(SCHEMA, SCHEMA, bytes), entry.read(null, AvroBytes.decoder(bytes), true));
      }
      assertEquals(1, log.at(Level.WARN).size(), () -> log.warnings().toString());
      assertTrue(log.warnings().get(0).contains("fields; not compiled"), log.warnings()::toString);
      assertEquals(5, cache.getFallbackReads());
    }
  }

  @Test
  void samePairSharesOneEntryAndOneCompilation() {
    ReaderCache cache = ReaderCache.withCompiler(new JaninoCompiler(getClass().getClassLoader()));
    Schema reparsed = new Schema.Parser().parse(SCHEMA.toString());
    ReaderEntry first = cache.entry(SCHEMA, SCHEMA, GenericData.get());
    assertSame(first, cache.entry(reparsed, reparsed, GenericData.get()));
    first.compileNow();
    cache.entry(reparsed, reparsed, GenericData.get()).compileNow();
    assertEquals(1, cache.getCompiles());
  }

  @Test
  void differentModelsGetDifferentEntries() {
    ReaderCache cache = ReaderCache.withCompiler(new JaninoCompiler(getClass().getClassLoader()));
    assertFalse(cache.entry(SCHEMA, SCHEMA, GenericData.get()) == cache.entry(SCHEMA, SCHEMA, new GenericData()));
  }

  @Test
  void evictedCompiledReaderClassCanUnload() {
    ReaderCache cache = ReaderCache.withCompiler(new JaninoCompiler(getClass().getClassLoader()));
    WeakReference<ClassLoader> loader = compileAndForget(cache);
    cache.invalidateAll();
    CacheInspector.collect(loader);
    assertNull(loader.get(), "the generated class loader is still reachable after eviction");
  }

  private static WeakReference<ClassLoader> compileAndForget(ReaderCache cache) {
    ReaderEntry entry = cache.entry(SCHEMA, SCHEMA, GenericData.get());
    entry.compileNow();
    assertTrue(entry.isCompiled());
    return new WeakReference<>(entry.compiledClassLoader());
  }

  @Test
  void sharedCacheIsVisibleThroughJmx() throws Exception {
    ReaderCache.shared().entry(SCHEMA, SCHEMA, GenericData.get());
    Object size = ManagementFactory.getPlatformMBeanServer()
        .getAttribute(new ObjectName("dev.kavro:type=ReaderCache"), "CacheSize");
    assertTrue(((Long) size) >= 1, "cache size " + size);
  }
}
