package dev.kavro.avro;

import java.io.IOException;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;

/**
 * A {@link DatumWriter} that writes with code compiled for its schema.
 *
 * <p>Placeholder: delegates to vanilla Avro until the compiled writers land.
 *
 * <p>Thread-safe: one instance may be shared by any number of threads.
 *
 * @param <T> the type of datum written
 */
public final class KavroDatumWriter<T> implements DatumWriter<T> {
  private final DatumWriter<T> delegate;

  private KavroDatumWriter(DatumWriter<T> delegate) {
    this.delegate = delegate;
  }

  /** A generic writer in {@link ReaderMode#ASYNC} mode. */
  public static <T> KavroDatumWriter<T> generic(Schema schema) {
    return create(schema, GenericData.get(), ReaderMode.ASYNC);
  }

  /** A specific writer for {@code type}'s schema. */
  public static <T> KavroDatumWriter<T> specific(Class<T> type) {
    SpecificData data = SpecificData.getForClass(type);
    return create(data.getSchema(type), data, ReaderMode.ASYNC);
  }

  /** A writer for a given data model and mode. */
  public static <T> KavroDatumWriter<T> create(Schema schema, GenericData model, ReaderMode mode) {
    Objects.requireNonNull(mode, "mode");
    DatumWriter<T> vanilla = model instanceof SpecificData specific
        ? new SpecificDatumWriter<>(schema, specific)
        : new GenericDatumWriter<>(schema, model);
    return new KavroDatumWriter<>(vanilla);
  }

  @Override
  public void write(T datum, Encoder out) throws IOException {
    delegate.write(datum, out);
  }

  @Override
  public void setSchema(Schema schema) {
    throw new UnsupportedOperationException("The schema is fixed when the writer is created");
  }

  /** Whether writes currently run through compiled code. */
  public boolean isCompiled() {
    return false;
  }
}
