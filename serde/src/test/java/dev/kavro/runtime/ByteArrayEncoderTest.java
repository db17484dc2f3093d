package dev.kavro.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;

/** Kavro's in-memory encoder against Avro's BinaryEncoder, call by call. */
class ByteArrayEncoderTest {

  /** One encoder call with its arguments fixed, so that both encoders receive exactly the same calls. */
  private interface Call {
    void apply(Encoder out) throws IOException;
  }

  @Test
  void writesWhatBinaryEncoderWritesForRandomMixesOfEveryCall() throws IOException {
    Random seeds = new Random(23);
    ByteArrayEncoder reused = new ByteArrayEncoder(0);
    for (int round = 0; round < 300; round++) {
      long seed = seeds.nextLong();
      List<Call> calls = randomCalls(new Random(seed));
      byte[] expected = binaryEncoder(calls);
      reused.reset();
      for (Call call : calls) {
        call.apply(reused);
      }
      assertArrayEquals(expected, reused.toByteArray(), "seed " + seed);
      assertEquals(expected.length, reused.size());
    }
  }

  @Test
  void encodesJavaStringsAsBinaryEncoderDoesIncludingMalformedSurrogates() throws IOException {
    List<String> strings = List.of("", "a", "plain ascii", "x".repeat(63), "y".repeat(64), "z".repeat(100_000),
        "é", "héllo wörld", "日本語のテキスト", "emoji 😀 pair", "\uD800 lone high", "lone low \uDC00", "\uDC00\uD800",
        "end high \uD83D", "\u007F\u0080\u07FF\u0800\uFFFF", "a".repeat(70) + "é", "é" + "b".repeat(200_000));
    for (String string : strings) {
      List<Call> calls = List.of(out -> out.writeString(string), out -> out.writeString(new StringBuilder(string)),
          out -> out.writeString(new Utf8(string)), out -> out.writeString((CharSequence) string));
      ByteArrayEncoder encoder = new ByteArrayEncoder(1);
      for (Call call : calls) {
        call.apply(encoder);
      }
      assertArrayEquals(binaryEncoder(calls), encoder.toByteArray(), () -> "string of length " + string.length());
    }
  }

  /**
   * Java strings on both sides of the char-by-char limit, against {@code String.getBytes(UTF_8)} framed by
   * {@code BinaryEncoder}: random mixes of ASCII, Latin-1, other BMP chars, surrogate pairs and lone surrogates, and a
   * lone high and a lone low surrogate (and a pair) put at every position of strings of every length up to twice the
   * limit, each after other bytes in the same encoder, so that a wrong length or position shows.
   */
  @Test
  void encodesJavaStringsOfEveryShortLengthWithSurrogatesAtEveryPositionAsGetBytesDoes() throws IOException {
    char[] pool = {'a', 'Z', '0', '~', '\u007F', '\u0080', '\u00E9', '\u00FF', '\u0100', '\u07FF', '\u0800', '\u65E5',
        '\uD7FF', '\uE000', '\uFFFD', '\uFFFF', '\uD800', '\uDBFF', '\uDC00', '\uDFFF', '\uD83D', '\uDE00'};
    Random random = new Random(8);
    List<String> strings = new ArrayList<>();
    for (int len = 0; len <= 2 * ByteArrayEncoder.CHAR_LOOP_MAX + 2; len++) {
      for (int round = 0; round < 40; round++) {
        char[] chars = new char[len];
        for (int i = 0; i < len; i++) {
          chars[i] = pool[random.nextInt(round < 10 ? 4 : round < 20 ? 8 : pool.length)];
        }
        strings.add(new String(chars));
      }
      String ascii = "q".repeat(len);
      String threeByte = "\u65E5".repeat(len); // 3 bytes a char: the encoded length passes 63 within the limit
      strings.add(ascii);
      strings.add(threeByte);
      for (int at = 0; at < len; at++) {
        for (String odd : new String[] {"\uD800", "\uDC00", "\uD83D\uDE00", "\u00E9"}) {
          strings.add(ascii.substring(0, at) + odd + ascii.substring(at + 1));
          strings.add(threeByte.substring(0, at) + odd + threeByte.substring(at + 1));
        }
      }
      strings.add(new String(Character.toChars(0x1F600)).repeat(len / 2) + (len % 2 == 1 ? "\uD83D" : ""));
    }
    ByteArrayEncoder encoder = new ByteArrayEncoder(0);
    for (String string : strings) {
      encoder.reset();
      encoder.writeInt(300);
      encoder.writeString(string);
      byte[] utf8 = string.getBytes(StandardCharsets.UTF_8);
      assertArrayEquals(binaryEncoder(List.of(out -> out.writeInt(300), out -> out.writeInt(utf8.length),
          out -> out.writeFixed(utf8))), encoder.toByteArray(), () -> "string " + escape(string));
    }
  }

