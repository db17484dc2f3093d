package dev.kavro.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.testing.AvroBytes;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Random;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.InvalidNumberEncodingException;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

/** Kavro's in-memory decoder against Avro's BinaryDecoder, value by value and failure by failure. */
class ByteArrayDecoderTest {

  /** A stream of mixed values, written by Avro's encoder, then read back the same way by both decoders. */
  @Test
  void readsWhatBinaryEncoderWritesLikeBinaryDecoder() throws IOException {
    Random random = new Random(17);
    for (int round = 0; round < 200; round++) {
      long seed = random.nextLong();
      byte[] bytes = write(seed);
      byte[] padded = new byte[bytes.length + 7];
      System.arraycopy(bytes, 0, padded, 3, bytes.length);
      assertEquals(readAll(seed, DecoderFactory.get().binaryDecoder(bytes, null)),
          readAll(seed, new ByteArrayDecoder(padded, 3, bytes.length)), "seed " + seed);
    }
  }

  @Test
  void reusesUtf8AndByteBuffersAsBinaryDecoderDoes() throws IOException {
    byte[] bytes = encode(e -> {
      e.writeString("héllo wörld");
      e.writeBytes(new byte[] {1, 2, 3});
    });
    Utf8 old = new Utf8("a much longer string than the one read");
    ByteBuffer oldBytes = ByteBuffer.allocate(16);
    ByteArrayDecoder decoder = new ByteArrayDecoder(bytes, 0, bytes.length);
    Utf8 read = decoder.readString(old);
    ByteBuffer readBytes = decoder.readBytes(oldBytes);
    assertTrue(read == old && readBytes == oldBytes);
    assertEquals("héllo wörld", read.toString());
    assertArrayEquals(new byte[] {1, 2, 3}, Arrays.copyOf(readBytes.array(), readBytes.limit()));
    assertTrue(decoder.isEnd());
  }

  @Test
  void failsLikeBinaryDecoderOnTruncatedAndMalformedInput() {
    byte[] longString = encode(e -> e.writeString("0123456789"));
    byte[] truncated = Arrays.copyOf(longString, 5);
    assertThrows(EOFException.class, () -> new ByteArrayDecoder(truncated, 0, truncated.length).readString(null));
    assertThrows(EOFException.class, () -> decoder(truncated).readString(null));

    byte[] tenContinuationBytes = {-1, -1, -1, -1, -1, -1, -1, -1, -1, -1, 1};
    assertThrows(InvalidNumberEncodingException.class, () -> decoder(tenContinuationBytes).readLong());
    assertThrows(InvalidNumberEncodingException.class,
        () -> new ByteArrayDecoder(tenContinuationBytes, 0, 11).readLong());
    byte[] sixIntBytes = {-1, -1, -1, -1, -1, 1};
    assertThrows(InvalidNumberEncodingException.class, () -> new ByteArrayDecoder(sixIntBytes, 0, 6).readInt());
    assertThrows(EOFException.class, () -> new ByteArrayDecoder(new byte[] {-1}, 0, 1).readInt());

    byte[] negativeLength = encode(e -> e.writeLong(-5));
    assertThrows(AvroRuntimeException.class,
        () -> new ByteArrayDecoder(negativeLength, 0, negativeLength.length).readBytes(null));
    byte[] hugeLength = encode(e -> e.writeLong(Integer.MAX_VALUE - 16));
    assertThrows(EOFException.class, () -> new ByteArrayDecoder(hugeLength, 0, hugeLength.length).readString());
    byte[] doubleTooShort = {1, 2, 3};
    assertThrows(EOFException.class, () -> new ByteArrayDecoder(doubleTooShort, 0, 3).readDouble());
    assertThrows(EOFException.class, () -> new ByteArrayDecoder(doubleTooShort, 0, 3).skipFixed(4));
  }

