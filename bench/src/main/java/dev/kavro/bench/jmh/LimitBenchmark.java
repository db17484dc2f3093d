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
 * Kavro against hand-written readers, the reference limits: organization.avsc (generic and specific), the
 * string-bound ksql-metrics.avsc and the wide shape, with Avro's classic reader beside them to show how far the limit
 * is from it. Both on Kavro's in-memory decoder ({@code hand}, {@code kavro}) and over Avro's {@code BinaryDecoder}
 * ({@code binaryHand}, {@code binaryKavro}).
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 4, time = 1)
public class LimitBenchmark {
  @Param({"organization", "specific:organization", "ksql-metrics", "wide"})
  public String schema;

  private DecodeEngines engines;

  @Setup
  public void setUp() {
    engines = new DecodeEngines(BenchCase.load(schema));
  }

  /** Avro 1.12 with {@code org.apache.avro.fastread=false}, as in {@link DecodeBenchmark#classic}. */
  @Benchmark
  public void classic(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.classic(i));
    }
  }

  @Benchmark
  public void hand(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.hand(i));
    }
  }

  @Benchmark
  public void kavro(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.kavro(i));
    }
  }

  /** The hand-written reader over Avro's reused {@code BinaryDecoder}. */
  @Benchmark
  public void binaryHand(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.binaryHand(i));
    }
  }

  /** Kavro's compiled reader over Avro's reused {@code BinaryDecoder}. */
  @Benchmark
  public void binaryKavro(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.binaryKavro(i));
    }
  }
}
