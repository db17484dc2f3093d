package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.*;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import dev.kavro.avro.ReaderMode;
import dev.kavro.cache.CompiledSlot;
import dev.kavro.codegen.GeneratedSource;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.runtime.ByteArrayEncoder;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.Schema;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

/**
 * The compiled Connect writer: served per mode, equal bytes to the generic path and the node tree, and the node tree
 * for good (one WARN) when compilation fails. The differential tests in {@link ConnectFastPathTest} run through it in
 * every mode as well.
 */
class ConnectWriterCacheTest {
  private static byte[] encode(ConnectEncoder encoder, Object value) throws IOException {
    ByteArrayEncoder out = new ByteArrayEncoder();
    encoder.encode(value, out);
    return out.toByteArray();
  }

  @Test
  void compiledWritersWriteTheGenericPathsBytesForEveryFixture() throws IOException {
    AvroDataSettings settings = AvroDataSettings.DEFAULTS;
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter generic = converter(false, Map.of(), KavroConverter.Paths.GENERIC, registry);
    for (Schema schema : List.of(ConnectFastPathTest.UNIONS, DirectDecoderTest.RICH, ConnectFastPathTest.FLAT)) {
      int id = registry.register("c-value", schema, false);
      RandomAvro random = new RandomAvro(schema.getFullName().hashCode() + 1);
      // The generic read side keeps one Connect schema per id: every value below is of this instance.
      org.apache.kafka.connect.data.Schema connect =
          generic.toConnectData("c", confluentBytes(id, schema, random.value(schema))).schema();
      Schema avro = ConnectToAvroSchema.convert(connect, settings);
      ConnectEncoder compiled = ConnectWriterCache.shared().encoder(connect, avro, settings, ReaderMode.COMPILED);
      assertTrue(((ConnectWriterEntry) compiled).isCompiled(), schema.getFullName());
      ConnectEncoder tree = ConnectWriterCache.shared().encoder(connect, avro, settings, ReaderMode.FALLBACK);
      assertInstanceOf(DirectEncoder.class, tree);
      ConnectEncoder reference = new GenericPathEncoder(connect, avro, settings, ReaderMode.FALLBACK);
      for (int i = 0; i < 40; i++) {
        SchemaAndValue value = generic.toConnectData("c", confluentBytes(id, schema, random.value(schema)));
        assertEquals(connect, value.schema());
        byte[] expected = encode(reference, value.value());
        assertArrayEquals(expected, encode(compiled, value.value()));
        assertArrayEquals(expected, encode(tree, value.value()));
      }
    }
    Schema avro = ConnectToAvroSchema.convert(EVERYTHING, settings);
    ConnectEncoder compiled = ConnectWriterCache.shared().encoder(EVERYTHING, avro, settings, ReaderMode.COMPILED);
    assertTrue(((ConnectWriterEntry) compiled).isCompiled());
    ConnectEncoder reference = new GenericPathEncoder(EVERYTHING, avro, settings, ReaderMode.FALLBACK);
    for (int seed = 0; seed < 30; seed++) {
      assertArrayEquals(encode(reference, everything(seed)), encode(compiled, everything(seed)));
    }
  }

  @Test
  void compiledWritersFailAsTheNodeTreeFails() {
    AvroDataSettings settings = AvroDataSettings.DEFAULTS;
    Schema avro = ConnectToAvroSchema.convert(EVERYTHING, settings);
    ConnectEncoder compiled = ConnectWriterCache.shared().encoder(EVERYTHING, avro, settings, ReaderMode.COMPILED);
    ConnectEncoder tree = ConnectWriterCache.shared().encoder(EVERYTHING, avro, settings, ReaderMode.FALLBACK);
    Struct half = new Struct(EVERYTHING);
    Struct full = everything(5);
    for (Field f : EVERYTHING.fields()) {
      if (!f.name().equals("text")) {
        half.put(f, full.get(f));
      }
    }
    DataException expected = assertThrows(DataException.class, () -> encode(tree, half));
    DataException actual = assertThrows(DataException.class, () -> encode(compiled, half));
    assertEquals(expected.getMessage(), actual.getMessage());
    assertTrue(actual.getMessage().contains("text"), actual.getMessage());
  }

  @Test
  void generatedSourceHoldsNoSchemaText() {
    AvroDataSettings settings = AvroDataSettings.DEFAULTS;
    GeneratedSource source = ConnectWriterGenerator.generate(EVERYTHING, ConnectToAvroSchema.convert(EVERYTHING,
        settings), settings);
    for (Field f : EVERYTHING.fields()) {
      assertFalse(source.source().contains("\"" + f.name() + "\""), f.name());
    }
    assertFalse(source.source().contains("com.acme"));
    assertFalse(source.source().contains("->"), "no lambdas in Janino's subset");
  }

  @Test
  void compileFailureKeepsTheNodeTreeAndWarnsOnce() throws InterruptedException {
    AtomicInteger attempts = new AtomicInteger();
    ConnectWriterCache failing = ConnectWriterCache.withCompiler(source -> {
      attempts.incrementAndGet();
      throw new IllegalStateException("injected compiler failure");
    });
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter direct = new KavroConverter(registry, KavroConverter.Paths.DIRECT.decoders, failing::encoder);
    direct.configure(Map.of("kavro.reader.mode", "async"), false);
    KavroConverter generic = converter(false, Map.of(), KavroConverter.Paths.GENERIC, registry);
    Logger logger = (Logger) LoggerFactory.getLogger(CompiledSlot.class);
    ListAppender<ILoggingEvent> appender = new ListAppender<>();
    appender.start();
    logger.addAppender(appender);
    try {
      for (int i = 0; i < 20; i++) {
        Struct value = everything(i);
        assertArrayEquals(generic.fromConnectData("f", EVERYTHING, value),
            direct.fromConnectData("f", EVERYTHING, value));
        if (i == 0) {
          // The background compilation fails; wait for it (bounded), then keep writing on the fallback.
          long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
          while (appender.list.isEmpty() && System.nanoTime() < deadline) {
            Thread.sleep(10);
          }
        }
      }
    } finally {
      logger.detachAppender(appender);
    }
    assertEquals(1, attempts.get());
    List<ILoggingEvent> warnings = appender.list.stream().filter(e -> e.getLevel() == Level.WARN).toList();
    assertEquals(1, warnings.size());
    assertTrue(warnings.get(0).getFormattedMessage().contains("Connect writer"));
  }

  @Test
  void compiledModeFailsWhenCompilationFails() {
    ConnectWriterCache failing = ConnectWriterCache.withCompiler(source -> {
      throw new IllegalStateException("injected compiler failure");
    });
    MockSchemaRegistry registry = freshRegistry();
    KavroConverter direct = new KavroConverter(registry, KavroConverter.Paths.DIRECT.decoders, failing::encoder);
    direct.configure(Map.of("kavro.reader.mode", "compiled"), false);
    DataException e = assertThrows(DataException.class, () -> direct.fromConnectData("f", EVERYTHING, everything(1)));
    assertTrue(String.valueOf(e.getCause()).contains("injected compiler failure"), String.valueOf(e.getCause()));
  }
}
