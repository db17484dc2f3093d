package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.RandomData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The benchmark schemas, read by compiled code and by the fallback, against vanilla Avro. */
class CompiledReaderTest {

  static List<Arguments> schemas() {
    List<Arguments> args = new ArrayList<>();
    for (String name : List.of("user80", "organization", "unionHeavy", "ksql-metrics", "ksql-impressions")) {
      for (CompileMode mode : List.of(CompileMode.COMPILED, CompileMode.FALLBACK)) {
        args.add(Arguments.of(name, mode));
      }
    }
    return args;
  }

  @ParameterizedTest
  @MethodSource("schemas")
  void readsBenchSchemasLikeVanillaAvro(String name, CompileMode mode) throws IOException {
    Schema schema = load(name);
    KavroDatumReader<Object> kavro = KavroDatumReader.generic(schema, schema, mode);
    assertEquals(mode == CompileMode.COMPILED, kavro.isCompiled());
    GenericDatumReader<Object> vanilla = new GenericDatumReader<>(schema, schema);
    Object reuse = null;
    for (Object datum : new RandomData(schema, 50, 42L)) {
      byte[] bytes = encode(schema, datum);
      Object expected = vanilla.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
      Object fresh = kavro.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
      reuse = kavro.read(reuse, DecoderFactory.get().binaryDecoder(bytes, null));
      assertEquals(expected, fresh);
      assertEquals(expected, reuse);
      assertTrue(GenericData.get().validate(schema, fresh));
    }
  }

  static Schema load(String name) throws IOException {
    try (InputStream in = CompiledReaderTest.class.getResourceAsStream("/schemas/" + name + ".avsc")) {
      return new Schema.Parser().parse(in);
    }
  }

  static byte[] encode(Schema schema, Object datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema).write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }
}
