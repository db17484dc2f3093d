package dev.kavro.connect;

import java.util.function.Supplier;

/**
 * Per-thread scratch objects with a fast lane for the thread that uses a converter: Connect runs each converter on
 * its task's thread, so that thread finds its object by one field read and an identity check. A {@link ThreadLocal}
 * lookup costs more than that, and much more when the thread's ThreadLocal table has collisions (a worker thread
 * carries many). Other threads use the ThreadLocal.
 *
 * <p>The first thread to ask keeps the fast lane for the life of this instance (its Thread object stays reachable
 * until the converter goes). Thread-safe: an object is only ever handed to the thread it belongs to.
 */
final class ThreadScratch<T> {
  private final ThreadLocal<T> others;
  private volatile Owned<T> owned;

  ThreadScratch(Supplier<T> initial) {
    this.others = ThreadLocal.withInitial(initial);
  }

  T get() {
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
