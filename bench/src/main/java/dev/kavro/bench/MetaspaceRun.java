package dev.kavro.bench;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.ReaderMode;
import dev.kavro.bench.data.RandomDatum;
import dev.kavro.bench.data.RandomSchemas;
import dev.kavro.cache.ReaderCache;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.management.ClassLoadingMXBean;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * Compiles readers for many distinct schemas (10 000 by default) through the shared cache, bounded to
 * {@code --cache-max} entries, and prints metaspace after a full GC every {@code --every} schemas. Metaspace levels
 * off once the cache is full: evicted readers' classes unload with their class loaders.
 */
final class MetaspaceRun {
  private MetaspaceRun() {}

  static void main(String[] args) throws IOException {
    int schemas = 10_000;
    int cacheMax = 500;
    int every = 1_000;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--schemas" -> schemas = Integer.parseInt(args[++i]);
        case "--cache-max" -> cacheMax = Integer.parseInt(args[++i]);
        case "--every" -> every = Integer.parseInt(args[++i]);
        default -> throw new IllegalArgumentException("Unknown option " + args[i]
            + " (options: --schemas N, --cache-max N, --every N)");
      }
    }
    ReaderCache cache = ReaderCache.shared();
    cache.resize(cacheMax, 1);
    ClassLoadingMXBean classes = ManagementFactory.getClassLoadingMXBean();
    System.out.printf(Locale.ROOT, "# Metaspace with %d distinct schemas, reader cache bounded to %d entries%n%n"
        + "- JVM: %s%n- CPU: %s%n%n", schemas, cacheMax, MachineInfo.jvm(), MachineInfo.cpu());
    System.out.println("| schemas compiled | metaspace used (MiB) | classes loaded | classes unloaded | cache size |");
    System.out.println("|---:|---:|---:|---:|---:|");
    report(0, classes, cache);
    long start = System.nanoTime();
    for (int n = 1; n <= schemas; n++) {
      Schema schema = RandomSchemas.generate("Meta", "dev.kavro.bench.meta.n" + n, n, 10, 1);
      KavroDatumReader<Object> reader = KavroDatumReader.create(schema, schema, GenericData.get(), ReaderMode.COMPILED);
      if (!reader.isCompiled()) {
        throw new IllegalStateException("Schema " + n + " was not compiled");
      }
      reader.read(null, DecoderFactory.get().binaryDecoder(encodeOne(schema), null));
      if (n % every == 0) {
        report(n, classes, cache);
      }
    }
    System.out.printf(Locale.ROOT, "%n%.1f s in all%n", (System.nanoTime() - start) / 1e9);
  }

  private static void report(int n, ClassLoadingMXBean classes, ReaderCache cache) {
    System.gc();
    System.out.printf(Locale.ROOT, "| %d | %.1f | %d | %d | %d |%n", n, metaspaceMiB(),
        classes.getTotalLoadedClassCount(), classes.getUnloadedClassCount(), cache.getCacheSize());
  }

  private static double metaspaceMiB() {
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      if (pool.getName().equals("Metaspace")) {
        return pool.getUsage().getUsed() / (1024.0 * 1024.0);
      }
    }
    return Double.NaN;
  }

  private static byte[] encodeOne(Schema schema) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(new RandomDatum(1, -1).next(schema), encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