  private static String escape(String s) {
    StringBuilder b = new StringBuilder();
    s.chars().forEach(c -> b.append(c < 0x80 ? String.valueOf((char) c) : String.format("\\u%04X", c)));
    return b.toString();
  }

  @Test
  void mapKeysAreAsciiOnlyIfEveryByteIsAndAreWrittenAsVanillaWritesTheirString() throws IOException {
    for (int len = 0; len <= 40; len++) {
      byte[] ascii = new byte[len];
      Arrays.fill(ascii, (byte) 'a');
      ascii = Arrays.copyOf(ascii, len + 3); // a Utf8's array may be longer than its bytes
      ascii[len] = (byte) 0xE9;
      Utf8 plain = new Utf8(ascii).setByteLength(len);
      assertEquals(true, ByteArrayEncoder.isAscii(ascii, len), "length " + len);
      ByteArrayEncoder encoder = new ByteArrayEncoder(0);
      encoder.writeInt(7);
      WriteSupport.writeMapKey(encoder, plain);
      Utf8 expected = new Utf8("a".repeat(len));
      assertArrayEquals(binaryEncoder(List.of(out -> out.writeInt(7), out -> out.writeString(expected))),
          encoder.toByteArray(), "length " + len);
      for (int at = 0; at < len; at++) {
        for (byte high : new byte[] {(byte) 0x80, (byte) 0xC3, (byte) 0xFF}) {
          byte[] bytes = Arrays.copyOf(ascii, len);
          bytes[at] = high;
          assertEquals(false, ByteArrayEncoder.isAscii(bytes, len), "byte " + at + " of " + len);
          Utf8 key = new Utf8(bytes);
          ByteArrayEncoder rejecting = new ByteArrayEncoder(0);
          rejecting.writeInt(7);
          WriteSupport.writeMapKey(rejecting, key);
          assertArrayEquals(binaryEncoder(List.of(out -> out.writeInt(7), out -> out.writeString(key.toString()))),
              rejecting.toByteArray(), "through toString(), byte " + at + " of " + len);
        }
      }
    }
  }

  @Test
  void writesByteBuffersFromPositionToLimitWithoutMovingThem() throws IOException {
    byte[] backing = new byte[64];
    new Random(3).nextBytes(backing);
    ByteBuffer sliced = ByteBuffer.wrap(backing, 5, 40).slice(); // non-zero array offset
    sliced.position(7).limit(30);
    ByteBuffer direct = ByteBuffer.allocateDirect(32).put(backing, 0, 32).position(3);
    ByteBuffer readOnly = ByteBuffer.wrap(backing).asReadOnlyBuffer().position(9);
    ByteBuffer empty = ByteBuffer.wrap(backing, 10, 0);
    List<ByteBuffer> buffers = List.of(sliced, direct, readOnly, empty);
    List<Call> calls = new ArrayList<>();
    for (ByteBuffer buffer : buffers) {
      calls.add(out -> out.writeBytes(buffer));
      calls.add(out -> out.writeFixed(buffer));
    }
    ByteArrayEncoder encoder = new ByteArrayEncoder();
    for (Call call : calls) {
      call.apply(encoder);
    }
    assertArrayEquals(binaryEncoder(calls), encoder.toByteArray());
    assertEquals(List.of(7, 3, 9, 10), buffers.stream().map(ByteBuffer::position).toList());
    assertEquals(List.of(30, 32, 64, 10), buffers.stream().map(ByteBuffer::limit).toList());
  }

