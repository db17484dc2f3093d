package dev.kavro.bench.jmh;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import dev.kavro.bench.data.RandomDatum;
import dev.kavro.bench.data.RandomSchemas;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Time from a schema never seen before to a ready reader that has read its first record: Kavro compiling
 * ({@link CompileMode#COMPILED}, which waits for Janino) against Avro building its FastReaderBuilder reader. Each
 * invocation gets a new namespace, so nothing is cached.
 */
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@State(Scope.Thread)
@Fork(value = 1, jvmArgsAppend = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 30)
@Measurement(iterations = 50)
public class CompileLatencyBenchmark {
  @Param({"10", "100"})
  public int fields;

  @Param({"flat", "deep"})
  public String shape;

  private int counter;
  private Schema schema;
  private byte[] body;

  @Setup(Level.Invocation)
  public void newSchema() throws IOException {
    schema = RandomSchemas.generate("Compiled", "dev.kavro.bench.compile.n" + (counter++), 7L * fields,
        fields, shape.equals("deep") ? 3 : 1);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(new RandomDatum(1, -1).next(schema), encoder);
    encoder.flush();
    body = out.toByteArray();
  }

  @Benchmark
  public Object kavroCompiled() throws IOException {
    DatumReader<Object> reader = KavroDatumReader.create(schema, schema, GenericData.get(), CompileMode.COMPILED);
    return reader.read(null, DecoderFactory.get().binaryDecoder(body, null));
  }

  @Benchmark
  public Object avroFastReader() throws IOException {
    DatumReader<Object> reader = new GenericDatumReader<>(schema, schema, new GenericData());
    return reader.read(null, DecoderFactory.get().binaryDecoder(body, null));
  }
}
