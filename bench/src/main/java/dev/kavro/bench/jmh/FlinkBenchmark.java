package dev.kavro.bench.jmh;

import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.flink.FlinkCase;
import dev.kavro.bench.flink.FlinkEngines;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Flink RowData: one operation decodes or encodes {@value BenchCase#RECORDS} records of a {@link FlinkCase}.
 * {@code decode*} end with {@code RowDataSerializer.toBinaryRow}; {@code encode*} start from {@code BinaryRowData},
 * {@code encodeGeneric*} from the {@code GenericRowData} Flink's decoders make. {@code *Kavro} is Kavro's format path,
 * {@code *FlinkSql} Flink's {@code avro-confluent} as Flink ships it (Avro 1.11.4), {@code *Flink} Flink's classes on
 * the bench's Avro 1.12, {@code decodeFlinkClassic} the same with {@code -Dorg.apache.avro.fastread=false}. See
 * {@link FlinkEngines}.
 */
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms2g", "-Xmx2g"})
@Warmup(iterations = 6, time = 1)
@Measurement(iterations = 4, time = 1)
public class FlinkBenchmark {
  @Param({"organization", "user80", "unionHeavy", "ksql-metrics", "ksql-impressions",
      "wide", "nested", "strings", "strings-short", "unions"})
  public String schema;

  private FlinkEngines engines;

  @Setup
  public void setUp() {
    engines = new FlinkEngines(FlinkCase.load(schema));
  }

  /** Fails the run if Flink's registry client went back to the registry after the setup: the cache must serve it. */
  @TearDown
  public void tearDown() {
    int requests = engines.registryRequestsSinceSetup();
    engines.close();
    if (requests != 0) {
      throw new IllegalStateException("Flink's registry client made " + requests + " requests while timed");
    }
  }

  @Benchmark
  public void decodeKavro(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.decodeKavro(i));
    }
  }

  @Benchmark
  public void decodeFlinkSql(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.decodeFlinkSql(i));
    }
  }

  @Benchmark
  public void decodeFlink(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.decodeFlink(i));
    }
  }

  @Benchmark
  public void decodeFlinkClassic(Blackhole bh) throws IOException {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.decodeFlinkClassic(i));
    }
  }

  @Benchmark
  public void encodeKavro(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.encodeKavro(i));
    }
  }

  @Benchmark
  public void encodeFlinkSql(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.encodeFlinkSql(i));
    }
  }

  @Benchmark
  public void encodeFlink(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.encodeFlink(i));
    }
  }

  @Benchmark
  public void encodeGenericKavro(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.encodeGenericKavro(i));
    }
  }

  @Benchmark
  public void encodeGenericFlinkSql(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.encodeGenericFlinkSql(i));
    }
  }

  @Benchmark
  public void encodeGenericFlink(Blackhole bh) {
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      bh.consume(engines.encodeGenericFlink(i));
    }
  }
}
