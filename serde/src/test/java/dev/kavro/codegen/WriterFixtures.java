package dev.kavro.codegen;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;

/** Schemas and encoding for the writer tests. */
final class WriterFixtures {
  private WriterFixtures() {}

  static Schema load(String resource) throws IOException {
    try (InputStream in = WriterFixtures.class.getResourceAsStream(resource)) {
      return new Schema.Parser().parse(in);
    }
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  static byte[] encode(DatumWriter writer, Object datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    writer.write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
