package dev.kavro.flink.row;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomSchemas;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.Arrays;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * Hostile input: truncated bodies, negative and huge lengths, bad union indexes and enum ordinals, and random
 * mutations of valid records. Decoding gives a row or an {@link IOException} with a message, nothing else: no runtime
 * exception, no {@code Error}, no allocation beyond what the payload can back.
 */
class BadInputTest {

  @Test
  void mutatedRecordsGiveARowOrAnIoException() throws Exception {
    Random random = new Random(31337);
    int rows = 0;
    int failures = 0;
    for (int round = 0; round < 400; round++) {
      Schema writer;
      RowType type;
      if (round % 2 == 0) {
        type = new RandomRows(random, TimestampMapping.CORRECT).rowType();
        writer = RowSchemas.writerSchema(type, TimestampMapping.CORRECT);
      } else {
        writer = new RandomSchemas(random).record();
        type = DecodeDifferentialTest.flinkType(writer);
        if (type == null) {
          continue;
        }
      }
      RowDecoder decoder = RowDecoder.create(writer, type, TimestampMapping.CORRECT);
      RandomData data = new RandomData(random, Models.generic(false, false));
      for (int r = 0; r < 40; r++) {
        byte[] body = mutate(Oracle.encode(writer, GenericData.get(), data.next(writer)), random);
        try {
          assertNotNull(decoder.decode(body, 0, body.length));
          rows++;
        } catch (IOException e) {
          assertTrue(e.getMessage().startsWith("Invalid Avro data for writer schema "), e.getMessage());
          failures++;
        }
      }
    }
    assertTrue(rows > 1000 && failures > 1000, rows + " rows, " + failures + " failures");
  }

  private static byte[] mutate(byte[] body, Random random) {
    byte[] bytes = body.clone();
    switch (random.nextInt(5)) {
      case 0 -> {
        return Arrays.copyOf(bytes, bytes.length == 0 ? 0 : random.nextInt(bytes.length));
      }
      case 1 -> {
        if (bytes.length > 0) {
          bytes[random.nextInt(bytes.length)] = (byte) random.nextInt();
        }
        return bytes;
      }
      case 2 -> {
        // a huge or negative varint where a length or count may stand
        byte[] varint = random.nextBoolean() ? new byte[] {-2, -1, -1, -1, 15} : new byte[] {1};
        int at = bytes.length == 0 ? 0 : random.nextInt(bytes.length);
        byte[] out = new byte[bytes.length + varint.length];
        System.arraycopy(bytes, 0, out, 0, at);
        System.arraycopy(varint, 0, out, at, varint.length);
        System.arraycopy(bytes, at, out, at + varint.length, bytes.length - at);
        return out;
      }
      case 3 -> {
        for (int i = 0; i < 3 && bytes.length > 0; i++) {
          bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
        }
        return bytes;
      }
      default -> {
        byte[] noise = new byte[random.nextInt(30)];
        random.nextBytes(noise);
        return noise;
      }
    }
  }

  @Test
  void hugeLengthsFailBeforeAllocating() throws Exception {
    Schema writer = SchemaBuilder.record("R").fields().requiredString("s").requiredBytes("b")
        .name("a").type().array().items().longType().noDefault().endRecord();
    RowType type = DecodeDifferentialTest.flinkType(writer);
    RowDecoder decoder = RowDecoder.create(writer, type, TimestampMapping.CORRECT);
    for (long length : new long[] {Integer.MAX_VALUE, Long.MAX_VALUE / 2, -1, -100}) {
      for (int field = 0; field < 3; field++) {
        if (field == 2 && length == -1) {
          continue; // a negative block count is valid: one element, after the block's byte size
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
        for (int f = 0; f < field; f++) {
          encoder.writeLong(0); // an empty string, empty bytes
        }
        encoder.writeLong(length);
        encoder.writeFixed(new byte[16]);
        encoder.flush();
        byte[] body = out.toByteArray();
        IOException e = assertThrows(IOException.class, () -> decoder.decode(body, 0, body.length));
        String name = type.getFieldNames().get(field);
        assertTrue(e.getMessage().contains("'" + name + "'"), e.getMessage());
      }
    }
  }

  @Test
  void badUnionIndexesAndEnumOrdinalsAreNamed() throws Exception {
    Schema color = Schema.createEnum("Color", null, null, java.util.List.of("RED", "GREEN"));
    Schema writer = SchemaBuilder.record("R").fields()
        .name("c").type(color).noDefault()
        .name("n").type().optional().longType().endRecord();
    RowType type = DecodeDifferentialTest.flinkType(writer);
    RowDecoder decoder = RowDecoder.create(writer, type, TimestampMapping.CORRECT);
    IOException ordinal = assertThrows(IOException.class, () -> decoder.decode(new byte[] {8, 0}, 0, 2));
    assertTrue(ordinal.getMessage().contains("'c'") && ordinal.getMessage().contains("out of range"),
        ordinal.getMessage());
    IOException index = assertThrows(IOException.class, () -> decoder.decode(new byte[] {0, 6}, 0, 2));
    assertTrue(index.getMessage().contains("'n'") && index.getMessage().contains("Union branch index"),
        index.getMessage());
    IOException truncated = assertThrows(IOException.class, () -> decoder.decode(new byte[] {0, 2}, 0, 2));
    assertTrue(truncated.getMessage().contains("ends too early"), truncated.getMessage());
    assertInstanceOf(RowData.class, decoder.decode(new byte[] {2, 0}, 0, 2));
  }
}
