package dev.kavro.connect;

import dev.kavro.cache.Jmx;
import dev.kavro.cache.ReaderCacheMXBean;
import dev.kavro.cache.WriterCacheMXBean;
import dev.kavro.cache.RecordCounter;
import java.lang.ref.WeakReference;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;

/**
 * The converter's caches in JMX, with the core's counters: {@code dev.kavro:type=ConnectReaderCache} (a
 * {@link ReaderCacheMXBean}) and {@code dev.kavro:type=ConnectWriterCache} (a {@link WriterCacheMXBean}), summed over
 * the JVM's converters, as a Connect worker runs one pair per task.
 *
 * <p>The converter compiles nothing: every record is read or written by its interpreters (or, for the few shapes they
 * do not cover, the generic path), so it counts as a fallback read or write and the compiled, compile and
 * compile-time counters stay 0. The cache size is the entries of the converters' per-schema caches (schema ids on the
 * read side, Connect schemas on the write side; bounded by {@code schemas.cache.config}). The records of a closed or
 * collected converter stay counted; its cache leaves the size. Thread-safe.
 */
final class ConnectCacheStats {
  static final Reads READS = Jmx.register(new Reads(), "ConnectReaderCache");
  static final Writes WRITES = Jmx.register(new Writes(), "ConnectWriterCache");

  private ConnectCacheStats() {}

  /** One converter side, as the totals see it. */
  interface Side {
    /** Entries in its per-schema cache. */
    long cacheSize();
  }

  /**
   * The sides' counters, each beside a weak reference to its side: a closed or collected side's count is folded into
   * {@code gone} and its entry dropped (swept on every new side, so the list stays as long as the live sides).
   */
  abstract static class Totals {
    private record Tracked(WeakReference<Side> side, RecordCounter counter) {}

    private final List<Tracked> tracked = new ArrayList<>();
    private long gone;

    synchronized void track(Side side, RecordCounter counter) {
      sweep(null);
      tracked.add(new Tracked(new WeakReference<>(side), counter));
    }

    /** Keeps the side's records in the totals and stops asking it for its cache. */
    synchronized void close(Side side) {
      sweep(side);
    }

    /** Folds and drops the entries of collected sides and of {@code closing}. */
    private void sweep(Side closing) {
      for (Iterator<Tracked> it = tracked.iterator(); it.hasNext(); ) {
        Tracked t = it.next();
        Side side = t.side.get();
        if (side == null || side == closing) {
          gone += t.counter.sum();
          it.remove();
        }
      }
    }

    synchronized long records() {
      long sum = gone;
      for (Tracked t : tracked) {
        sum += t.counter.sum();
      }
      return sum;
    }

    public synchronized long getCacheSize() {
      long sum = 0;
      for (Tracked t : tracked) {
        Side side = t.side.get();
        sum += side == null ? 0 : side.cacheSize();
      }
      return sum;
    }

    public long getCompiles() {
      return 0;
    }

    public long getCompileFailures() {
      return 0;
    }

    public long getCompileTimeMillis() {
      return 0;
    }
  }

  static final class Reads extends Totals implements ReaderCacheMXBean {
    @Override
    public long getCompiledReads() {
      return 0;
    }

    @Override
    public long getFallbackReads() {
      return records();
    }
  }

  static final class Writes extends Totals implements WriterCacheMXBean {
    @Override
    public long getCompiledWrites() {
      return 0;
    }

    @Override
    public long getFallbackWrites() {
      return records();
    }
  }
}
