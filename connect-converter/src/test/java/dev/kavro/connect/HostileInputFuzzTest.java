package dev.kavro.connect;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.testing.AvroBytes;
import dev.kavro.testing.DeepData;
import dev.kavro.testing.RandomData;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/**
 * Seeded mutation fuzzing of everything that reads untrusted bytes: {@code deserialize(topic, bytes)},
 * {@code deserialize(topic, headers, bytes)} and {@code toConnectData}, in every compile mode, over flat, nested,
 * zero-byte and recursive schemas. Each mutated payload must give a result or the typed error
 * ({@link SerializationException}, {@link DataException}); never another exception, never an {@code Error}, never a
 * hang. A deserializer's result must equal what Avro's own reader makes of the same bytes.
 *
 * <p>Runs in its own surefire execution at {@code -Xmx128m} (see the module's pom): {@value #DEFAULT_CASES} cases by
 * default, {@code -Dkavro.fuzz.cases=N} and {@code -Dkavro.fuzz.seed=S} for longer or other runs.
 */
class HostileInputFuzzTest {
  private static final int DEFAULT_CASES = 100_000;
  /** One reused thread with a deep stack for the oracle's recursion over deep data. */
  private static final java.util.concurrent.ExecutorService DEEP_STACK = java.util.concurrent.Executors
      .newSingleThreadExecutor(r -> {
        Thread thread = new Thread(null, r, "fuzz-oracle", 64L << 20);
        thread.setDaemon(true);
        return thread;
      });
  private static final String[] MODES = {"async", "compiled", "fallback"};
  private static final List<Schema> SCHEMAS = List.of(
      parse("""
          {"type":"record","name":"Order","namespace":"fuzz","fields":[
            {"name":"id","type":"long"},{"name":"item","type":"string"},{"name":"qty","type":"int"},
            {"name":"price","type":"double"},{"name":"ok","type":"boolean"},
            {"name":"note","type":["null","string"],"default":null},
            {"name":"tags","type":{"type":"array","items":"string"}},
            {"name":"attrs","type":{"type":"map","values":["null","long"]}},
            {"name":"kind","type":{"type":"enum","name":"Kind","symbols":["A","B","C"]}},
            {"name":"md5","type":{"type":"fixed","name":"Md5","size":16}},
            {"name":"blob","type":"bytes"},
            {"name":"when","type":{"type":"long","logicalType":"timestamp-millis"}},
            {"name":"lines","type":{"type":"array","items":{"type":"record","name":"Line","fields":[
              {"name":"sku","type":"string"},{"name":"n","type":"float"}]}}}]}"""),
      parse("""
          {"type":"record","name":"Sparse","namespace":"fuzz","fields":[
            {"name":"empties","type":{"type":"array","items":{"type":"record","name":"E","fields":[]}}},
            {"name":"nulls","type":{"type":"array","items":"null"}},
            {"name":"grid","type":{"type":"array","items":{"type":"array","items":["null","int"]}}},
            {"name":"choice","type":["null","int","string",{"type":"map","values":"bytes"}]}]}"""),
      DeepData.LIST,
      DeepData.TREE);

  @Test
  void mutatedPayloadsGiveResultsOrTypedErrors() throws Exception {
    int cases = Integer.getInteger("kavro.fuzz.cases", DEFAULT_CASES);
    long seed = Long.getLong("kavro.fuzz.seed", 20261125L);
    Random random = new Random(seed);
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("fuzz-" + seed);
    List<Target> targets = new ArrayList<>();
    for (Schema schema : SCHEMAS) {
      int id = registry.register("fuzz-value", schema.toString(), List.of(), false);
      targets.add(new Target(schema, id, seeds(schema, random)));
    }
    KavroDeserializer[] deserializers = new KavroDeserializer[MODES.length];
    KavroConverter[] converters = new KavroConverter[MODES.length];
    for (int m = 0; m < MODES.length; m++) {
      deserializers[m] = new KavroDeserializer(registry);
      deserializers[m].configure(Map.of("kavro.reader.mode", MODES[m]), false);
      converters[m] = ConverterFixtures.converter(false, Map.of("kavro.reader.mode", MODES[m]),
          ConverterPaths.INTERPRETER, registry);
    }
    int typedErrors = 0;
    for (int c = 0; c < cases; c++) {
      Target target = targets.get(c % targets.size());
      byte[] avro = Mutations.mutate(target.seeds.get(random.nextInt(target.seeds.size())), random);
      int mode = (c / targets.size()) % MODES.length;
      int entry = (c / (targets.size() * MODES.length)) % 3;
      String where = "case " + c + " (seed " + seed + "), schema " + target.schema.getFullName() + ", mode "
          + MODES[mode] + ", entry " + entry;
      try {
        switch (entry) {
          case 0 -> check(target, avro, deserializers[mode].deserialize("fuzz", framed(target.id, avro)), where);
          case 1 -> {
            RecordHeaders headers = new RecordHeaders();
            headers.add("__value_schema_id", ByteBuffer.allocate(5).put((byte) 0).putInt(target.id).array());
            check(target, avro, deserializers[mode].deserialize("fuzz", headers, avro), where);
          }
          default -> converters[mode].toConnectData("fuzz", framed(target.id, avro));
        }
      } catch (SerializationException | DataException e) {
        typedErrors++;
        assertTrue(e.getMessage() != null && e.getMessage().contains("fuzz"), where + ": " + e.getMessage());
      } catch (Throwable t) {
        throw new AssertionError(where + ": not a typed error", t);
      }
    }
    assertTrue(typedErrors > cases / 10 && typedErrors < cases, "typed errors: " + typedErrors + " of " + cases);
  }

