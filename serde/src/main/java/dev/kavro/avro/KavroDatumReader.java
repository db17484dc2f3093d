package dev.kavro.avro;

import dev.kavro.cache.ReaderCache;
import dev.kavro.cache.ReaderEntry;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.NestingLimit;
import dev.kavro.runtime.ThreadScratch;
import java.io.IOException;
import java.lang.ref.WeakReference;
import java.time.Duration;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;
import org.apache.avro.specific.SpecificData;

/**
 * A {@link DatumReader} that resolves a writer schema against a reader schema once, into a plan, and then reads with
 * code compiled from that plan. Until the code is ready (or where it cannot be compiled) a fallback executes the same
 * plan, with equal results of the same Java types.
 *
 * <p>Resolution follows the Avro specification, as {@code GenericDatumReader} and {@code SpecificDatumReader} do,
 * plus one rule: a writer field with no exact match in the reader takes the reader field named by its upper-cased
 * name ({@code Locale.ROOT}) if no exact match claimed that field (ksqlDB's rule), decided per position, and union
 * branches are chosen with it (README, "The case rule").
 *
 * <p>Readers for the same (writer, reader, data model) share one plan and one compiled class through a bounded,
 * process-wide cache. Thread-safe: one instance may be shared by any number of threads; {@link #setSchema} switches
 * all of them to the new writer schema.
 *
 * @param <T> the type of datum read
 */
public final class KavroDatumReader<T> implements DatumReader<T> {
  private final ThreadScratch<ByteArrayDecoder> decoders = new ThreadScratch<>(ByteArrayDecoder::new);
  private final Schema readerSchema;
  private final GenericData model;
  private final CompileMode mode;
  private volatile Schema writer;
  /**
   * The cache's entry, held weakly: the cache alone decides how many compiled classes stay loaded, so an evicted
   * entry's class unloads while this reader lives; the next read finds or rebuilds the entry.
   */
  private volatile WeakReference<ReaderEntry> entry;

  private KavroDatumReader(Schema writer, Schema reader, GenericData model, CompileMode mode) {
    this.readerSchema = reader;
    this.model = model;
    this.mode = mode;
    this.writer = writer;
    this.entry = new WeakReference<>(prepare(writer));
  }

  /**
   * A generic reader in {@link CompileMode#ASYNC} mode.
   *
   * @throws NullPointerException if a schema is null
   */
  public static <T> KavroDatumReader<T> generic(Schema writer, Schema reader) {
    return generic(writer, reader, CompileMode.ASYNC);
  }

  /**
   * A generic reader that returns {@code GenericRecord}s and Avro's generic representations.
   *
   * @throws org.apache.avro.AvroRuntimeException in {@link CompileMode#COMPILED} mode when compilation fails (not
   *     for a schema beyond the code generator's limits, which the fallback serves)
   */
  public static <T> KavroDatumReader<T> generic(Schema writer, Schema reader, CompileMode mode) {
    return create(writer, reader, GenericData.get(), mode);
  }

  /**
   * A specific reader whose reader schema is that of {@code type}.
   *
   * @throws org.apache.avro.AvroRuntimeException in {@link CompileMode#COMPILED} mode when compilation fails (not
   *     for a schema beyond the code generator's limits, which the fallback serves)
   */
  public static <T> KavroDatumReader<T> specific(Schema writer, Class<T> type, CompileMode mode) {
    SpecificData data = SpecificData.getForClass(type);
    return create(writer, data.getSchema(type), data, mode);
  }

  /**
   * A reader for a given data model: {@link GenericData} or {@link SpecificData} (exactly those classes), possibly
   * with logical-type conversions added. Other models are read with vanilla Avro. Pass the same model instance for
   * the same configuration: models are part of the cache key, by identity.
   *
   * @throws org.apache.avro.AvroRuntimeException in {@link CompileMode#COMPILED} mode when compilation fails (not
   *     for a schema beyond the code generator's limits, which the fallback serves)
   */
  public static <T> KavroDatumReader<T> create(Schema writer, Schema reader, GenericData model, CompileMode mode) {
    return new KavroDatumReader<>(Objects.requireNonNull(writer, "writer"), Objects.requireNonNull(reader, "reader"),
        Objects.requireNonNull(model, "model"), Objects.requireNonNull(mode, "mode"));
  }

