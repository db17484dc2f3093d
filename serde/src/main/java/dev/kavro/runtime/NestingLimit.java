package dev.kavro.runtime;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.io.Decoder;

/**
 * The one bound on how deeply a datum of a recursive schema may nest, for every read path (compiled, fallback,
 * Connect). Depth counts the records and arrays of a recursive schema open at once while reading; a schema without
 * recursion nests no deeper than the schema itself and is not counted.
 *
 * <p>The limit is the system property {@value #MAX_DEPTH_PROPERTY} (default {@value #DEFAULT_MAX_DEPTH}, above the
 * roughly 8,500 levels Avro's own reader manages on a default 1 MB thread stack once JIT-compiled). A datum deeper than
 * {@value #CALLER_DEPTH} levels is read again from its first byte on a Kavro thread whose stack fits the limit, so
 * reading never depends on how much stack the caller has left and never ends in a {@code StackOverflowError}; beyond
 * the limit the read fails with a {@link NestingTooDeepException}. Only reads from bytes in memory
 * ({@link ByteArrayDecoder}: the serdes, the converter, {@code KavroDatumReader.read(reuse, bytes, offset, length)}) can
 * be read again; a stream decoder is read on the caller's stack, up to the limit.
 */
public final class NestingLimit {
  public static final String MAX_DEPTH_PROPERTY = "kavro.limits.depth.max";
  public static final int DEFAULT_MAX_DEPTH = 10_000;
  /** The deepest nesting read on the caller's thread: about 128 KB of stack even before the JIT compiles, 1 KB a level. */
  public static final int CALLER_DEPTH = 128;
  public static final int MAX_DEPTH = Math.max(1, Integer.getInteger(MAX_DEPTH_PROPERTY, DEFAULT_MAX_DEPTH));
  /** Room for the deepest read, interpreted (about 1 KB per level), with the Connect conversion on top. */
  private static final long DEEP_STACK_BYTES = Math.max(64L << 20, MAX_DEPTH * 16L * 1024);
  private static final ThreadLocal<int[]> STREAM_DEPTH = ThreadLocal.withInitial(() -> new int[1]);
  private static final ThreadPoolExecutor DEEP_READS = deepReadThreads();

  private NestingLimit() {}

  /** Signals that a read went deeper than the caller's thread should go; caught by whoever can read again. */
  public static final class ReadOnDeepStack extends RuntimeException {
    ReadOnDeepStack() {
      super("nesting deeper than " + CALLER_DEPTH + " levels; read again on a deep stack", null, false, false);
    }
  }

  /** A datum nested deeper than the limit. */
  public static final class NestingTooDeepException extends AvroRuntimeException {
    NestingTooDeepException(int depth) {
      super("Datum nested deeper than " + MAX_DEPTH + " records and arrays (reached depth " + depth
          + "; the limit is the system property " + MAX_DEPTH_PROPERTY + ")");
    }
  }

  /**
   * For a walk that follows a read (a conversion of the datum read): fails with {@link ReadOnDeepStack} when the read
   * went deeper than the caller's thread should, so the caller runs read and walk again on a deep stack.
   */
  public static void requireStackFor(ByteArrayDecoder read) {
    if (read.deepestLevel() > CALLER_DEPTH && !(Thread.currentThread() instanceof DeepReadThread)) {
      throw new ReadOnDeepStack();
    }
  }

  /** Called by a {@link ByteArrayDecoder} whose depth passed {@link #CALLER_DEPTH}. */
  static void beyondCallerDepth(int depth) {
    if (depth > MAX_DEPTH) {
      throw new NestingTooDeepException(depth);
    }
    if (!(Thread.currentThread() instanceof DeepReadThread)) {
      throw new ReadOnDeepStack();
    }
  }

  /** Opens one level of a recursive schema's datum. */
  static void enter(Decoder in) {
    if (in instanceof ByteArrayDecoder bytes) {
      bytes.enterLevel();
      return;
    }
    int[] depth = STREAM_DEPTH.get();
    if (++depth[0] > MAX_DEPTH) {
      int reached = depth[0];
      depth[0] = 0;
      throw new NestingTooDeepException(reached);
    }
  }

  /** Closes one level opened by {@link #enter}. */
  static void exit(Decoder in) {
    if (in instanceof ByteArrayDecoder bytes) {
      bytes.exitLevel();
    } else {
      STREAM_DEPTH.get()[0]--;
    }
  }

  /** Forgets levels a failed stream read left open; a {@link ByteArrayDecoder} forgets them when re-aimed. */
  public static void startStreamRead(Decoder in) {
    if (!(in instanceof ByteArrayDecoder)) {
      STREAM_DEPTH.get()[0] = 0;
    }
  }

  /** A read that may throw {@link ReadOnDeepStack}. */
  public interface Read<T> {
    T read() throws Exception;
  }

  /**
   * Runs {@code read} on a Kavro thread with a stack deep enough for {@link #MAX_DEPTH}, waiting for it. Exceptions
   * of the read are rethrown as they are.
   */
  public static <T> T onDeepStack(Read<T> read) throws java.io.IOException {
    Callable<T> task = read::read;
    Future<T> future = DEEP_READS.submit(task);
    try {
      return future.get();
    } catch (InterruptedException e) {
      future.cancel(true);
      Thread.currentThread().interrupt();
      throw new java.io.InterruptedIOException("Interrupted while reading a deeply nested datum");
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof java.io.IOException io) {
        throw io;
      }
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new AvroRuntimeException(cause);
    }
  }

  private static ThreadPoolExecutor deepReadThreads() {
    AtomicInteger count = new AtomicInteger();
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ThreadPoolExecutor executor = new ThreadPoolExecutor(threads, threads, 30, TimeUnit.SECONDS,
        new LinkedBlockingQueue<>(), runnable -> new DeepReadThread(runnable, count.incrementAndGet()));
    executor.allowCoreThreadTimeOut(true);
    return executor;
  }

  /** A daemon thread with a stack sized for {@link #MAX_DEPTH}; only virtual memory until a deep read touches it. */
  private static final class DeepReadThread extends Thread {
    DeepReadThread(Runnable runnable, int number) {
      super(null, runnable, "kavro-deep-read-" + number, DEEP_STACK_BYTES);
      setDaemon(true);
    }
  }
}
