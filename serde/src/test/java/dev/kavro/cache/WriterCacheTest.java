package dev.kavro.cache;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.kavro.codegen.JaninoCompiler;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import javax.management.ObjectName;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.util.RandomData;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

class WriterCacheTest {
  private static final String JSON = """
      {"type":"record","name":"R","fields":[
        {"name":"id","type":"long"},
        {"name":"tags","type":{"type":"array","items":"string"}},
        {"name":"next","type":["null","R"]}
      ]}""";
  private static final Schema SCHEMA = new Schema.Parser().parse(JSON);

  private final Logger entryLog = (Logger) LoggerFactory.getLogger(CompiledSlot.class);
  private final ListAppender<ILoggingEvent> logs = new ListAppender<>();

  @BeforeEach
  void captureLogs() {
    logs.start();
    entryLog.addAppender(logs);
  }

  @AfterEach
  void releaseLogs() {
    entryLog.detachAppender(logs);
  }

  @Test
  void failedCompileKeepsVanillaWriterAndWarnsExactlyOnce() throws IOException {
    AtomicInteger attempts = new AtomicInteger();
    WriterCache cache = WriterCache.withCompiler(source -> {
      attempts.incrementAndGet();
      throw new IllegalStateException("injected compile failure");
    });
    WriterEntry entry = cache.entry(SCHEMA, GenericData.get());
    entry.compileAsync();
    assertFalse(entry.awaitCompiled(Duration.ofSeconds(30)));
    entry.compileAsync();
    assertThrows(AvroRuntimeException.class, entry::compileNow);
    assertFalse(entry.awaitCompiled(Duration.ofSeconds(1)));

    int written = 0;
    for (Object datum : new RandomData(SCHEMA, 20, 4L)) {
      assertArrayEquals(vanillaBytes(datum), bytes(entry, datum));
      written++;
    }
    assertEquals(1, attempts.get(), "a failure is sticky: no second attempt");
    assertEquals(1, logs.list.stream().filter(e -> e.getLevel() == Level.WARN).count());
    assertEquals(1, cache.getCompileFailures());
    assertEquals(0, cache.getCompiles());
    assertEquals(written, cache.getFallbackWrites());
    assertEquals(0, cache.getCompiledWrites());
  }

  @Test
  void asyncCompileSwapsToCompiledCode() throws IOException {
    WriterCache cache = WriterCache.withCompiler(new JaninoCompiler(getClass().getClassLoader()));
    WriterEntry entry = cache.entry(SCHEMA, GenericData.get());
    entry.compileAsync();
    assertTrue(entry.awaitCompiled(Duration.ofSeconds(30)));
    for (Object datum : new RandomData(SCHEMA, 10, 5L)) {
      assertArrayEquals(vanillaBytes(datum), bytes(entry, datum));
    }
    assertEquals(1, cache.getCompiles());
    assertEquals(10, cache.getCompiledWrites());
    assertEquals(0, cache.getFallbackWrites());
    assertTrue(logs.list.isEmpty());
  }

  @Test
  void entriesAreSharedPerSchemaTextAndModelInstance() {
    WriterCache cache = WriterCache.withCompiler(source -> {
      throw new AssertionError("not compiled in this test");
    });
    WriterEntry entry = cache.entry(SCHEMA, GenericData.get());
    assertSame(entry, cache.entry(new Schema.Parser().parse(JSON), GenericData.get()));
    assertNotSame(entry, cache.entry(SCHEMA, new GenericData()));
    Schema withDoc = new Schema.Parser().parse(JSON.replace("\"name\":\"R\",", "\"name\":\"R\",\"doc\":\"d\","));
    assertNotSame(entry, cache.entry(withDoc, GenericData.get()));
    assertEquals(3, cache.getCacheSize());
  }

  @Test
  void schemasBeyondTheLimitsStayOnVanillaAvroEvenInCompiledModeWithOneWarning() throws IOException {
    WriterCache cache = new WriterCache(10, Duration.ofMinutes(1), 1,
        new JaninoCompiler(getClass().getClassLoader()), new CodegenLimits(2, 64));
    WriterEntry entry = cache.entry(SCHEMA, GenericData.get());
    entry.compileNow(); // what CompileMode.COMPILED does: no exception
    entry.compileNow();
    assertFalse(entry.isCompiled());
    assertEquals(1, logs.list.stream().filter(e -> e.getLevel() == Level.WARN).count());
    Object datum = new RandomData(SCHEMA, 1, 6L).iterator().next();
    assertArrayEquals(vanillaBytes(datum), bytes(entry, datum));
  }

  @Test
  void modelsOtherThanGenericAndSpecificAreWrittenByVanillaAvro() throws IOException {
    WriterCache cache = WriterCache.withCompiler(new JaninoCompiler(getClass().getClassLoader()));
    WriterEntry entry = cache.entry(SCHEMA, ReflectData.get());
    entry.compileAsync();
    assertFalse(entry.awaitCompiled(Duration.ofSeconds(1)));
    assertThrows(AvroRuntimeException.class, entry::compileNow);
    Object datum = new RandomData(SCHEMA, 1, 8L).iterator().next();
    assertArrayEquals(vanillaBytes(datum), bytes(entry, datum));
  }

  @Test
  void sharedCacheIsVisibleThroughJmx() throws Exception {
    WriterCache.shared();
    assertTrue(ManagementFactory.getPlatformMBeanServer().isRegistered(new ObjectName("dev.kavro:type=WriterCache")));
  }

  private static byte[] vanillaBytes(Object datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(SCHEMA).write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  private static byte[] bytes(WriterEntry entry, Object datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    entry.write(datum, encoder, true);
    encoder.flush();
    return out.toByteArray();
  }
}
