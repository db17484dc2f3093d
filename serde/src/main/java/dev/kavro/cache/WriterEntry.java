package dev.kavro.cache;

import dev.kavro.codegen.WriterGenerator;
import dev.kavro.runtime.GeneratedWriter;
import java.io.IOException;
import java.io.OutputStream;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;

/**
 * The writer for one (schema, model) key: vanilla Avro's writer, and compiled code once it is ready.
 *
 * <p>Compilation happens at most once per entry; a failure is sticky and vanilla Avro, which writes the same bytes,
 * keeps writing. Thread-safe.
 */
public final class WriterEntry extends CompiledEntry<GeneratedWriter> {
  private final WriterCache cache;
  private final DatumWriter<Object> vanilla;

  WriterEntry(WriterCache cache, WriterKey key, Schema schema, GenericData model, DatumWriter<Object> vanilla) {
    super(slot(cache, key, schema, model));
    this.cache = cache;
    this.vanilla = vanilla;
  }

  private static CompiledSlot<GeneratedWriter> slot(WriterCache cache, WriterKey key, Schema schema,
      GenericData model) {
    if (!WriterGenerator.supports(model)) {
      return CompiledSlot.unavailable("writer",
          "Kavro compiles writers for GenericData and SpecificData only, not " + model.getClass().getName());
    }
    return new CompiledSlot<>(cache.compileService(), key, "writer", () -> {
      cache.compileService().limits().check(schema);
      return WriterGenerator.generate(schema, model);
    });
  }

  /**
   * Writes one datum, through compiled code when it is ready and {@code allowCompiled}.
   *
   * @throws IOException when the encoder fails
   * @throws RuntimeException exactly what vanilla Avro throws (class and message) for a datum that does not match the
   *     schema: a null in a non-nullable field, a value of the wrong type, a datum that matches no union branch or
   *     enum symbol
   */
  public void write(Object datum, Encoder out, boolean allowCompiled) throws IOException {
    if (allowCompiled) {
      GeneratedWriter code = compiledCode();
      if (code != null) {
        cache.compiledWrites.increment();
        try {
          code.write(datum, out);
        } catch (RuntimeException e) {
          throw vanillaFailure(datum, e);
        }
        return;
      }
    }
    cache.fallbackWrites.increment();
    vanilla.write(datum, out);
  }


  /**
   * The exception vanilla Avro throws for a datum the compiled code rejected: the same class and message, with Avro's
   * path to the bad value ("at R.items[2].name"). Only rejected data pays for this second, discarded write; should
   * vanilla accept the datum (it changed in between), the compiled code's own exception stands.
   */
  private RuntimeException vanillaFailure(Object datum, RuntimeException compiledFailure) {
    try {
      vanilla.write(datum, EncoderFactory.get().directBinaryEncoder(OutputStream.nullOutputStream(), null));
    } catch (RuntimeException e) {
      return e;
    } catch (IOException e) {
      compiledFailure.addSuppressed(e);
    }
    return compiledFailure;
  }
}
