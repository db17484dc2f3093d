package dev.kavro.runtime;

/**
 * Reusable {@link ByteArrayEncoder}s, one per thread, for writing one datum at a time into a new array: the
 * serializer, {@code KavroDatumWriter.toBytes} and the Connect converter share this one policy.
 *
 * <ul>
 *   <li>{@link #acquire} hands the calling thread its encoder, reset. A write nested inside another on the same thread
 *       through the same pool (user code, such as a custom conversion, that serializes again) gets an encoder of its
 *       own, so the outer write's bytes are never overwritten.
 *   <li>{@link Lease#close} forgets what was written; an encoder that grew past {@link #RETAINED_CAPACITY} gives its
 *       array up, so that one huge datum does not pin that much memory per thread.
 * </ul>
 *
 * <p>The thread that uses a pool most finds its encoder by one field read ({@link ThreadScratch}). Thread-safe: an
 * encoder is only ever handed to the thread it belongs to.
 */
public final class EncoderPool {
  /** Encoders whose array grew past this many bytes drop it after use. */
  public static final int RETAINED_CAPACITY = 1 << 20;

  private final ThreadScratch<Lease> leases = new ThreadScratch<>(Lease::new);

  /** The calling thread's encoder, reset, until the lease is closed; a nested acquire gets a new encoder. */
  public Lease acquire() {
    Lease lease = leases.get();
    if (lease.inUse) {
      return new Lease();
    }
    lease.inUse = true;
    lease.encoder.reset();
    return lease;
  }

  /** One use of an encoder; close it when the bytes have been copied out. Not thread-safe. */
  public static final class Lease implements AutoCloseable {
    private final ByteArrayEncoder encoder = new ByteArrayEncoder();
    private boolean inUse;

    private Lease() {}

    public ByteArrayEncoder encoder() {
      return encoder;
    }

    /** Forgets what was written (the array too, if it grew past {@link #RETAINED_CAPACITY}) and frees the encoder. */
    @Override
    public void close() {
      encoder.shrink(RETAINED_CAPACITY);
      inUse = false;
    }
  }
}
