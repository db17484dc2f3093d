package dev.kavro.avro;

import dev.kavro.cache.WriterCache;
import dev.kavro.cache.WriterEntry;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.runtime.EncoderPool;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.avro.specific.SpecificData;

/**
 * A {@link DatumWriter} that writes with code compiled for its schema, byte for byte what {@code GenericDatumWriter}
 * (or {@code SpecificDatumWriter}, for a {@link SpecificData} model) writes, including logical-type conversions.
 * Until the code is ready (or where it cannot be compiled) vanilla Avro's writer writes.
 *
 * <p>Writers for the same (schema, data model) share one compiled class through a bounded, process-wide cache.
 * Thread-safe: one instance may be shared by any number of threads; {@link #setSchema} switches all of them.
 *
 * @param <T> the type of datum written
 */
public final class KavroDatumWriter<T> implements DatumWriter<T> {
  /** {@link #toBytes}'s per-thread encoders. */
  private static final EncoderPool ENCODERS = new EncoderPool();

  private final GenericData model;
  private final CompileMode mode;
  private volatile WriterEntry entry;

  private KavroDatumWriter(Schema schema, GenericData model, CompileMode mode) {
    this.model = model;
    this.mode = mode;
    this.entry = prepare(schema);
  }

  /**
   * A generic writer in {@link CompileMode#ASYNC} mode.
   *
   * @throws NullPointerException if {@code schema} is null
   */
  public static <T> KavroDatumWriter<T> generic(Schema schema) {
    return create(schema, GenericData.get(), CompileMode.ASYNC);
  }

  /**
   * A specific writer for {@code type}'s schema, in {@link CompileMode#ASYNC} mode.
   *
   * @throws NullPointerException if {@code type} is null
   * @throws org.apache.avro.AvroRuntimeException if {@code type} is not a class generated from an Avro schema
   */
  public static <T> KavroDatumWriter<T> specific(Class<T> type) {
    SpecificData data = SpecificData.getForClass(type);
    return create(data.getSchema(type), data, CompileMode.ASYNC);
  }

  /**
   * A writer for a given data model: {@link GenericData} or {@link SpecificData} (exactly those classes), possibly
   * with logical-type conversions added, is compiled; other models are written by vanilla Avro. Pass the same model
   * instance for the same configuration: models are part of the cache key, by identity.
   *
   * @throws org.apache.avro.AvroRuntimeException in {@link CompileMode#COMPILED} mode when compilation fails (not
   *     for a schema beyond the code generator's limits, which the fallback serves)
   */
  public static <T> KavroDatumWriter<T> create(Schema schema, GenericData model, CompileMode mode) {
    return new KavroDatumWriter<>(Objects.requireNonNull(schema, "schema"), Objects.requireNonNull(model, "model"),
        Objects.requireNonNull(mode, "mode"));
  }

  private WriterEntry prepare(Schema schema) {
    WriterEntry prepared = WriterCache.shared().entry(schema, model);
    switch (mode) {
      case ASYNC -> prepared.compileAsync();
      case COMPILED -> prepared.compileNow();
      case FALLBACK -> { }
    }
    return prepared;
  }

  /**
   * Writes {@code datum}.
   *
   * @throws IOException when the encoder fails
   * @throws RuntimeException where vanilla Avro throws: a null in a non-nullable field ({@link NullPointerException}),
   *     a value of the wrong type ({@link ClassCastException}), a datum that matches no union branch or enum symbol
   *     ({@link org.apache.avro.AvroRuntimeException})
   */
  @Override
  public void write(T datum, Encoder out) throws IOException {
    entry.write(datum, out, mode != CompileMode.FALLBACK);
  }

  /**
   * Writes {@code datum} into a new array: the fast way to one record's bytes, through a per-thread
   * {@link ByteArrayEncoder} rather than an {@code OutputStream} and a buffered encoder. The bytes are those
   * {@link #write} writes into a {@code BinaryEncoder}.
   *
   * @throws IOException never in practice (no stream is involved); declared as {@link #write} declares it
   * @throws RuntimeException as {@link #write} does
   */
  public byte[] toBytes(T datum) throws IOException {
    // A toBytes nested inside this write (a custom conversion, say) gets an encoder of its own.
    try (EncoderPool.Lease lease = ENCODERS.acquire()) {
      write(datum, lease.encoder());
      return lease.encoder().toByteArray();
    }
  }

  /**
   * Switches to a new schema (as {@code DataFileWriter} does).
   *
   * @throws org.apache.avro.AvroRuntimeException in {@link CompileMode#COMPILED} mode when compilation fails (not
   *     for a schema beyond the code generator's limits, which the fallback serves)
   */
  @Override
  public void setSchema(Schema schema) {
    entry = prepare(Objects.requireNonNull(schema, "schema"));
  }

  /** Whether writes currently run through compiled code. */
  public boolean isCompiled() {
    return mode != CompileMode.FALLBACK && entry.isCompiled();
  }

  /**
   * Waits up to {@code timeout} for compiled code, for warm-up before traffic.
   *
   * @return whether writes now run through compiled code; always {@code false} in {@link CompileMode#FALLBACK} mode
   */
  public boolean awaitCompiled(Duration timeout) {
    return mode != CompileMode.FALLBACK && entry.awaitCompiled(timeout);
  }
}
