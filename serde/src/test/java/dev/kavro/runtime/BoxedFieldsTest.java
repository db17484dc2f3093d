package dev.kavro.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.junit.jupiter.api.Test;

/** The boxed-fields loop against Avro's own BinaryEncoder writing the same values one call at a time. */
class BoxedFieldsTest {
  private static final byte[] KINDS = {ScalarCode.STRING, ScalarCode.INT, ScalarCode.NUMBER_AS_INT,
      ScalarCode.LONG, ScalarCode.FLOAT, ScalarCode.DOUBLE, ScalarCode.BOOLEAN, ScalarCode.BYTES};

  @Test
  void writesWhatBinaryEncoderWritesForRandomRecordsWithDefaultsAndGrowth() throws IOException {
    Random random = new Random(11);
    for (int record = 0; record < 2000; record++) {
      int n = random.nextInt(20);
      byte[] kinds = new byte[n];
      Object[] values = new Object[n];
      Object[] defaults = new Object[n];
      for (int i = 0; i < n; i++) {
        kinds[i] = KINDS[random.nextInt(KINDS.length)];
        Object value = value(kinds[i], random);
        if (random.nextInt(4) == 0) {
          defaults[i] = value; // an unset field that its default stands in for
        } else {
          values[i] = value;
          defaults[i] = random.nextBoolean() ? null : value(kinds[i], random);
        }
      }
      List<ByteBuffer> buffers = buffers(values, defaults);
      List<Integer> positions = buffers.stream().map(ByteBuffer::position).toList();
      // A tiny array grows inside the loop; a reserved prefix offsets every position.
      int prefix = random.nextInt(3) == 0 ? 5 : 0;
      ByteArrayEncoder out = new ByteArrayEncoder(random.nextBoolean() ? 0 : 4096).reset(prefix);
      assertEquals(-1, BoxedFields.write(out, kinds, values, defaults), Arrays.toString(kinds));
      byte[] written = Arrays.copyOfRange(out.toByteArray(), prefix, out.size());
      assertArrayEquals(binaryEncoder(kinds, values, defaults), written, Arrays.toString(kinds));
      assertEquals(positions, buffers.stream().map(ByteBuffer::position).toList(), "buffers are not moved");
    }
  }

  @Test
  void answersTheFirstFieldWithNeitherValueNorDefaultAfterWritingTheOnesBefore() {
    byte[] kinds = {ScalarCode.INT, ScalarCode.STRING, ScalarCode.LONG, ScalarCode.STRING};
    ByteArrayEncoder out = new ByteArrayEncoder();
    assertEquals(2, BoxedFields.write(out, kinds, new Object[] {3, null, null, null},
        new Object[] {null, "d", null, "e"}));
    assertArrayEquals(new byte[] {6, 2, 'd'}, out.toByteArray());
    assertEquals(-1, BoxedFields.write(out.reset(), kinds, new Object[] {3, "a", 1L, "b"}, new Object[4]));
    assertArrayEquals(new byte[] {6, 2, 'a', 2, 2, 'b'}, out.toByteArray());
  }

  @Test
  void failsOnAValueOfAnotherClassAndOnAnUnknownKind() {
    ByteArrayEncoder out = new ByteArrayEncoder();
    assertThrows(ClassCastException.class, () -> write(out, ScalarCode.INT, 1L));
    assertThrows(ClassCastException.class, () -> write(out, ScalarCode.LONG, 1));
    assertThrows(ClassCastException.class, () -> write(out, ScalarCode.STRING, new StringBuilder("s")));
    assertThrows(ClassCastException.class, () -> write(out, ScalarCode.BYTES, "bytes"));
    assertThrows(ClassCastException.class, () -> write(out, ScalarCode.DOUBLE, 1f));
    assertThrows(ClassCastException.class, () -> write(out, ScalarCode.NUMBER_AS_INT, "1"));
    assertThrows(IllegalArgumentException.class, () -> write(out, (byte) 0, 1));
    // Any Number is written by intValue(), as the caller's int8 and int16 need it.
    assertEquals(-1, write(out.reset(), ScalarCode.NUMBER_AS_INT, (short) -300));
    assertArrayEquals(new byte[] {(byte) 0xD7, 0x04}, out.toByteArray());
  }

  private static int write(ByteArrayEncoder out, byte kind, Object value) {
    return BoxedFields.write(out, new byte[] {kind}, new Object[] {value}, new Object[1]);
  }

  private static Object value(byte kind, Random random) {
    return switch (kind) {
      case ScalarCode.STRING -> ByteArrayEncoderTest.randomString(random);
      case ScalarCode.INT -> ByteArrayEncoderTest.randomInt(random);
      case ScalarCode.NUMBER_AS_INT -> random.nextBoolean() ? (Object) (byte) random.nextInt()
          : (Object) (short) random.nextInt();
      case ScalarCode.LONG -> ByteArrayEncoderTest.randomLong(random);
      case ScalarCode.FLOAT -> random.nextInt(8) == 0 ? Float.NaN : (float) random.nextGaussian();
      case ScalarCode.DOUBLE -> random.nextInt(8) == 0 ? -0.0 : random.nextGaussian() * 1e6;
      case ScalarCode.BOOLEAN -> random.nextBoolean();
      default -> switch (random.nextInt(3)) {
        case 0 -> ByteArrayEncoderTest.randomBytes(random);
        case 1 -> new GenericData.Fixed(Schema.createFixed("F", null, null, 3), new byte[] {1, 2, 3});
        default -> ByteArrayEncoderTest.randomBuffer(random);
      };
    };
  }

  private static List<ByteBuffer> buffers(Object[] values, Object[] defaults) {
    List<ByteBuffer> buffers = new ArrayList<>();
    for (int i = 0; i < values.length; i++) {
      Object value = values[i] != null ? values[i] : defaults[i];
      if (value instanceof ByteBuffer buffer) {
        buffers.add(buffer);
      }
    }
    return buffers;
  }

  /** Vanilla Avro's bytes for the same fields, one write call per field. */
  private static byte[] binaryEncoder(byte[] kinds, Object[] values, Object[] defaults) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder out = EncoderFactory.get().binaryEncoder(bytes, null);
    for (int i = 0; i < kinds.length; i++) {
      Object v = values[i] != null ? values[i] : defaults[i];
      switch (kinds[i]) {
        case ScalarCode.STRING -> out.writeString((String) v);
        case ScalarCode.INT, ScalarCode.NUMBER_AS_INT -> out.writeInt(((Number) v).intValue());
        case ScalarCode.LONG -> out.writeLong((Long) v);
        case ScalarCode.FLOAT -> out.writeFloat((Float) v);
        case ScalarCode.DOUBLE -> out.writeDouble((Double) v);
        case ScalarCode.BOOLEAN -> out.writeBoolean((Boolean) v);
        default -> {
          if (v instanceof ByteBuffer buffer) {
            out.writeBytes(buffer.duplicate());
          } else if (v instanceof GenericData.Fixed fixed) {
            out.writeBytes(fixed.bytes());
          } else {
            out.writeBytes((byte[]) v);
          }
        }
      }
    }
    out.flush();
    return bytes.toByteArray();
  }
}
