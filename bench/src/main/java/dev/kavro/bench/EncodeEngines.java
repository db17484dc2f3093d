package dev.kavro.bench;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.bench.data.BenchCase;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.KavroSerializer;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;

/**
 * The encoders compared, each writing record {@code i} of one same-schema {@link BenchCase}: Avro's
 * {@code GenericDatumWriter} (generic cases) or {@code SpecificDatumWriter} (specific cases), Kavro's
 * {@code KavroDatumWriter} compiled and in its fallback, and the whole {@code KavroSerializer.serialize(topic, value)} path.
 *
 * <p>Vanilla Avro writes into one reused buffered encoder over a reused stream and returns no array;
 * {@link #vanillaToByteArray} is its peer for a serializer, which must return a new array per record: Avro into a new
 * {@code ByteArrayOutputStream} through a direct encoder, then {@code toByteArray()}, as Confluent's
 * {@code KafkaAvroSerializer} does (without its framing). Kavro's writer returns the record's bytes from its per-thread
 * in-memory encoder ({@code toBytes}). Not thread-safe.
 */
public final class EncodeEngines {
  private final BenchCase benchCase;
  private final List<Object> data;
  private final DatumWriter<Object> vanilla;
  private final KavroDatumWriter<Object> kavro;
  private final KavroDatumWriter<Object> kavroFallback;
  private final KavroSerializer serializer;
  private final ByteArrayOutputStream out = new ByteArrayOutputStream(1 << 16);
  private BinaryEncoder encoder;
  private byte[] lastKavro;

  /** @throws IllegalArgumentException if the case's reader differs from its writer (nothing to encode with) */
  public EncodeEngines(BenchCase benchCase) {
    if (!benchCase.sameSchema()) {
      throw new IllegalArgumentException("Encode cases need the same writer and reader schema: " + benchCase.name);
    }
    this.benchCase = benchCase;
    this.data = benchCase.readerData();
    this.vanilla = benchCase.isSpecific()
        ? new SpecificDatumWriter<>(benchCase.writer, (SpecificData) benchCase.kavroModel())
        : new GenericDatumWriter<>(benchCase.writer, benchCase.kavroModel());
    this.kavro = KavroDatumWriter.create(benchCase.writer, benchCase.kavroModel(), CompileMode.COMPILED);
    this.kavroFallback = KavroDatumWriter.create(benchCase.writer, benchCase.kavroModel(), CompileMode.FALLBACK);
    this.serializer = new KavroSerializer(new MockSchemaRegistry());
    this.serializer.configure(Map.of(KavroSerdeConfig.KAVRO_READER_MODE_CONFIG, "compiled"), false);
  }

  /** {@code GenericDatumWriter} or {@code SpecificDatumWriter}, matching the case's model. */
  public int vanilla(int i) throws IOException {
    lastKavro = null;
    return write(vanilla, data.get(i));
  }

  /**
   * {@code GenericDatumWriter} (or {@code SpecificDatumWriter}) as a serializer runs it: a new stream and direct
   * encoder per record, and a new array of the record's bytes.
   */
  public byte[] vanillaToByteArray(int i) throws IOException {
    ByteArrayOutputStream stream = new ByteArrayOutputStream();
    BinaryEncoder direct = EncoderFactory.get().directBinaryEncoder(stream, null);
    vanilla.write(data.get(i), direct);
    direct.flush();
    return stream.toByteArray();
  }

  /** Kavro's {@code KavroDatumWriter}, through its fast path to a record's bytes ({@code toBytes}). */
  public int kavro(int i) throws IOException {
    lastKavro = kavro.toBytes(data.get(i));
    return lastKavro.length;
  }

  /** Kavro's writer fallback, the interpreter of the same plan ({@code CompileMode.FALLBACK}), through {@code toBytes}. */
  public int kavroFallback(int i) throws IOException {
    lastKavro = kavroFallback.toBytes(data.get(i));
    return lastKavro.length;
  }

  /** {@code KavroSerializer.serialize(topic, value)}: framing, schema id lookup and the returned array included. */
  public byte[] serde(int i) {
    return serializer.serialize(DecodeEngines.TOPIC, data.get(i));
  }

  /** Whether Kavro's writer runs compiled code (its implementation may still delegate to vanilla Avro). */
  public boolean kavroCompiled() {
    return kavro.isCompiled();
  }

  /** The bytes the last {@link #vanilla}, {@link #kavro} or {@link #kavroFallback} call wrote. */
  public byte[] lastWritten() {
    return lastKavro != null ? lastKavro : out.toByteArray();
  }

  public BenchCase benchCase() {
    return benchCase;
  }

  private int write(DatumWriter<Object> writer, Object datum) throws IOException {
    out.reset();
    encoder = EncoderFactory.get().binaryEncoder(out, encoder);
    writer.write(datum, encoder);
    encoder.flush();
    return out.size();
  }
}
