package dev.kavro.cache;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.util.concurrent.atomic.LongAdder;

/**
 * An exact count bumped once per record read or written: the first thread to count adds without an atomic
 * instruction, every other thread through a {@link LongAdder}.
 *
 * <p>Why not a {@code LongAdder} alone: its every increment is a locked compare-and-set, which on x86 also waits for
 * the store buffer to drain, and reading a record has just filled it with the stores of a dozen fresh objects, which
 * shows on small records. Most applications read on one thread; that thread counts with a plain store. Thread-safe;
 * {@link #sum()} may trail increments in flight, as {@code LongAdder.sum()} does. Public for the Connect converter's
 * counters.
 */
public final class RecordCounter {
  private static final VarHandle OWNER;
  private static final VarHandle OWNED;

  static {
    try {
      MethodHandles.Lookup lookup = MethodHandles.lookup();
      OWNER = lookup.findVarHandle(RecordCounter.class, "owner", Thread.class);
      OWNED = lookup.findVarHandle(RecordCounter.class, "owned", long.class);
    } catch (ReflectiveOperationException e) {
      throw new ExceptionInInitializerError(e);
    }
  }

  /** The thread that counts in {@link #owned}; claimed once, by the first increment. */
  @SuppressWarnings("unused") // through OWNER
  private volatile Thread owner;
  /** Written only by {@link #owner}; opaque, so that {@link #sum()} sees whole values without a fence. */
  @SuppressWarnings("unused") // through OWNED
  private long owned;
  private final LongAdder others = new LongAdder();

  public void increment() {
    Thread current = Thread.currentThread();
    Thread claimed = owner;
    if (claimed == current || (claimed == null && OWNER.compareAndSet(this, null, current))) {
      OWNED.setOpaque(this, (long) OWNED.getOpaque(this) + 1);
    } else {
      others.increment();
    }
  }

  public long sum() {
    return (long) OWNED.getOpaque(this) + others.sum();
  }
}