  /** A successful read equals Avro's own reading of the same bytes. */
  private static void check(Target target, byte[] avro, Object read, String where) throws Exception {
    // Avro's reader and compare() recurse as deeply as the data: recursive schemas get a deep stack.
    boolean recursive = target.schema == DeepData.LIST || target.schema == DeepData.TREE;
    java.util.concurrent.Callable<Boolean> same = () -> {
      Object expected;
      try {
        expected = new GenericDatumReader<>(target.schema, target.schema, GenericData.get())
            .read(null, AvroBytes.decoder(avro));
      } catch (Exception e) {
        throw new AssertionError(where + ": Kavro read what Avro rejects (" + e + ")");
      }
      return expected.equals(read); // a record: equality in the generic model, maps included
    };
    assertTrue(recursive ? DEEP_STACK.submit(same).get() : same.call(), where + ": Kavro and Avro read different data");
  }

  private static List<byte[]> seeds(Schema schema, Random random) {
    List<byte[]> seeds = new ArrayList<>();
    if (schema == DeepData.LIST || schema == DeepData.TREE) {
      for (int depth : new int[] {1, 2, 5, 50, 200}) {
        seeds.add(schema == DeepData.LIST ? DeepData.list(depth) : DeepData.tree(depth));
      }
      return seeds;
    }
    RandomData data = new RandomData(random, GenericData.get());
    for (int i = 0; i < 20; i++) {
      seeds.add(AvroBytes.encode(schema, data.next(schema)));
    }
    return seeds;
  }

  private static byte[] framed(int id, byte[] avro) {
    return ByteBuffer.allocate(5 + avro.length).put((byte) 0).putInt(id).put(avro).array();
  }

  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }

  private record Target(Schema schema, int id, List<byte[]> seeds) {}

  /** Byte-level mutations that keep most of a valid payload and break it in the ways that hurt readers. */
  static final class Mutations {
    private Mutations() {}

    static byte[] mutate(byte[] valid, Random random) {
      byte[] bytes = valid.clone();
      int rounds = 1 + random.nextInt(3);
      for (int r = 0; r < rounds; r++) {
        bytes = switch (random.nextInt(7)) {
          case 0 -> flipBit(bytes, random);
          case 1 -> setByte(bytes, random);
          case 2 -> truncate(bytes, random);
          case 3 -> insertVarint(bytes, random);
          case 4 -> duplicateRange(bytes, random);
          case 5 -> deleteRange(bytes, random);
          default -> bytes; // an intact payload now and then
        };
      }
      return bytes;
    }

    private static byte[] flipBit(byte[] bytes, Random random) {
      if (bytes.length > 0) {
        bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
      }
      return bytes;
    }

    private static byte[] setByte(byte[] bytes, Random random) {
      if (bytes.length > 0) {
        byte[] interesting = {0, 1, 2, (byte) 0x7f, (byte) 0x80, (byte) 0xff, (byte) 0xfe, 0x3f};
        bytes[random.nextInt(bytes.length)] = interesting[random.nextInt(interesting.length)];
      }
      return bytes;
    }

    private static byte[] truncate(byte[] bytes, Random random) {
      return bytes.length == 0 ? bytes : java.util.Arrays.copyOf(bytes, random.nextInt(bytes.length));
    }

    /** A large or negative count or length where a small one stood: the allocation attacks. */
    private static byte[] insertVarint(byte[] bytes, Random random) {
      long[] values = {Integer.MAX_VALUE, -1, Long.MIN_VALUE, 8_000_000, 1 << 20, -(1L << 40), 64};
      long value = values[random.nextInt(values.length)];
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
      out.write(bytes, 0, at);
      long zigzag = (value << 1) ^ (value >> 63);
      while ((zigzag & ~0x7FL) != 0) {
        out.write((int) ((zigzag & 0x7F) | 0x80));
        zigzag >>>= 7;
      }
      out.write((int) zigzag);
      int skip = Math.min(bytes.length - at, random.nextInt(3));
      out.write(bytes, at + skip, bytes.length - at - skip);
      return out.toByteArray();
    }

    private static byte[] duplicateRange(byte[] bytes, Random random) {
      if (bytes.length == 0 || bytes.length > 4096) {
        return bytes;
      }
      int from = random.nextInt(bytes.length);
      int to = from + random.nextInt(bytes.length - from) + 1;
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(bytes, 0, to);
      out.write(bytes, from, bytes.length - from);
      return out.toByteArray();
    }

    private static byte[] deleteRange(byte[] bytes, Random random) {
      if (bytes.length < 2) {
        return bytes;
      }
      int from = random.nextInt(bytes.length);
      int to = Math.min(bytes.length, from + 1 + random.nextInt(8));
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(bytes, 0, from);
      out.write(bytes, to, bytes.length - to);
      return out.toByteArray();
    }
  }
}
