package dev.kavro.bench.jmh;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.ReaderMode;
import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.data.RandomDatum;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.KavroSerializer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.Schema.Type;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The core paths side by side for profiling the code generators: compiled vs fallback readers on the byte[] path and
 * over Avro's {@code BinaryDecoder}, FastReaderBuilder, and compiled vs fallback writers vs {@code GenericDatumWriter}.
 * Shapes: {@code wide} (100 mixed fields), {@code nested} (three levels of 25-field records, arrays of 40),
 * {@code strings} (80 strings), {@code unions} (50 multi-branch unions), or any {@link BenchCase} name.
 * One operation handles {@value #RECORDS} records.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 4, time = 1)
@Measurement(iterations = 4, time = 1)
public class CorePathBenchmark {
  static final int RECORDS = 200;

  @Param({"wide", "nested", "strings", "unions", "organization"})
  public String shape;

  private Schema schema;
  private List<Object> data;
  private byte[][] bodies;
  private KavroDatumReader<Object> compiled;
  private KavroDatumReader<Object> fallback;
  private GenericDatumReader<Object> fast;
  private KavroDatumWriter<Object> compiledWriter;
  private KavroDatumWriter<Object> fallbackWriter;
  private GenericDatumWriter<Object> vanillaWriter;
  private KavroSerializer serializer;
  private BinaryDecoder decoder;
  private BinaryEncoder encoder;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);

  @Setup
  public void setUp() throws IOException {
    data = new ArrayList<>();
    if (List.of("wide", "nested", "strings", "unions").contains(shape)) {
      schema = shape(shape);
      RandomDatum random = new RandomDatum(shape.hashCode(), shape.equals("nested") ? 40 : -1);
      for (int i = 0; i < RECORDS; i++) {
        data.add(random.next(schema));
      }
    } else {
      BenchCase c = BenchCase.load(shape);
      schema = c.writer;
      data.addAll(c.writerData.subList(0, RECORDS));
    }
    vanillaWriter = new GenericDatumWriter<>(schema);
    bodies = new byte[RECORDS][];
    for (int i = 0; i < RECORDS; i++) {
      vanilla(i);
      bodies[i] = out.toByteArray();
    }
    compiled = KavroDatumReader.generic(schema, schema, ReaderMode.COMPILED);
    fallback = KavroDatumReader.generic(schema, schema, ReaderMode.FALLBACK);
    GenericData fastModel = new GenericData();
    fastModel.setFastReaderEnabled(true);
    fast = new GenericDatumReader<>(schema, schema, fastModel);
    compiledWriter = KavroDatumWriter.create(schema, GenericData.get(), ReaderMode.COMPILED);
    fallbackWriter = KavroDatumWriter.create(schema, GenericData.get(), ReaderMode.FALLBACK);
    serializer = new KavroSerializer(new MockSchemaRegistry());
    serializer.configure(Map.of(KavroSerdeConfig.KAVRO_READER_MODE_CONFIG, "compiled"), false);
    if (!compiled.isCompiled() || !compiledWriter.isCompiled()) {
      throw new IllegalStateException("not compiled: " + shape);
    }
  }

  @Benchmark
  public void compiledBytes(Blackhole bh) throws IOException {
    for (byte[] body : bodies) {
      bh.consume(compiled.read(null, body, 0, body.length));
    }
  }

  @Benchmark
  public void fallbackBytes(Blackhole bh) throws IOException {
    for (byte[] body : bodies) {
      bh.consume(fallback.read(null, body, 0, body.length));
    }
  }

  @Benchmark
  public void compiledBinaryDecoder(Blackhole bh) throws IOException {
    for (byte[] body : bodies) {
      decoder = DecoderFactory.get().binaryDecoder(body, decoder);
      bh.consume(compiled.read(null, decoder));
    }
  }

  @Benchmark
  public void fallbackBinaryDecoder(Blackhole bh) throws IOException {
    for (byte[] body : bodies) {
      decoder = DecoderFactory.get().binaryDecoder(body, decoder);
      bh.consume(fallback.read(null, decoder));
    }
  }

  @Benchmark
  public void fastBinaryDecoder(Blackhole bh) throws IOException {
    for (byte[] body : bodies) {
      decoder = DecoderFactory.get().binaryDecoder(body, decoder);
      bh.consume(fast.read(null, decoder));
    }
  }

  @Benchmark
  public void compiledWriter(Blackhole bh) throws IOException {
    for (Object datum : data) {
      bh.consume(compiledWriter.toBytes(datum));
    }
  }

  @Benchmark
  public void fallbackWriter(Blackhole bh) throws IOException {
    for (Object datum : data) {
      bh.consume(fallbackWriter.toBytes(datum));
    }
  }

  @Benchmark
  public void genericDatumWriter(Blackhole bh) throws IOException {
    for (int i = 0; i < RECORDS; i++) {
      bh.consume(vanilla(i));
    }
  }

  @Benchmark
  public void serializer(Blackhole bh) {
    for (Object datum : data) {
      bh.consume(serializer.serialize("core", datum));
    }
  }

  private int vanilla(int i) throws IOException {
    out.reset();
    encoder = EncoderFactory.get().binaryEncoder(out, encoder);
    vanillaWriter.write(data.get(i), encoder);
    encoder.flush();
    return out.size();
  }

  static Schema shape(String name) {
    return switch (name) {
      case "wide" -> record("Wide", 100, mixed(1, 0));
      case "nested" -> nested();
      case "strings" -> record("Strings", 80, i -> Schema.create(Type.STRING));
      case "unions" -> record("Unions", 50, i -> switch (i % 5) {
        case 0 -> Schema.createUnion(Schema.create(Type.NULL), Schema.create(Type.INT), Schema.create(Type.STRING));
        case 1 -> Schema.createUnion(Schema.create(Type.STRING), Schema.create(Type.LONG));
        case 2 -> Schema.createUnion(Schema.create(Type.NULL), Schema.create(Type.STRING));
        case 3 -> Schema.createUnion(Schema.create(Type.NULL), Schema.create(Type.DOUBLE), Schema.create(Type.BOOLEAN));
        default -> Schema.createUnion(Schema.create(Type.NULL), Schema.create(Type.LONG));
      });
      default -> throw new IllegalArgumentException(name);
    };
  }

  private static Schema nested() {
    Schema leaf = record("Leaf", 25, mixed(3, 0));
    Schema middle = record("Middle", 25, mixed(2, 0), new Field("child", leaf));
    return record("Top", 25, mixed(1, 0), new Field("child", middle),
        new Field("items", Schema.createArray(middle)));
  }

  /** Maps of strings, arrays of longs, enums, nullable strings and primitives, in a fixed rotation. */
  private static java.util.function.IntFunction<Schema> mixed(int level, int unused) {
    Schema e = Schema.createEnum("E" + level, null, "dev.kavro.bench.core", List.of("A", "B", "C", "D", "E"));
    return i -> switch (i % 10) {
      case 0 -> Schema.createMap(Schema.create(Type.STRING));
      case 1 -> Schema.createArray(Schema.create(Type.LONG));
      case 2 -> e;
      case 3, 4 -> Schema.createUnion(Schema.create(Type.NULL), Schema.create(Type.STRING));
      case 5 -> Schema.create(Type.INT);
      case 6 -> Schema.create(Type.LONG);
      case 7 -> Schema.create(Type.DOUBLE);
      case 8 -> Schema.create(Type.BOOLEAN);
      default -> Schema.create(Type.STRING);
    };
  }

  private static Schema record(String name, int fields, java.util.function.IntFunction<Schema> type, Field... extra) {
    List<Field> list = new ArrayList<>();
    for (int i = 0; i < fields; i++) {
      list.add(new Field("f" + i, type.apply(i)));
    }
    list.addAll(List.of(extra));
    return Schema.createRecord(name, null, "dev.kavro.bench.core", false, list);
  }
}
