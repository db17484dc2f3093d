package dev.kavro.bench.jmh;

import dev.kavro.bench.DecodeEngines;
import dev.kavro.bench.data.BenchCase;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
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
 * Decoding: one operation reads {@value BenchCase#RECORDS} records. Engines are the benchmark methods: Avro's and
 * Kavro's readers over Avro's {@code BinaryDecoder} ({@code classic}, {@code fast}, {@code binaryKavro*}), Kavro's on
 * its in-memory path ({@code kavro*}), and the deserializer.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 4, time = 1)
public class DecodeBenchmark {
  @Param({"organization", "user80", "unionHeavy", "ksql-metrics", "ksql-impressions",
      "specific:organization", "specific:user80", "specific:unionHeavy", "specific:ksql-metrics",
      "random-10-flat", "random-100-flat", "random-10-deep", "random-100-deep",
      "evolved:random-100-flat", "evolved:random-10-deep", "upper:ksql-metrics",
      "wide", "nested", "strings", "strings-short", "unions"})
  public String schema;

  private DecodeEngines engines;

  @Setup
  public void setUp() {
    engines = new DecodeEngines(BenchCase.load(schema));
  }

  /** Avro 1.12 with {@code org.apache.avro.fastread=false}. */
  @Benchmark
  public void classic(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.classic(i));
    }
  }

  /** Avro 1.12's FastReaderBuilder (the default). */
  @Benchmark
  public void fast(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.fast(i));
    }
  }

  /** Kavro's compiled {@code KavroDatumReader}. */
  @Benchmark
  public void kavro(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.kavro(i));
    }
  }

  /** Kavro's fallback ({@code CompileMode.FALLBACK}) on the same in-memory path as {@link #kavro}. */
  @Benchmark
  public void kavroFallback(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.kavroFallback(i));
    }
  }

  /** Kavro's compiled reader over Avro's reused {@code BinaryDecoder}, as {@link #fast} reads. */
  @Benchmark
  public void binaryKavro(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.binaryKavro(i));
    }
  }

  /** Kavro's fallback over Avro's reused {@code BinaryDecoder}. */
  @Benchmark
  public void binaryKavroFallback(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.binaryKavroFallback(i));
    }
  }

  /** {@code KavroDeserializer.deserialize(topic, bytes)}: framing and id lookup included. */
  @Benchmark
  public void serde(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.serde(i));
    }
  }
}