  @Test
  void reservesAPrefixAndExposesItsArray() throws IOException {
    ByteArrayEncoder encoder = new ByteArrayEncoder(2);
    encoder.writeLong(Long.MIN_VALUE);
    encoder.reset(5);
    encoder.writeInt(-3);
    encoder.writeString("ok");
    byte[] array = encoder.array();
    array[0] = 0;
    array[4] = 42;
    assertEquals(9, encoder.size());
    assertSame(array, encoder.array());
    byte[] framed = encoder.toByteArray();
    assertEquals(9, framed.length);
    assertEquals(42, framed[4]);
    assertArrayEquals(binaryEncoder(List.of(out -> out.writeInt(-3), out -> out.writeString("ok"))),
        Arrays.copyOfRange(framed, 5, 9));
    encoder.reset();
    assertEquals(0, encoder.size());
    assertEquals(0, encoder.toByteArray().length);
    assertThrows(IllegalArgumentException.class, () -> encoder.reset(-1));
    assertThrows(IllegalArgumentException.class, () -> new ByteArrayEncoder(-1));
  }

  @Test
  void failsOnBadFixedArgumentsAsArraycopyDoes() {
    ByteArrayEncoder encoder = new ByteArrayEncoder();
    assertThrows(IndexOutOfBoundsException.class, () -> encoder.writeFixed(new byte[1], 0, 2));
  }

