package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.*;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.KavroVersion;
import dev.kavro.cache.RecordCounter;
import dev.kavro.registry.MockSchemaRegistry;
import java.lang.management.ManagementFactory;
import java.util.Map;
import javax.management.MBeanServer;
import javax.management.ObjectName;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.junit.jupiter.api.Test;

/**
 * The converter's caches in JMX, read as monitoring reads them (through the platform MBean server): the core's
 * attributes, records counted on both sides and kept after close, cache sizes of the live converters.
 */
class ConnectCacheStatsTest {
  private static final MBeanServer SERVER = ManagementFactory.getPlatformMBeanServer();
  private static final Schema SCHEMA = new Schema.Parser().parse("""
      {"type":"record","name":"J","fields":[{"name":"a","type":"int"},{"name":"b","type":"string"}]}""");

  private static long attribute(String type, String name) throws Exception {
    return (Long) SERVER.getAttribute(new ObjectName("dev.kavro:type=" + type), name);
  }

  @Test
  void readsAndWritesAreCountedWithTheCoresAttributes() throws Exception {
    ConnectCacheStats.READS.getCacheSize(); // registers both views
    long readsBefore = attribute("ConnectReaderCache", "FallbackReads");
    long writesBefore = attribute("ConnectWriterCache", "FallbackWrites");

    MockSchemaRegistry registry = freshRegistry();
    KavroConverter converter = converter(false, Map.of(), ConverterPaths.INTERPRETER, registry);
    int id = registry.register("j-value", SCHEMA, false);
    GenericData.Record record = new GenericData.Record(SCHEMA);
    record.put("a", 1);
    record.put("b", "x");
    byte[] bytes = confluentBytes(id, SCHEMA, record);
    for (int i = 0; i < 7; i++) {
      SchemaAndValue value = converter.toConnectData("j", bytes);
      if (i < 3) {
        converter.fromConnectData("j-out", value.schema(), value.value());
      }
    }
    assertEquals(readsBefore + 7, attribute("ConnectReaderCache", "FallbackReads"));
    assertEquals(writesBefore + 3, attribute("ConnectWriterCache", "FallbackWrites"));
    // Other tests' converters may be collected meanwhile, so the sizes are checked below on a view of their own.
    assertTrue(attribute("ConnectReaderCache", "CacheSize") >= 1);
    assertTrue(attribute("ConnectWriterCache", "CacheSize") >= 1);
    for (String type : new String[] {"ConnectReaderCache", "ConnectWriterCache"}) {
      assertEquals(0L, attribute(type, type.equals("ConnectReaderCache") ? "CompiledReads" : "CompiledWrites"));
      assertEquals(0L, attribute(type, "Compiles"));
      assertEquals(0L, attribute(type, "CompileFailures"));
      assertEquals(0L, attribute(type, "CompileTimeMillis"));
      assertEquals(KavroVersion.get(), SERVER.getAttribute(new ObjectName("dev.kavro:type=" + type), "Version"));
    }

    converter.close();
    assertEquals(readsBefore + 7, attribute("ConnectReaderCache", "FallbackReads"), "closed: reads stay counted");
    assertEquals(writesBefore + 3, attribute("ConnectWriterCache", "FallbackWrites"));
    converter.close();
    assertEquals(readsBefore + 7, attribute("ConnectReaderCache", "FallbackReads"), "a second close counts nothing");
  }

  @Test
  void cacheSizeIsThatOfTheOpenSidesAndClosedSidesKeepTheirCounts() {
    ConnectCacheStats.Reads view = new ConnectCacheStats.Reads();
    RecordCounter first = new RecordCounter();
    RecordCounter second = new RecordCounter();
    ConnectCacheStats.Side three = () -> 3;
    ConnectCacheStats.Side four = () -> 4;
    view.track(three, first);
    view.track(four, second);
    first.increment();
    second.increment();
    second.increment();
    assertEquals(7, view.getCacheSize());
    assertEquals(3, view.getFallbackReads());
    view.close(four);
    second.increment(); // after close: no longer asked
    assertEquals(3, view.getCacheSize());
    assertEquals(3, view.getFallbackReads());
    first.increment();
    assertEquals(4, view.getFallbackReads());
  }
}
