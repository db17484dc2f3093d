package dev.kavro.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

/** ByteArrayEncoder against Avro's BinaryEncoder: the same calls give the same bytes. */
class ByteArrayEncoderTest {
  private static final String[] STRINGS = {"", "a", "plain ascii", "ßüé", "€ and ✓", "😀", "a😀b", "\uD800",
      "x\uDC00y", "\uDBFF\uDFFF", "\u07FF\u0800\u007F\u0080", "z".repeat(64), "ß".repeat(64), "y".repeat(65),
      "€".repeat(200)};

  private interface Ops {
    void apply(Encoder out) throws IOException;
  }

  private static void assertSameBytes(Ops ops) throws IOException {
    ByteArrayOutputStream expected = new ByteArrayOutputStream();
    BinaryEncoder avro = EncoderFactory.get().binaryEncoder(expected, null);
    ops.apply(avro);
    avro.flush();
    ByteArrayEncoder ours = new ByteArrayEncoder();
    ours.reset();
    ops.apply(ours);
    assertArrayEquals(expected.toByteArray(), ours.toByteArray());
  }

  @Test
  void writesEveryStringAsAvroDoes() throws IOException {
    for (String s : STRINGS) {
      assertSameBytes(out -> {
        out.writeString(s);
        out.writeString(new Utf8(s));
        out.writeString((CharSequence) s);
      });
    }
    Random random = new Random(5);
    for (int i = 0; i < 2000; i++) {
      StringBuilder s = new StringBuilder();
      int n = random.nextInt(80);
      for (int j = 0; j < n; j++) {
        int kind = random.nextInt(5);
        s.append(kind == 0 ? (char) random.nextInt(0x80) : kind == 1 ? (char) (0x80 + random.nextInt(0x780))
            : kind == 2 ? (char) random.nextInt(0x10000) : (char) ('a' + random.nextInt(26)));
      }
      assertSameBytes(out -> out.writeString(s.toString()));
    }
  }

  @Test
  void writesNumbersBytesAndFramingAsAvroDoes() throws IOException {
    Random random = new Random(9);
    long[] longs = {0, 1, -1, 63, 64, -64, -65, Integer.MAX_VALUE, Integer.MIN_VALUE, Long.MAX_VALUE, Long.MIN_VALUE};
    for (int round = 0; round < 300; round++) {
      long l = round < longs.length ? longs[round] : random.nextLong() >> random.nextInt(64);
      int i = (int) l;
      float f = round == 0 ? Float.NaN : round == 1 ? Float.NEGATIVE_INFINITY : random.nextFloat() * 1e6f - 5e5f;
      double d = round == 0 ? Double.NaN : round == 1 ? -0.0 : random.nextGaussian() * 1e12;
      byte[] bytes = new byte[random.nextInt(40)];
      random.nextBytes(bytes);
      assertSameBytes(out -> {
        out.writeNull();
        out.writeBoolean(l % 2 == 0);
        out.writeInt(i);
        out.writeLong(l);
        out.writeFloat(f);
        out.writeDouble(d);
        out.writeEnum(Math.abs(i % 50));
        out.writeIndex(Math.abs(i % 5));
        out.writeBytes(bytes);
        out.writeBytes(ByteBuffer.wrap(bytes));
        out.writeBytes(ByteBuffer.wrap(bytes).asReadOnlyBuffer());
        out.writeFixed(bytes, 0, bytes.length);
        out.writeArrayStart();
        out.setItemCount(bytes.length);
        for (byte b : bytes) {
          out.startItem();
          out.writeInt(b);
        }
        out.writeArrayEnd();
        out.writeMapStart();
        out.setItemCount(0);
        out.writeMapEnd();
      });
    }
  }

  @Test
  void growsPastItsInitialBufferAndStartsOverOnReset() throws IOException {
    byte[] big = new byte[ByteArrayEncoder.RETAINED_CAPACITY + 10];
    new Random(1).nextBytes(big);
    assertSameBytes(out -> {
      out.writeBytes(big);
      out.writeString("after");
    });
    ByteArrayEncoder ours = new ByteArrayEncoder();
    ours.reset();
    ours.writeBytes(big);
    ours.toByteArray();
    ours.trim();
    ours.reset();
    ours.writeInt(150);
    assertArrayEquals(new byte[] {(byte) 0xAC, 0x02}, ours.toByteArray());
  }
}