  /** The entry for {@code writer}; compiled now in {@link CompileMode#COMPILED}, after enough reads in ASYNC. */
  private ReaderEntry prepare(Schema writer) {
    ReaderEntry prepared = ReaderCache.shared().entry(writer, readerSchema, model);
    if (mode == CompileMode.COMPILED) {
      prepared.compileNow();
    }
    return prepared;
  }

  private ReaderEntry entry() {
    ReaderEntry current = entry.get();
    if (current == null) {
      current = prepare(writer);
      entry = new WeakReference<>(current);
    }
    return current;
  }

  /**
   * Reads one datum. A datum of a recursive schema nested deeper than 128 levels is read again on a Kavro
   * thread with a deep stack when {@code in} is a {@link ByteArrayDecoder} or a {@code BinaryDecoder} over a byte
   * array, which is then left after the datum as usual (see {@link NestingLimit}). Such a {@code BinaryDecoder} is
   * read through its buffer directly (see {@link BinaryDecoderBytes}).
   *
   * @throws IOException when the input ends early or is malformed
   * @throws NestingLimit.NestingTooDeepException when the datum nests deeper than {@link NestingLimit#MAX_DEPTH}
   */
  @Override
  @SuppressWarnings("unchecked")
  public T read(T reuse, Decoder in) throws IOException {
    ReaderEntry current = entry();
    boolean allowCompiled = mode != CompileMode.FALLBACK;
    if (in instanceof ByteArrayDecoder bytes) {
      return read(current, reuse, bytes, allowCompiled);
    }
    ByteArrayDecoder buffered = BinaryDecoderBytes.wrap(in, decoders.get());
    if (buffered == null) {
      return (T) current.read(reuse, in, allowCompiled);
    }
    try {
      return read(current, reuse, buffered, allowCompiled);
    } finally {
      BinaryDecoderBytes.advance(in, buffered.position());
    }
  }

  @SuppressWarnings("unchecked")
  private T read(ReaderEntry current, T reuse, ByteArrayDecoder bytes, boolean allowCompiled) throws IOException {
    int start = bytes.position();
    try {
      return (T) current.read(reuse, bytes, allowCompiled);
    } catch (NestingLimit.ReadOnDeepStack deep) {
      ByteArrayDecoder again = bytes.from(start);
      Object datum = NestingLimit.onDeepStack(() -> current.read(reuse, again, allowCompiled));
      bytes.position(again.position());
      return (T) datum;
    }
  }

  /**
   * Reads one datum from {@code length} bytes of {@code bytes} at {@code offset}: the fast path for data already in
   * memory (a Kafka record value), with the same results as {@link #read(Object, Decoder)} over a
   * {@code BinaryDecoder}. Bytes after the datum are left unread.
   *
   * @throws IOException when the bytes end early or are malformed
   */
  public T read(T reuse, byte[] bytes, int offset, int length) throws IOException {
    return read(reuse, decoders.get().wrap(bytes, offset, length));
  }

  /**
   * Switches to a new writer schema (as {@code DataFileStream} does); the reader schema stays.
   *
   * @throws NullPointerException if {@code writer} is null
   */
  @Override
  public void setSchema(Schema writer) {
    ReaderEntry prepared = prepare(Objects.requireNonNull(writer, "writer"));
    this.writer = writer;
    this.entry = new WeakReference<>(prepared);
  }

  /** The reader schema: the type of what {@link #read} returns. */
  public Schema readerSchema() {
    return readerSchema;
  }

  /** Whether reads currently run through compiled code. */
  public boolean isCompiled() {
    return mode != CompileMode.FALLBACK && entry().isCompiled();
  }

  /**
   * Starts compiling at once, without waiting for the compile threshold, and waits up to {@code timeout} for compiled
   * code: warm-up before traffic.
   *
   * @return whether reads now run through compiled code; always {@code false} in {@link CompileMode#FALLBACK} mode
   */
  public boolean awaitCompiled(Duration timeout) {
    if (mode == CompileMode.FALLBACK) {
      return false;
    }
    ReaderEntry current = entry();
    current.compileAsync();
    return current.awaitCompiled(timeout);
  }
}
