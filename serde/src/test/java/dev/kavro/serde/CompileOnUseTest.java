package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.concat;
import static dev.kavro.serde.Fixtures.prefix;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.cache.CacheInspector;
import dev.kavro.cache.ReaderCache;
import dev.kavro.cache.ReaderEntry;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.testing.AvroBytes;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.List;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Metaspace is bounded by the cache: async readers compile a pair only after {@code kavro.compile.threshold} reads,
 * and nothing outside the cache (the deserializer's id table included) keeps a compiled class loaded once the cache
 * evicts it.
 */
class CompileOnUseTest {
  @AfterEach
  void restoreThreshold() {
    ReaderCache.shared().setCompileThreshold(ReaderCache.DEFAULT_COMPILE_THRESHOLD);
  }

  @Test
  void asyncCompilesAPairOnlyAfterTheThresholdAndNeverWaits() {
    Schema schema = uniqueSchema();
    MockSchemaRegistry registry = new MockSchemaRegistry();
    int id = registry.register("t-value", schema.toString(), List.of(), false);
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "kavro.compile.threshold", 20);
    byte[] framed = concat(prefix(id), AvroBytes.encode(schema, record(schema, 7)));
    for (int i = 0; i < 19; i++) {
      assertEquals(7, ((GenericRecord) deserializer.deserialize("t", framed)).get("n"));
    }
    ReaderEntry entry = ReaderCache.shared().entry(schema, schema, GenericData.get());
    assertFalse(entry.isCompileStarted(), "compiled before the threshold");
    for (int i = 0; i < 5; i++) {
      assertEquals(7, ((GenericRecord) deserializer.deserialize("t", framed)).get("n"));
    }
    assertTrue(entry.isCompileStarted());
    assertTrue(entry.awaitCompiled(Duration.ofSeconds(60)));
  }

  @Test
  void theDeserializerDoesNotPinCompiledClassesTheCacheEvicted() {
    Schema schema = uniqueSchema();
    MockSchemaRegistry registry = new MockSchemaRegistry();
    int id = registry.register("t-value", schema.toString(), List.of(), false);
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "kavro.reader.mode", "compiled");
    byte[] framed = concat(prefix(id), AvroBytes.encode(schema, record(schema, 3)));
    assertEquals(3, ((GenericRecord) deserializer.deserialize("t", framed)).get("n"));
    WeakReference<ClassLoader> loader = new WeakReference<>(CacheInspector.compiledClassLoader(
        ReaderCache.shared().entry(schema, schema, GenericData.get())));
    assertNotNull(loader.get());

    ReaderCache.shared().invalidateAll();
    CacheInspector.collect(loader);
    assertNull(loader.get(), "the deserializer keeps an evicted compiled class loaded");
    // The deserializer is still open and reads on, building its reader again.
    assertEquals(3, ((GenericRecord) deserializer.deserialize("t", framed)).get("n"));
    deserializer.close();
  }

  private static Schema uniqueSchema() {
    return new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"R\",\"namespace\":\"n"
        + UUID.randomUUID().toString().replace("-", "") + "\",\"fields\":[{\"name\":\"n\",\"type\":\"int\"}]}");
  }

  private static GenericRecord record(Schema schema, int n) {
    GenericRecord r = new GenericData.Record(schema);
    r.put("n", n);
    return r;
  }
}
