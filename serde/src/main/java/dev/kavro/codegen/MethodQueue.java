package dev.kavro.codegen;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Names the methods of a generated class and queues their bodies: a method gets its synthetic name when first
 * called, and its body is emitted later, so recursive types terminate (a record that contains itself calls the
 * method already named). Not thread-safe: one per generated class.
 *
 * @param <K> what a method reads or writes (a plan node, a schema, ...), compared by the given map's rules
 */
final class MethodQueue<K> {
  private final String prefix;
  private final Map<K, String> names;
  private final Deque<K> pending = new ArrayDeque<>();

  /**
   * @param prefix the first letter of every name, followed by a counter
   * @param names an empty map whose key equality decides when two callers share a method (identity or equals)
   */
  public MethodQueue(String prefix, Map<K, String> names) {
    this.prefix = prefix;
    this.names = names;
  }

  /** The name of the method for {@code key}; the first request queues its body. */
  public String nameFor(K key) {
    String name = names.get(key);
    if (name == null) {
      name = prefix + names.size();
      names.put(key, name);
      pending.addLast(key);
      SourceLegend.methodNamed(name, key);
    }
    return name;
  }

  /** The name given to {@code key}, which must have been requested. */
  public String nameOf(K key) {
    return names.get(key);
  }

  /** Emits every queued body, including those that emitting queues. */
  public void drain(Consumer<K> emitter) {
    while (!pending.isEmpty()) {
      emitter.accept(pending.removeFirst());
    }
  }
}
