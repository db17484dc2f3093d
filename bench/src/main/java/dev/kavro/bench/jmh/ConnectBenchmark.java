package dev.kavro.bench.jmh;

import dev.kavro.bench.ConnectEngines;
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
 * Kafka Connect: one operation converts {@value BenchCase#RECORDS} records. {@code *Generic} go through a
 * {@code GenericRecord} as Confluent's AvroConverter does; {@code *Kavro} are {@code KavroConverter}'s interpreters.
 * See {@link ConnectEngines}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 4, time = 1)
public class ConnectBenchmark {
  /** The ratio runner's defaults; {@code unionHeavy} and the {@code -deep} random cases also work ({@code -p}). */
  @Param({"organization", "user80", "ksql-metrics", "ksql-impressions", "random-10-flat", "random-100-flat"})
  public String schema;

  private ConnectEngines engines;

  @Setup
  public void setUp() {
    engines = new ConnectEngines(BenchCase.load(schema));
  }

  @Benchmark
  public void toConnectGeneric(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.toConnectGeneric(i));
    }
  }

  @Benchmark
  public void toConnectKavro(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.toConnectKavro(i));
    }
  }

  @Benchmark
  public void fromConnectGeneric(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.fromConnectGeneric(i));
    }
  }

  @Benchmark
  public void fromConnectKavro(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.fromConnectKavro(i));
    }
  }
}