  private static byte[] binaryEncoder(List<Call> calls) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    for (Call call : calls) {
      call.apply(encoder);
    }
    encoder.flush();
    return out.toByteArray();
  }

  private static List<Call> randomCalls(Random random) {
    List<Call> calls = new ArrayList<>();
    int count = random.nextInt(40);
    for (int i = 0; i < count; i++) {
      calls.add(randomCall(random, 0));
    }
    return calls;
  }

  private static Call randomCall(Random random, int depth) {
    switch (random.nextInt(depth < 2 ? 19 : 17)) {
      case 0:
        return Encoder::writeNull;
      case 1: {
        boolean b = random.nextBoolean();
        return out -> out.writeBoolean(b);
      }
      case 2: {
        int n = randomInt(random);
        return out -> out.writeInt(n);
      }
      case 3: {
        long n = randomLong(random);
        return out -> out.writeLong(n);
      }
      case 4: {
        float f = random.nextBoolean() ? random.nextFloat() * 1e6f - 5e5f : Float.intBitsToFloat(random.nextInt());
        return out -> out.writeFloat(f);
      }
      case 5: {
        double d = random.nextBoolean() ? random.nextGaussian() : Double.longBitsToDouble(random.nextLong());
        return out -> out.writeDouble(d);
      }
      case 6: {
        Utf8 utf8 = new Utf8(randomString(random));
        return out -> out.writeString(utf8);
      }
      case 7: {
        String s = randomString(random);
        return out -> out.writeString(s);
      }
      case 8: {
        StringBuilder s = new StringBuilder(randomString(random));
        return out -> out.writeString(s);
      }
      case 9: {
        ByteBuffer buffer = randomBuffer(random);
        return out -> out.writeBytes(buffer);
      }
      case 10: {
        byte[] bytes = randomBytes(random);
        int start = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
        int len = random.nextInt(bytes.length - start + 1);
        return out -> out.writeBytes(bytes, start, len);
      }
      case 11: {
        byte[] bytes = randomBytes(random);
        return out -> out.writeBytes(bytes);
      }
      case 12: {
        byte[] bytes = randomBytes(random);
        int start = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
        int len = random.nextInt(bytes.length - start + 1);
        return random.nextBoolean() ? out -> out.writeFixed(bytes, start, len) : out -> out.writeFixed(bytes);
      }
      case 13: {
        ByteBuffer buffer = randomBuffer(random);
        return out -> out.writeFixed(buffer);
      }
      case 14: {
        int e = random.nextInt(1000);
        return out -> out.writeEnum(e);
      }
      case 15: {
        int index = random.nextInt(300);
        return out -> out.writeIndex(index);
      }
      case 16:
        return Encoder::flush;
      case 17:
        return collection(random, depth, true);
      default:
        return collection(random, depth, false);
    }
  }

  /** An array or map block as the datum writers write it, empty ones (count 0) included. */
  private static Call collection(Random random, int depth, boolean array) {
    int size = random.nextInt(4) == 0 ? 0 : random.nextInt(8);
    List<Call> items = new ArrayList<>();
    for (int i = 0; i < size; i++) {
      String key = randomString(random);
      Call value = randomCall(random, depth + 1);
      items.add(out -> {
        out.startItem();
        if (!array) {
          out.writeString(key);
        }
        value.apply(out);
      });
    }
    return out -> {
      if (array) {
        out.writeArrayStart();
      } else {
        out.writeMapStart();
      }
      out.setItemCount(size);
      for (Call item : items) {
        item.apply(out);
      }
      if (array) {
        out.writeArrayEnd();
      } else {
        out.writeMapEnd();
      }
    };
  }

  static int randomInt(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> random.nextInt(128) - 64;
      case 1 -> random.nextBoolean() ? Integer.MIN_VALUE : Integer.MAX_VALUE;
      default -> random.nextInt() >> random.nextInt(32);
    };
  }

  static long randomLong(Random random) {
    return switch (random.nextInt(4)) {
      case 0 -> random.nextInt(128) - 64;
      case 1 -> random.nextBoolean() ? Long.MIN_VALUE : Long.MAX_VALUE;
      default -> random.nextLong() >> random.nextInt(64);
    };
  }

  static String randomString(Random random) {
    int kind = random.nextInt(6);
    int length = kind == 5 ? 60 + random.nextInt(5000) : random.nextInt(80);
    StringBuilder s = new StringBuilder(length);
    for (int i = 0; i < length; i++) {
      s.append(switch (kind) {
        case 0, 5 -> (char) (' ' + random.nextInt(95)); // ASCII, short and long
        case 1 -> (char) random.nextInt(0x80); // ASCII with controls
        case 2 -> (char) (random.nextInt(10) == 0 ? 0xE9 + random.nextInt(0x800) : 'a' + random.nextInt(26));
        case 3 -> (char) random.nextInt(0x10000); // any char, unpaired surrogates included
        default -> random.nextBoolean() ? "😀" : "z"; // surrogate pairs
      });
    }
    return s.toString();
  }

  static byte[] randomBytes(Random random) {
    byte[] bytes = new byte[random.nextInt(4) == 0 ? random.nextInt(3000) : random.nextInt(20)];
    random.nextBytes(bytes);
    return bytes;
  }

  static ByteBuffer randomBuffer(Random random) {
    byte[] bytes = randomBytes(random);
    int offset = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
    int position = random.nextInt(bytes.length - offset + 1);
    ByteBuffer buffer = switch (random.nextInt(3)) {
      case 0 -> ByteBuffer.wrap(bytes, offset, bytes.length - offset).slice();
      case 1 -> ByteBuffer.allocateDirect(bytes.length - offset).put(bytes, offset, bytes.length - offset).clear();
      default -> ByteBuffer.wrap(bytes).asReadOnlyBuffer().position(offset).slice();
    };
    return buffer.position(Math.min(position, buffer.limit()));
  }
}
