package dev.kavro.runtime;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The one per-thread encoder policy of the serializer, KavroDatumWriter.toBytes and the Connect converter. */
class EncoderPoolTest {
  private final EncoderPool pool = new EncoderPool();

  @Test
  void aThreadGetsItsEncoderBackResetAfterEachLease() throws Exception {
    ByteArrayEncoder first;
    try (EncoderPool.Lease lease = pool.acquire()) {
      first = lease.encoder();
      first.writeInt(42);
      assertEquals(1, first.size());
    }
    try (EncoderPool.Lease lease = pool.acquire()) {
      assertSame(first, lease.encoder());
      assertEquals(0, lease.encoder().size());
    }
  }

  @Test
  void aNestedAcquireGetsItsOwnEncoderAndLeavesTheOuterBytesAlone() throws Exception {
    try (EncoderPool.Lease outer = pool.acquire()) {
      outer.encoder().writeString("outer");
      byte[] before = outer.encoder().toByteArray();
      try (EncoderPool.Lease inner = pool.acquire()) {
        assertNotSame(outer.encoder(), inner.encoder());
        inner.encoder().writeString("inner, and longer than the outer");
      }
      assertArrayEquals(before, outer.encoder().toByteArray());
      try (EncoderPool.Lease again = pool.acquire()) {
        assertNotSame(outer.encoder(), again.encoder(), "the outer lease is still open");
      }
    }
  }

  @Test
  void anEncoderThatGrewPastTheRetainedCapacityGivesItsArrayUp() throws Exception {
    try (EncoderPool.Lease lease = pool.acquire()) {
      lease.encoder().writeFixed(new byte[EncoderPool.RETAINED_CAPACITY + 1]);
      assertTrue(lease.encoder().capacity() > EncoderPool.RETAINED_CAPACITY);
    }
    try (EncoderPool.Lease lease = pool.acquire()) {
      assertTrue(lease.encoder().capacity() <= EncoderPool.RETAINED_CAPACITY, "" + lease.encoder().capacity());
    }
  }

  @Test
  void threadsHaveEncodersOfTheirOwn() throws Exception {
    ByteArrayEncoder mine;
    try (EncoderPool.Lease lease = pool.acquire()) {
      mine = lease.encoder();
    }
    ByteArrayEncoder theirs = CompletableFuture.supplyAsync(() -> {
      try (EncoderPool.Lease lease = pool.acquire()) {
        return lease.encoder();
      }
    }).get();
    assertNotSame(mine, theirs);
    try (EncoderPool.Lease lease = pool.acquire()) {
      assertSame(mine, lease.encoder(), "a thread gets its own encoder again");
    }
  }
}
