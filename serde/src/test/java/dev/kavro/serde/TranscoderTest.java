package dev.kavro.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.avro.CompileMode;
import dev.kavro.testing.CaseRuleWriter;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomEvolution;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.api.Test;

class TranscoderTest {

  /**
   * Random compatible evolutions: the bytes are the value written in its schema, read by the differential oracle
   * (vanilla Avro with Kavro's case rule), and written in the registered schema.
   */
  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void writesWhatTheOracleResolvesTheValueTo(CompileMode mode) throws IOException {
    int checked = 0;
    for (long seed = 0; checked < 200; seed++) {
      RandomEvolution.Pair pair = RandomEvolution.pair(seed);
      Oracle oracle;
      try {
        oracle = Oracle.generic(pair.writer(), pair.reader(), false, true);
      } catch (CaseRuleWriter.Inexpressible e) {
        continue;
      }
      if (!RandomEvolution.Pair.compatible(oracle.effectiveWriter(), pair.reader())) {
        continue;
      }
      Transcoder transcoder = Transcoder.between(pair.writer(), pair.reader(), GenericData.get(), mode);
      RandomData random = new RandomData(new Random(seed), GenericData.get());
      for (int i = 0; i < 5; i++) {
        Object value = random.next(pair.writer());
        Oracle.Outcome resolved = answer(oracle, Oracle.encode(pair.writer(), GenericData.get(), value));
        if (resolved == null) {
          continue;
        }
        byte[] expected = Oracle.encode(pair.reader(), GenericData.get(), resolved.value());
        byte[] actual = expected;
        if (transcoder != null) {
          ByteArrayOutputStream out = new ByteArrayOutputStream();
          transcoder.write(new GenericDatumWriter<>(pair.writer()), value,
              EncoderFactory.get().directBinaryEncoder(out, null));
          actual = out.toByteArray();
        }
        // Compared as data: a map's entries may come in another order, which encodes differently.
        assertEquals(decode(pair.reader(), expected), decode(pair.reader(), actual),
            "seed " + seed + "\n" + pair.writer() + "\n" + pair.reader());
        checked++;
      }
    }
  }

  /**
   * The oracle's answer, or null where it has none: vanilla's fast and classic readers disagree (Avro 1.12.0 on some
   * long-to-double promotions in arrays, a bug of that version; see the compatibility matrix).
   */
  private static Oracle.Outcome answer(Oracle oracle, byte[] bytes) {
    try {
      return oracle.expect(bytes);
    } catch (AssertionError e) {
      if (String.valueOf(e.getMessage()).contains("VANILLA DISAGREES")) {
        return null;
      }
      throw e;
    }
  }

  private static Object decode(Schema schema, byte[] bytes) throws IOException {
    return new GenericDatumReader<>(schema).read(null, DecoderFactory.get().binaryDecoder(bytes, null));
  }

  @Test
  void schemasThatEncodeAlikeNeedNone() {
    Schema a = new Schema.Parser().parse("""
        {"type":"record","name":"R","doc":"one","fields":[{"name":"x","type":"int","doc":"a"}]}""");
    Schema b = new Schema.Parser().parse("""
        {"type":"record","name":"R","doc":"two","fields":[{"name":"x","type":"int"}]}""");
    assertNull(Transcoder.between(a, b, GenericData.get(), CompileMode.FALLBACK));
    assertNotNull(Transcoder.between(a, Schema.createRecord("R", null, null, false, java.util.List.of(
        new Schema.Field("x", Schema.create(Schema.Type.LONG)))), GenericData.get(), CompileMode.FALLBACK));
  }

  /** A top-level bytes value is written raw, without an Avro length: there is nothing to resolve. */
  @Test
  void refusesTopLevelBytesEitherWay() {
    Schema bytes = Schema.create(Schema.Type.BYTES);
    Schema string = Schema.create(Schema.Type.STRING);
    assertThrows(IllegalArgumentException.class, () -> Transcoder.between(bytes, string, GenericData.get(),
        CompileMode.FALLBACK));
    assertThrows(IllegalArgumentException.class, () -> Transcoder.between(string, bytes, GenericData.get(),
        CompileMode.FALLBACK));
    assertNull(Transcoder.between(bytes, Schema.create(Schema.Type.BYTES), GenericData.get(), CompileMode.FALLBACK));
  }
}
