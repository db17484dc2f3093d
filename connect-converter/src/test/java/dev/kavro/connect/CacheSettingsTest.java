package dev.kavro.connect;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.cache.ReaderCache;
import dev.kavro.cache.WriterCache;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code kavro.reader.cache.max}, {@code kavro.compile.threads} and {@code kavro.compile.threshold} do the same in every adapter. */
class CacheSettingsTest {
  private final ReaderCache readers = ReaderCache.shared();
  private final WriterCache writers = WriterCache.shared();
  private long readerMax;
  private long writerMax;
  private int readerThreads;
  private int writerThreads;
  private int threshold;

  @BeforeEach
  void remember() {
    readerMax = readers.maxEntries();
    writerMax = writers.maxEntries();
    readerThreads = readers.compileThreads();
    writerThreads = writers.compileThreads();
    threshold = readers.compileThreshold();
  }

  @AfterEach
  void restore() {
    readers.resize((int) readerMax, readerThreads);
    writers.resize((int) writerMax, writerThreads);
    readers.setCompileThreshold(threshold);
  }

  /** Each adapter in turn sets other values; each time both caches take exactly them. */
  @Test
  void theSameKeysResizeBothCachesThroughEveryAdapter() {
    List<Consumer<Map<String, Object>>> adapters = List.of(
        config -> new KavroSerializer(ConverterFixtures.freshRegistry()).configure(config, false),
        config -> new KavroDeserializer(ConverterFixtures.freshRegistry()).configure(config, true),
        config -> ConverterPaths.INTERPRETER.converter(ConverterFixtures.freshRegistry()).configure(config, false),
        config -> ConverterPaths.INTERPRETER.converter(ConverterFixtures.freshRegistry()).configure(config, true),
        config -> new KavroConverter(ConverterFixtures.freshRegistry()).configure(Map.of("converter.type", "header",
            "kavro.reader.cache.max", config.get("kavro.reader.cache.max"), "kavro.compile.threads",
            config.get("kavro.compile.threads"), "kavro.compile.threshold", config.get("kavro.compile.threshold"))));
    for (int i = 0; i < adapters.size(); i++) {
      int max = 300 + 17 * i;
      int threads = 1 + i % 3;
      int reads = 5 + i;
      adapters.get(i).accept(Map.of("kavro.reader.cache.max", max, "kavro.compile.threads", threads,
          "kavro.compile.threshold", reads));
      String adapter = "adapter " + i;
      assertEquals(max, readers.maxEntries(), adapter);
      assertEquals(max, writers.maxEntries(), adapter);
      assertEquals(threads, readers.compileThreads(), adapter);
      assertEquals(threads, writers.compileThreads(), adapter);
      assertEquals(reads, readers.compileThreshold(), adapter);
    }
  }

  /** A configuration without the keys leaves what an earlier one set, in every adapter alike. */
  @Test
  void aConfigWithoutTheKeysLeavesTheCachesAlone() {
    new KavroSerializer(ConverterFixtures.freshRegistry()).configure(Map.of("kavro.reader.cache.max", 321,
        "kavro.compile.threshold", 9), false);
    ConverterPaths.INTERPRETER.converter(ConverterFixtures.freshRegistry()).configure(Map.of(), false);
    new KavroDeserializer(ConverterFixtures.freshRegistry()).configure(Map.of(), false);
    assertEquals(321, readers.maxEntries());
    assertEquals(321, writers.maxEntries());
    assertEquals(9, readers.compileThreshold());
  }
}
