package dev.kavro.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/** Vanilla Avro encode and decode helpers for tests: the oracle side of differential checks. */
public final class AvroBytes {
  private AvroBytes() {}

  /**
   * Bytes left in a decoder: {@code Decoder.remainingBytes()} exists only from Avro 1.12.2, so on older versions a
   * {@code BinaryDecoder} over an array is asked through its input stream.
   */
  public static int remaining(org.apache.avro.io.Decoder decoder) {
    int remaining = dev.kavro.runtime.AvroInternals.remainingBytes(decoder);
    if (remaining < 0 && decoder instanceof BinaryDecoder) {
      try {
        return ((BinaryDecoder) decoder).inputStream().available();
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
    return remaining;
  }

  public static byte[] encode(Schema schema, Object datum) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      new GenericDatumWriter<>(schema).write(datum, encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static Object decodeVanilla(Schema writer, Schema reader, byte[] bytes) {
    try {
      return new GenericDatumReader<>(writer, reader, GenericData.get()).read(null, decoder(bytes));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  public static BinaryDecoder decoder(byte[] bytes) {
    return DecoderFactory.get().binaryDecoder(bytes, null);
  }

  /** A schema from {@code src/test/resources/schemas}. */
  public static Schema schema(String name) {
    try (InputStream in = AvroBytes.class.getResourceAsStream("/schemas/" + name + ".avsc")) {
      return new Schema.Parser().parse(in);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
