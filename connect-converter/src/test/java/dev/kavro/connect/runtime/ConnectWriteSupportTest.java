package dev.kavro.connect.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Random;
import java.util.function.Supplier;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

class ConnectWriteSupportTest {
  private static final long DAY = 86_400_000L;

  /** Equal results, or DataExceptions with equal messages. */
  private static <T> void assertSame(Supplier<T> connect, Supplier<T> ours) {
    T expected;
    try {
      expected = connect.get();
    } catch (DataException e) {
      DataException actual = assertThrows(DataException.class, ours::get);
      assertEquals(e.getMessage(), actual.getMessage());
      return;
    }
    assertEquals(expected, ours.get());
  }

  @Test
  void datesAndTimesConvertAsConnectsCalendarCodeDoes() {
    Random random = new Random(11);
    long[] edges = {0, 1, -1, DAY, DAY - 1, DAY + 1, -DAY, -DAY - 1, -DAY + 1, 19_000 * DAY, -141_427 * DAY,
        -200_000 * DAY + 5, 2_932_896 * DAY, 1_700_000_000_123L};
    for (int i = 0; i < edges.length + 2000; i++) {
      long millis = i < edges.length ? edges[i]
          : random.nextBoolean() ? (random.nextInt(2_000_000) - 1_000_000) * DAY : random.nextLong() % (1L << 45);
      java.util.Date value = new java.util.Date(millis);
      assertSame(() -> Date.fromLogical(Date.SCHEMA, value), () -> ConnectWriteSupport.date(Date.SCHEMA, value));
      assertSame(() -> Time.fromLogical(Time.SCHEMA, value),
          () -> ConnectWriteSupport.timeMillis(Time.SCHEMA, value));
      java.util.Date inDay = new java.util.Date(Math.floorMod(millis, DAY + 1));
      assertSame(() -> Time.fromLogical(Time.SCHEMA, inDay) * 1000L,
          () -> ConnectWriteSupport.timeMicros(Time.SCHEMA, inDay));
    }
  }

  @Test
  void fixedFromABufferWritesItsRemainingBytesAndChecksTheSize() throws IOException {
    org.apache.avro.Schema fixed = org.apache.avro.Schema.createFixed("F", null, null, 3);
    ByteBuffer buffer = ByteBuffer.wrap(new byte[] {9, 1, 2, 3, 9}, 1, 3).slice();
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    BinaryEncoder out = EncoderFactory.get().binaryEncoder(bytes, null);
    ConnectWriteSupport.writeFixed((Object) buffer, fixed, out);
    ConnectWriteSupport.writeFixed((Object) ByteBuffer.wrap(new byte[] {4, 5, 6}).asReadOnlyBuffer(), fixed, out);
    out.flush();
    assertArrayEquals(new byte[] {1, 2, 3, 4, 5, 6}, bytes.toByteArray());
    assertEquals(0, buffer.position());
    assertThrows(DataException.class, () -> ConnectWriteSupport.writeFixed((Object) ByteBuffer.wrap(new byte[2]),
        fixed, out));
  }
}
