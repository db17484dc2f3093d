package dev.kavro.bench;

import dev.kavro.bench.data.RandomDatum;
import dev.kavro.bench.data.RandomSchemas;
import dev.kavro.cache.ReaderCache;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.nio.ByteBuffer;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;

/**
 * One {@code KavroDeserializer} (async mode) reads records of many distinct schema ids (10,000 by default) with the
 * reader cache bounded to {@code --cache-max} entries: most ids a few times ({@code --reads}), every
 * {@code --hot-every}-th id often enough to be compiled ({@code --hot-reads}). Prints metaspace after a full GC every
 * {@code --every} ids, and checks that metaspace grew by less than {@code --max-growth-mib} and that classes unloaded
 * while the deserializer was still open: nothing outside the cache keeps compiled classes alive.
 */
final class MetaspaceRun {
  private MetaspaceRun() {}

  static void main(String[] args) throws IOException {
    int schemas = 10_000;
    int cacheMax = 100;
    int every = 1_000;
    int reads = 3;
    int hotEvery = 20;
    int hotReads = 2 * ReaderCache.DEFAULT_COMPILE_THRESHOLD;
    double maxGrowthMib = 20;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--schemas" -> schemas = Integer.parseInt(args[++i]);
        case "--cache-max" -> cacheMax = Integer.parseInt(args[++i]);
        case "--every" -> every = Integer.parseInt(args[++i]);
        case "--reads" -> reads = Integer.parseInt(args[++i]);
        case "--hot-every" -> hotEvery = Integer.parseInt(args[++i]);
        case "--hot-reads" -> hotReads = Integer.parseInt(args[++i]);
        case "--max-growth-mib" -> maxGrowthMib = Double.parseDouble(args[++i]);
        default -> throw new IllegalArgumentException("Unknown option " + args[i] + " (options: --schemas N, "
            + "--cache-max N, --every N, --reads N, --hot-every N, --hot-reads N, --max-growth-mib X)");
      }
    }
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("metaspace-run");
    KavroDeserializer deserializer = new KavroDeserializer(registry);
    deserializer.configure(Map.of("kavro.reader.cache.max", cacheMax), false);
    ReaderCache cache = ReaderCache.shared();
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    System.out.printf(Locale.ROOT, "# Metaspace with %d distinct schema ids through one deserializer, reader cache "
        + "bounded to %d entries%n%n%d reads per id, %d for every %d-th id (compile threshold %d)%n%n"
        + "- Date: %s%n- JVM: %s%n- CPU: %s%n- OS: %s%n%n", schemas, cacheMax, reads, hotReads, hotEvery,
        ReaderCache.DEFAULT_COMPILE_THRESHOLD, ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME),
        MachineInfo.jvm(), MachineInfo.cpu(), MachineInfo.os());
    System.out.println("| schema ids read | metaspace used (MiB) | classes loaded | classes unloaded | compiles | "
        + "cache size |");
    System.out.println("|---:|---:|---:|---:|---:|---:|");
    double start = report(0, classes, cache);
    double peak = start;
    long startNanos = System.nanoTime();
    for (int n = 1; n <= schemas; n++) {
      Schema schema = RandomSchemas.generate("Meta", "dev.kavro.bench.meta.n" + n, n, 10, 1);
      int id = registry.register("meta-" + n + "-value", schema.toString(), List.of(), false);
      byte[] framed = framed(id, encodeOne(schema));
      int times = n % hotEvery == 0 ? hotReads : reads;
      for (int r = 0; r < times; r++) {
        deserializer.deserialize("meta-" + n, framed);
      }
      if (n % every == 0) {
        peak = Math.max(peak, report(n, classes, cache));
      }
    }
    long unloaded = classes.getUnloadedClassCount();
    System.out.printf(Locale.ROOT, "%n%.1f s in all; metaspace growth %.1f MiB (limit %.1f), %d classes unloaded "
        + "while the deserializer was open%n", (System.nanoTime() - startNanos) / 1e9, peak - start, maxGrowthMib,
        unloaded);
    deserializer.close();
    if (peak - start >= maxGrowthMib || unloaded == 0) {
      throw new IllegalStateException("Metaspace not bounded by the cache: growth " + (peak - start) + " MiB, "
          + unloaded + " classes unloaded");
    }
  }

  private static double report(int n, ClassLoadingMXBean classes, ReaderCache cache) {
    System.gc();
    double used = metaspaceMiB();
    System.out.printf(Locale.ROOT, "| %d | %.1f | %d | %d | %d | %d |%n", n, used, classes.getTotalLoadedClassCount(),
        classes.getUnloadedClassCount(), cache.getCompiles(), cache.getCacheSize());
    return used;
  }

  private static double metaspaceMiB() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getName().equals("Metaspace")) {
        return pool.getUsage().getUsed() / (1024.0 * 1024.0);
      }
    }
    return Double.NaN;
  }

  private static byte[] framed(int id, byte[] avro) {
    return ByteBuffer.allocate(5 + avro.length).put((byte) 0).putInt(id).put(avro).array();
  }

  private static byte[] encodeOne(Schema schema) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(new RandomDatum(1, -1).next(schema), encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
