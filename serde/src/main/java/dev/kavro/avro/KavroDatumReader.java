package dev.kavro.avro;

import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;

/**
 * A {@link DatumReader} that resolves a writer schema against a reader schema once, then reads with compiled code.
 *
 * <p>Placeholder: delegates to vanilla Avro until the compiled readers land.
 *
 * <p>Thread-safe: one instance may be shared by any number of threads.
 *
 * @param <T> the type of datum read
 */
public final class KavroDatumReader<T> implements DatumReader<T> {
  private final DatumReader<T> delegate;

  private KavroDatumReader(DatumReader<T> delegate) {
    this.delegate = delegate;
  }

  /** A generic reader in {@link ReaderMode#ASYNC} mode. */
  public static <T> KavroDatumReader<T> generic(Schema writer, Schema reader) {
    return generic(writer, reader, ReaderMode.ASYNC);
  }

  /** A generic reader that returns {@code GenericRecord}s and Avro's generic representations. */
  public static <T> KavroDatumReader<T> generic(Schema writer, Schema reader, ReaderMode mode) {
    return create(writer, reader, GenericData.get(), mode);
  }

  /** A specific reader whose reader schema is that of {@code type}. */
  public static <T> KavroDatumReader<T> specific(Schema writer, Class<T> type, ReaderMode mode) {
    SpecificData data = SpecificData.getForClass(type);
    return create(writer, data.getSchema(type), data, mode);
  }

  /**
   * A reader for a given data model: {@link GenericData} or {@link SpecificData}, possibly with logical-type
   * conversions added.
   */
  public static <T> KavroDatumReader<T> create(Schema writer, Schema reader, GenericData model, ReaderMode mode) {
    Objects.requireNonNull(mode, "mode");
    DatumReader<T> vanilla = model instanceof SpecificData specific
        ? new SpecificDatumReader<>(writer, reader, specific)
        : new GenericDatumReader<>(writer, reader, model);
    return new KavroDatumReader<>(vanilla);
  }

  @Override
  public T read(T reuse, Decoder in) throws IOException {
    return delegate.read(reuse, in);
  }

  @Override
  public void setSchema(Schema writer) {
    throw new UnsupportedOperationException("The writer schema is fixed when the reader is created");
  }

  /** Whether reads currently run through compiled code. */
  public boolean isCompiled() {
    return false;
  }

  /** Waits up to {@code timeout} for compiled code; returns whether it is in use. */
  public boolean awaitCompiled(Duration timeout) {
    return false;
  }
}
