package dev.kavro.bench.jmh;

import dev.kavro.bench.EncodeEngines;
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
 * Encoding: one operation writes {@value BenchCase#RECORDS} records. {@code vanilla} is {@code GenericDatumWriter} for
 * generic cases and {@code SpecificDatumWriter} for {@code specific:} cases.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 4, time = 1)
public class EncodeBenchmark {
  @Param({"organization", "user80", "unionHeavy", "ksql-metrics", "ksql-impressions",
      "specific:organization", "specific:user80", "specific:unionHeavy", "specific:ksql-metrics",
      "random-10-flat", "random-100-flat", "random-10-deep", "random-100-deep",
      "wide", "nested", "strings", "strings-short", "unions"})
  public String schema;

  private EncodeEngines engines;

  @Setup
  public void setUp() {
    engines = new EncodeEngines(BenchCase.load(schema));
  }

  @Benchmark
  public void vanilla(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.vanilla(i));
    }
  }

  /** The vanilla writer as a serializer runs it: a new array per record (what {@code serde} must return too). */
  @Benchmark
  public void vanillaToByteArray(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.vanillaToByteArray(i));
    }
  }

  @Benchmark
  public void kavro(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.kavro(i));
    }
  }

  /** Kavro's writer fallback ({@code CompileMode.FALLBACK}). */
  @Benchmark
  public void kavroFallback(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.kavroFallback(i));
    }
  }

  @Benchmark
  public void serde(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.serde(i));
    }
  }
}
