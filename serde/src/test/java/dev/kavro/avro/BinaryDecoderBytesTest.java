package dev.kavro.avro;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomSchemas;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * A {@code BinaryDecoder} over a byte array is read through its buffer ({@link BinaryDecoderBytes}): the values must be
 * those of the {@code Decoder} API (a decoder over an {@code InputStream}, which is never bridged),
 * and the decoder must be left exactly after each datum, whatever its caller read before and after.
 */
class BinaryDecoderBytesTest {
  private static final int SCHEMAS = 40;
  private static final int DATUMS = 6;

  /** On every supported Avro the bridge must reach the decoder's buffer: the speed-up is not optional. */
  @Test
  void bridgesArrayDecodersOnly() throws IOException {
    byte[] bytes = {1, 2, 3, 4};
    ByteArrayDecoder target = new ByteArrayDecoder();
    assertSame(target, BinaryDecoderBytes.wrap(DecoderFactory.get().binaryDecoder(bytes, 1, 2, null), target));
    assertEquals(2, target.remainingBytes()); // where they are is the decoder's business: it copies short inputs
    assertEquals(1, target.readInt()); // zig-zag 2
    assertEquals(-2, target.readInt()); // zig-zag 3
    assertNull(BinaryDecoderBytes.wrap(DecoderFactory.get().binaryDecoder(new ByteArrayInputStream(bytes), null),
        target));
    assertNull(BinaryDecoderBytes.wrap(DecoderFactory.get().directBinaryDecoder(new ByteArrayInputStream(bytes), null),
        target));
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsStreamsOfRandomDatumsAsTheDecoderApiDoes(CompileMode mode) throws IOException {
    Random random = new Random(17);
    for (int s = 0; s < SCHEMAS; s++) {
      Schema schema = new RandomSchemas(random).record();
      GenericData model = Models.generic(false, false);
      RandomData data = new RandomData(random, model);
      List<Object> datums = new ArrayList<>();
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(new byte[] {7, 7, 7}); // a prefix the decoder starts after: a non-zero offset
      BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
      for (int i = 0; i < DATUMS; i++) {
        Object datum = data.next(schema);
        datums.add(datum);
        out.write(Oracle.encode(schema, model, datum));
        encoder.writeInt(1000 + i); // the caller's own data between datums
      }
      byte[] bytes = out.toByteArray();
      KavroDatumReader<Object> kavro = KavroDatumReader.generic(schema, schema, mode);
      BinaryDecoder bridged = DecoderFactory.get().binaryDecoder(bytes, 3, bytes.length - 3, null);
      BinaryDecoder stream = DecoderFactory.get().binaryDecoder(new ByteArrayInputStream(bytes, 3, bytes.length), null);
      for (int i = 0; i < DATUMS; i++) {
        String where = "schema " + s + " " + schema + ", datum " + i;
        // The Decoder API's values; the differential suite checks those against vanilla Avro. Vanilla is no reference
        // here on every version: Avro 1.12.0's reader returned an array's doubles at float precision in this test.
        Object expected = kavro.read(null, stream);
        assertEquals(expected, kavro.read(null, bridged), where);
        assertEquals(1000 + i, bridged.readInt(), where);
        assertEquals(1000 + i, stream.readInt(), where);
      }
      assertTrue(bridged.isEnd());
    }
  }

  /** BinaryDecoder copies its last few bytes into a small buffer of its own when a read nears the end. */
  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsAfterTheDecoderMovedItsTailToAnotherBuffer(CompileMode mode) throws IOException {
    Schema schema = new Schema.Parser().parse(
        "{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"s\", \"type\": \"string\"}]}");
    GenericData.Record record = new GenericData.Record(schema);
    record.put("s", "ab");
    byte[] body = Oracle.encode(schema, GenericData.get(), record);
    byte[] bytes = new byte[body.length + 1];
    System.arraycopy(body, 0, bytes, 1, body.length); // a leading int 0
    BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(bytes, null);
    assertEquals(0, decoder.readLong()); // fewer than 10 bytes left: the decoder compacts its tail
    assertEquals(record.toString(), KavroDatumReader.generic(schema, schema, mode).read(null, decoder).toString());
    assertTrue(decoder.isEnd());
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void failsOnTruncatedInputAsTheDecoderDoes(CompileMode mode) {
    Schema schema = new Schema.Parser().parse(
        "{\"type\": \"record\", \"name\": \"R\", \"fields\": [{\"name\": \"s\", \"type\": \"string\"}]}");
    byte[] truncated = {20, 'a', 'b'};
    KavroDatumReader<Object> kavro = KavroDatumReader.generic(schema, schema, mode);
    Decoder bridged = DecoderFactory.get().binaryDecoder(truncated, null);
    Decoder stream = DecoderFactory.get().binaryDecoder(new ByteArrayInputStream(truncated), null);
    assertThrows(EOFException.class, () -> kavro.read(null, bridged));
    assertThrows(EOFException.class, () -> kavro.read(null, stream));
  }
}
