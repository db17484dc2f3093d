package dev.kavro.bench;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import dev.kavro.bench.data.BenchCase;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.wire.WireFormat;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;

/**
 * The decoders compared, each ready to read record {@code i} of one {@link BenchCase}. The JMH benchmarks and the
 * bench's own correctness tests call the same methods, so what is measured is what is checked.
 *
 * <p>Every engine reads with a fresh datum ({@code reuse = null}), as Kafka deserializers do. Not thread-safe: one
 * instance per benchmark thread.
 */
public final class DecodeEngines {
  static final String TOPIC = "bench";

  private final BenchCase benchCase;
  private final DatumReader<Object> classic;
  private final DatumReader<Object> fast;
  private final KavroDatumReader<Object> kavro;
  private final KavroDatumReader<Object> kavroFallback;
  private final KavroDeserializer deserializer;
  private final byte[][] framed;
  private final DatumReader<Object> hand;
  private BinaryDecoder decoder;
  private final ByteArrayDecoder handDecoder = new ByteArrayDecoder();

  public DecodeEngines(BenchCase benchCase) {
    this.benchCase = benchCase;
    this.classic = vanilla(benchCase, benchCase.vanillaModel(false));
    this.fast = vanilla(benchCase, benchCase.vanillaModel(true));
    this.kavro = KavroDatumReader.create(benchCase.writer, benchCase.reader, benchCase.kavroModel(), CompileMode.COMPILED);
    if (!kavro.isCompiled()) {
      // Measuring the fallback under Kavro's compiled name would be a lie; fail the case instead.
      throw new IllegalStateException("Kavro did not compile a reader for case " + benchCase.name);
    }
    this.kavroFallback =
        KavroDatumReader.create(benchCase.writer, benchCase.reader, benchCase.kavroModel(), CompileMode.FALLBACK);
    MockSchemaRegistry registry = new MockSchemaRegistry();
    int id = registry.register(TOPIC + "-value", benchCase.writer, false);
    this.framed = frame(WireFormat.idPrefix(id), benchCase.bodies);
    this.deserializer = benchCase.sameSchema() || benchCase.isSpecific()
        ? new KavroDeserializer(registry)
        : new KavroDeserializer(registry, benchCase.reader);
    this.deserializer.configure(serdeConfig(benchCase), false);
    this.hand = handWritten(benchCase);
  }

  /** Avro 1.12's resolving decoder ({@code org.apache.avro.fastread=false}). */
  public Object classic(int i) throws IOException {
    return read(classic, benchCase.bodies[i]);
  }

  /** Avro 1.12's FastReaderBuilder, Avro's default. */
  public Object fast(int i) throws IOException {
    return read(fast, benchCase.bodies[i]);
  }

  /**
   * Kavro's compiled reader through the low-level {@code KavroDatumReader}, reading the bytes in memory as the
   * deserializer does; the Avro engines read them through their own {@code BinaryDecoder}.
   */
  public Object kavro(int i) throws IOException {
    byte[] body = benchCase.bodies[i];
    return kavro.read(null, body, 0, body.length);
  }

  /** Kavro's fallback, the interpreter of the same plan ({@code CompileMode.FALLBACK}), on the in-memory path. */
  public Object kavroFallback(int i) throws IOException {
    byte[] body = benchCase.bodies[i];
    return kavroFallback.read(null, body, 0, body.length);
  }

  /**
   * Kavro's compiled reader through the public {@code DatumReader} API over Avro's own {@code BinaryDecoder} (reused,
   * as for the Avro engines): how Avro data-file users and other frameworks call a {@code DatumReader}.
   */
  public Object binaryKavro(int i) throws IOException {
    return read(kavro, benchCase.bodies[i]);
  }

  /** Kavro's fallback over Avro's {@code BinaryDecoder}. */
  public Object binaryKavroFallback(int i) throws IOException {
    return read(kavroFallback, benchCase.bodies[i]);
  }

  /** The whole consumer path: {@code KavroDeserializer.deserialize(topic, bytes)} on framed bytes. */
  public Object serde(int i) {
    return deserializer.deserialize(TOPIC, framed[i]);
  }

  /**
   * The hand-written reader, the reference limit; only for the Organization cases, generic ksql-metrics and wide.
   *
   * @throws IllegalStateException for any other case
   */
  public Object hand(int i) throws IOException {
    // The same in-memory decoder as Kavro's, so that the two compare the code they run, not their decoders.
    byte[] body = benchCase.bodies[i];
    return handWritten().read(null, handDecoder.wrap(body, 0, body.length));
  }

  /** The hand-written reader over Avro's {@code BinaryDecoder}, the limit for {@link #binaryKavro}. */
  public Object binaryHand(int i) throws IOException {
    return read(handWritten(), benchCase.bodies[i]);
  }

  public boolean hasHandWritten() {
    return hand != null;
  }

  public BenchCase benchCase() {
    return benchCase;
  }

  private DatumReader<Object> handWritten() {
    if (hand == null) {
      throw new IllegalStateException("No hand-written reader for case " + benchCase.name);
    }
    return hand;
  }

  private static DatumReader<Object> handWritten(BenchCase c) {
    if (HandWrittenOrganizationReader.applies(c)) {
      return HandWrittenOrganizationReader.forCase(c);
    }
    if (HandWrittenWideReader.applies(c)) {
      return new HandWrittenWideReader(c.reader);
    }
    return HandWrittenKsqlMetricsReader.applies(c) ? new HandWrittenKsqlMetricsReader(c.reader) : null;
  }

  private Object read(DatumReader<Object> reader, byte[] body) throws IOException {
    decoder = DecoderFactory.get().binaryDecoder(body, decoder);
    return reader.read(null, decoder);
  }

  private static DatumReader<Object> vanilla(BenchCase c, GenericData model) {
    return model instanceof SpecificData specific
        ? new SpecificDatumReader<>(c.writer, c.reader, specific)
        : new GenericDatumReader<>(c.writer, c.reader, model);
  }

  static Map<String, Object> serdeConfig(BenchCase c) {
    Map<String, Object> config = new HashMap<>();
    config.put(KavroSerdeConfig.KAVRO_READER_MODE_CONFIG, "compiled");
    if (c.isSpecific()) {
      config.put(KavroSerdeConfig.SPECIFIC_AVRO_READER_CONFIG, true);
      config.put(KavroSerdeConfig.SPECIFIC_AVRO_VALUE_TYPE_CONFIG, c.specificClass.getName());
    }
    return config;
  }

  static byte[][] frame(byte[] prefix, byte[][] bodies) {
    byte[][] out = new byte[bodies.length][];
    for (int i = 0; i < bodies.length; i++) {
      out[i] = new byte[prefix.length + bodies[i].length];
      System.arraycopy(prefix, 0, out[i], 0, prefix.length);
      System.arraycopy(bodies[i], 0, out[i], prefix.length, bodies[i].length);
    }
    return out;
  }
}
