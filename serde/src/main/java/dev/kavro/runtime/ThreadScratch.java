package dev.kavro.runtime;

import java.util.function.Supplier;

/**
 * Per-thread scratch objects (decoders, encoders) with a fast lane for the thread that uses an instance most: a
 * deserializer or reader usually runs on its consumer's thread, and a converter on its Connect task's thread, so that
 * thread finds its object by one field read and an identity check. A {@link ThreadLocal} lookup costs more than that,
 * enough to show when reading small records, and much more when the thread's ThreadLocal table has collisions (a
 * Connect worker thread carries many). Other threads use the ThreadLocal.
 *
 * <p>The first thread to ask keeps the fast lane for the life of this instance (its Thread object stays reachable
 * until the instance goes). Thread-safe: an object is only ever handed to the thread it belongs to, and stays that
 * thread's scratch until its next call.
 *
 * @param <T> the scratch type
 */
public final class ThreadScratch<T> {
  private final ThreadLocal<T> others;
  private volatile Owned<T> owned;

  public ThreadScratch(Supplier<T> initial) {
    this.others = ThreadLocal.withInitial(initial);
  }

  /** The calling thread's object, created on its first call. */
  public T get() {
    Thread thread = Thread.currentThread();
    Owned<T> o = owned;
    if (o != null && o.thread == thread) {
      return o.value;
    }
    T value = others.get();
    if (o == null) {
      owned = new Owned<>(thread, value);
    }
    return value;
  }

  private record Owned<T>(Thread thread, T value) {}
}