  /**
   * Every kind of bad string length fails as BinaryDecoder fails it, fresh and into an old Utf8: negative, beyond the
   * input, beyond Java's array limit, and beyond Avro's string limit (which Utf8 itself enforces on Kavro's fast path).
   */
  @Test
  void badStringLengthsFailLikeBinaryDecoder() throws Exception {
    long[] lengths = {-1, -5, Long.MIN_VALUE, 10, 11, 1_000_000, Integer.MAX_VALUE, 1L << 40};
    for (long length : lengths) {
      byte[] bytes = encode(e -> {
        e.writeLong(length);
        e.writeFixed("0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      });
      assertFailsAlike(bytes, "length " + length);
    }
    System.setProperty(org.apache.avro.SystemLimitException.MAX_STRING_LENGTH_PROPERTY, "4");
    try {
      resetAvroLimits();
      for (int length = 3; length <= 6; length++) {
        int n = length;
        byte[] bytes = encode(e -> {
          e.writeLong(n);
          e.writeFixed("abcdef".getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, n);
        });
        assertFailsAlike(bytes, "limit 4, length " + length);
      }
    } finally {
      System.clearProperty(org.apache.avro.SystemLimitException.MAX_STRING_LENGTH_PROPERTY);
      resetAvroLimits();
    }
  }

  /**
   * {@code readString()} skips Avro's string limit for a length no longer than one that passed it since the last wrap:
   * sequences of strings under a lowered limit, longer and shorter in turn, must pass and fail where BinaryDecoder's
   * {@code readString()} does, and a new wrap must check again (the limit may have changed in between).
   */
  @Test
  void javaStringsAfterShorterOnesStillMeetAvrosLimitLikeBinaryDecoder() throws Exception {
    Random random = new Random(17);
    System.setProperty(org.apache.avro.SystemLimitException.MAX_STRING_LENGTH_PROPERTY, "6");
    try {
      resetAvroLimits();
      for (int run = 0; run < 300; run++) {
        int[] lengths = random.ints(1 + random.nextInt(6), 0, 9).toArray();
        byte[] bytes = encode(e -> {
          for (int n : lengths) {
            e.writeString("abcdefghi".substring(0, n));
          }
        });
        BinaryDecoder avro = decoder(bytes);
        ByteArrayDecoder kavro = new ByteArrayDecoder(bytes, 0, bytes.length);
        for (int n : lengths) {
          Object expected = outcome(avro::readString);
          Object actual = outcome(kavro::readString);
          String what = Arrays.toString(lengths) + " at " + n;
          if (expected instanceof Throwable) {
            assertEquals(expected.getClass(), actual.getClass(), what);
            assertEquals(((Throwable) expected).getMessage(), ((Throwable) actual).getMessage(), what);
            break;
          }
          assertEquals(expected, actual, what);
        }
      }
      byte[] eight = encode(e -> e.writeString("abcdefgh"));
      ByteArrayDecoder reused = new ByteArrayDecoder(eight, 0, eight.length);
      System.clearProperty(org.apache.avro.SystemLimitException.MAX_STRING_LENGTH_PROPERTY);
      resetAvroLimits();
      assertEquals("abcdefgh", reused.readString()); // passes the default limit, 8 is now the mark
      System.setProperty(org.apache.avro.SystemLimitException.MAX_STRING_LENGTH_PROPERTY, "6");
      resetAvroLimits();
      reused.wrap(eight, 0, eight.length);
      assertThrows(org.apache.avro.SystemLimitException.class, reused::readString, "a wrap checks the limit again");
    } finally {
      System.clearProperty(org.apache.avro.SystemLimitException.MAX_STRING_LENGTH_PROPERTY);
      resetAvroLimits();
    }
  }

  /** The array forms of strings and bytes read what readString and readBytes read, and fail where they fail. */
  @Test
  void readsStringAndBytesIntoArraysLikeBinaryDecoder() throws Exception {
    Random random = new Random(29);
    for (int round = 0; round < 200; round++) {
      String text = randomText(random);
      byte[] raw = new byte[random.nextInt(40)];
      random.nextBytes(raw);
      byte[] bytes = encode(e -> {
        e.writeString(text);
        e.writeBytes(raw);
      });
      ByteArrayDecoder decoder = new ByteArrayDecoder(bytes, 0, bytes.length);
      assertArrayEquals(text.getBytes(java.nio.charset.StandardCharsets.UTF_8), decoder.readStringBytes());
      assertArrayEquals(raw, decoder.readBytesArray());
      assertTrue(decoder.isEnd());
    }
    long[] lengths = {-1, -5, Long.MIN_VALUE, 10, 11, 1_000_000, Integer.MAX_VALUE, 1L << 40};
    for (long length : lengths) {
      byte[] bytes = encode(e -> {
        e.writeLong(length);
        e.writeFixed("0123456789".getBytes(java.nio.charset.StandardCharsets.US_ASCII));
      });
      assertSameOutcome(outcome(() -> decoder(bytes).readString(null).getByteLength()),
          outcome(() -> new ByteArrayDecoder(bytes, 0, bytes.length).readStringBytes().length), "string " + length);
      assertSameOutcome(outcome(() -> decoder(bytes).readBytes(null).remaining()),
          outcome(() -> new ByteArrayDecoder(bytes, 0, bytes.length).readBytesArray().length), "bytes " + length);
    }
  }

  private static void assertSameOutcome(Object avro, Object kavro, String what) {
    if (avro instanceof EOFException) {
      assertTrue(kavro instanceof EOFException, what + ": " + kavro);
    } else if (avro instanceof Throwable) {
      assertEquals(avro.getClass(), kavro.getClass(), what);
      assertEquals(((Throwable) avro).getMessage(), ((Throwable) kavro).getMessage(), what);
    } else {
      assertEquals(avro, kavro, what);
    }
  }

  /** Reads one Utf8 from {@code bytes} with both decoders, fresh and reused: equal values or equal failures. */
  private static void assertFailsAlike(byte[] bytes, String what) {
    for (boolean reuse : new boolean[] {false, true}) {
      Object avro = outcome(() -> decoder(bytes).readString(reuse ? new Utf8("old") : null));
      Object kavro =
          outcome(() -> new ByteArrayDecoder(bytes, 0, bytes.length).readString(reuse ? new Utf8("old") : null));
      if (avro instanceof EOFException) {
        assertTrue(kavro instanceof EOFException, what + ": " + kavro); // messages of EOF differ between the two
      } else if (avro instanceof Throwable) {
        assertEquals(avro.getClass(), kavro.getClass(), what);
        assertEquals(((Throwable) avro).getMessage(), ((Throwable) kavro).getMessage(), what);
      } else {
        assertEquals(avro, kavro, what);
      }
    }
  }

  private static Object outcome(IoCall call) {
    try {
      return call.run();
    } catch (Exception e) {
      return e;
    }
  }

  private interface IoCall {
    Object run() throws IOException;
  }

  /** Avro reads its limit properties once; its own tests re-read them through this package-private method. */
  private static void resetAvroLimits() throws Exception {
    java.lang.reflect.Method reset = org.apache.avro.SystemLimitException.class.getDeclaredMethod("resetLimits");
    reset.setAccessible(true);
    reset.invoke(null);
  }

  /** Varints are read on a fast path when enough bytes remain for the longest encoding, else bound-checked per byte. */
  @Test
  void readsEveryVarintLengthOnBothPaths() throws IOException {
    long[] values = {0, 1, -1, 63, -64, 64, -65, 8191, -8192, 8192, 1L << 20, -(1L << 27), Integer.MAX_VALUE,
        Integer.MIN_VALUE, 1L << 34, -(1L << 48), Long.MAX_VALUE, Long.MIN_VALUE};
    for (long value : values) {
      byte[] encoded = encode(e -> e.writeLong(value));
      for (int padding : new int[] {0, 10}) {
        byte[] bytes = Arrays.copyOf(encoded, encoded.length + padding);
        ByteArrayDecoder decoder = new ByteArrayDecoder(bytes, 0, bytes.length);
        assertEquals(value, decoder.readLong(), "long " + value + ", padding " + padding);
        assertEquals(padding, decoder.remainingBytes());
        if (value == (int) value) {
          decoder = new ByteArrayDecoder(bytes, 0, bytes.length);
          assertEquals((int) value, decoder.readInt(), "int " + value + ", padding " + padding);
          assertEquals(padding, decoder.remainingBytes());
        }
      }
    }
  }

  /**
   * Varints of every length with random payload bits (non-canonical ones too: overlong, stray bits in a tenth
   * byte), followed by random bytes that must not leak into the value: equal to BinaryDecoder's value and length.
   */
  @Test
  void readsArbitraryVarintBytesLikeBinaryDecoder() throws IOException {
    Random random = new Random(42);
    for (int round = 0; round < 20_000; round++) {
      int length = 1 + random.nextInt(10);
      int padding = random.nextInt(13);
      byte[] bytes = new byte[length + padding];
      random.nextBytes(bytes);
      for (int i = 0; i < length; i++) {
        bytes[i] = (byte) (i < length - 1 ? bytes[i] | 0x80 : bytes[i] & 0x7f);
      }
      String where = "bytes " + Arrays.toString(bytes);
      ByteArrayDecoder decoder = new ByteArrayDecoder(bytes, 0, bytes.length);
      assertEquals(decoder(bytes).readLong(), decoder.readLong(), where);
      assertEquals(padding, decoder.remainingBytes(), where);
      ByteArrayDecoder intDecoder = new ByteArrayDecoder(bytes, 0, bytes.length);
      if (length <= 5) {
        assertEquals(decoder(bytes).readInt(), intDecoder.readInt(), where);
        assertEquals(padding, intDecoder.remainingBytes(), where);
      } else {
        assertThrows(InvalidNumberEncodingException.class, () -> decoder(bytes).readInt(), where);
        assertThrows(InvalidNumberEncodingException.class, intDecoder::readInt, where);
      }
    }
  }

  @Test
  void refusesSlicesOutsideTheArray() {
    assertThrows(IndexOutOfBoundsException.class, () -> new ByteArrayDecoder(new byte[4], 2, 3));
  }

  private static BinaryDecoder decoder(byte[] bytes) {
    return DecoderFactory.get().binaryDecoder(bytes, null);
  }

  private interface Writes {
    void to(BinaryEncoder encoder) throws IOException;
  }

  private static byte[] encode(Writes writes) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      writes.to(encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new AssertionError(e);
    }
  }

  /** Writes a seeded random mix of every kind of value, with blocked arrays; the kinds come from {@code seed}. */
  private static byte[] write(long seed) {
    return encode(e -> {
      Random kinds = new Random(seed);
      Random r = new Random(~seed);
      for (int i = 0; i < 30; i++) {
        switch (kinds.nextInt(11)) {
          case 0 -> e.writeInt(r.nextInt());
          case 1 -> e.writeLong(r.nextLong() >> r.nextInt(64));
          case 2 -> e.writeFloat(r.nextFloat() * 1e6f);
          case 3 -> e.writeDouble(r.nextGaussian() * 1e12);
          case 4 -> e.writeBoolean(r.nextBoolean());
          case 5 -> e.writeString(randomText(r));
          case 6 -> e.writeBytes(randomBytes(r, r.nextInt(40)));
          case 7 -> e.writeFixed(randomBytes(r, 5));
          case 8 -> e.writeEnum(r.nextInt(300));
          case 9 -> e.writeIndex(r.nextInt(5));
          default -> {
            int n = r.nextInt(4);
            e.writeArrayStart();
            e.setItemCount(n);
            for (int k = 0; k < n; k++) {
              e.startItem();
              e.writeString(randomText(r));
            }
            e.writeArrayEnd();
          }
        }
      }
    });
  }

  /** Reads back what {@link #write} wrote, rendering every value (and the bytes left) as text. */
  private static String readAll(long seed, Decoder d) throws IOException {
    Random kinds = new Random(seed);
    StringBuilder out = new StringBuilder();
    for (int i = 0; i < 30; i++) {
      switch (kinds.nextInt(11)) {
        case 0 -> out.append(d.readInt());
        case 1 -> out.append(d.readLong());
        case 2 -> out.append(d.readFloat());
        case 3 -> out.append(d.readDouble());
        case 4 -> out.append(d.readBoolean());
        case 5 -> out.append(i % 2 == 0 ? d.readString() : d.readString(null));
        case 6 -> {
          ByteBuffer b = d.readBytes(null);
          out.append(Arrays.toString(Arrays.copyOf(b.array(), b.limit())));
        }
        case 7 -> {
          byte[] fixed = new byte[5];
          d.readFixed(fixed, 0, 5);
          out.append(Arrays.toString(fixed));
        }
        case 8 -> out.append(d.readEnum());
        case 9 -> out.append(d.readIndex());
        default -> {
          for (long block = d.readArrayStart(); block > 0; block = d.arrayNext()) {
            for (long k = 0; k < block; k++) {
              out.append(d.readString(null)).append(',');
            }
          }
        }
      }
      out.append('|');
    }
    return out.append(AvroBytes.remaining(d)).toString();
  }

  private static String randomText(Random r) {
    StringBuilder s = new StringBuilder();
    int n = r.nextInt(12);
    for (int i = 0; i < n; i++) {
      s.append("aZ0 éж中😀".charAt(r.nextInt(8)));
    }
    return s.toString();
  }

  private static byte[] randomBytes(Random r, int n) {
    byte[] bytes = new byte[n];
    r.nextBytes(bytes);
    return bytes;
  }
}
