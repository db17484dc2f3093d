package dev.kavro.serde;

import dev.kavro.avro.CompileMode;
import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ByteArrayEncoder;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;

/**
 * Writes a value of one schema as another, registered schema ({@code use.schema.id}, {@code use.schema.guid},
 * {@code use.latest.version}): the value is written in its own schema, read back resolved to the registered one
 * (Avro schema resolution), and that is written. Only values whose registered schema differs pay the double encoding.
 *
 * <p>Thread-safe. Internal API for Kavro's adapters.
 */
public final class Transcoder {
  private final DatumReader<Object> reader;
  private final DatumWriter<Object> writer;

  private Transcoder(DatumReader<Object> reader, DatumWriter<Object> writer) {
    this.reader = reader;
    this.writer = writer;
  }

  /**
   * The transcoder from {@code source} to {@code target}, or {@code null} when they encode alike (the same parsing
   * canonical form), so that values are written as they are.
   *
   * @throws IllegalArgumentException if either is a top-level {@code bytes} schema, which is written raw, with no
   *     Avro length, and so cannot be resolved into another schema
   * @throws org.apache.avro.AvroRuntimeException if Avro cannot resolve the schemas
   */
  public static Transcoder between(Schema source, Schema target, GenericData model, CompileMode mode) {
    if (source == target || SchemaNormalization.toParsingForm(source).equals(SchemaNormalization.toParsingForm(target))) {
      return null;
    }
    if (source.getType() == Schema.Type.BYTES || target.getType() == Schema.Type.BYTES) {
      throw new IllegalArgumentException("Cannot write with registered schema " + target + " instead of " + source);
    }
    return new Transcoder(KavroDatumReader.create(source, target, model, mode), KavroDatumWriter.create(target, model,
        mode));
  }

  /**
   * Writes {@code value} to {@code out} in the target schema.
   *
   * @param source writes {@code value} in the source schema (any encoder: the value goes to a scratch one first)
   * @throws IOException if a writer or reader fails
   */
  public void write(DatumWriter<Object> source, Object value, Encoder out) throws IOException {
    ByteArrayEncoder written = new ByteArrayEncoder();
    source.write(value, written);
    writer.write(reader.read(null, new ByteArrayDecoder(written.array(), 0, written.size())), out);
  }
}
