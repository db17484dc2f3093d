package dev.kavro.serde;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The {@link SchemaTarget}s of one schema, by topic, each resolved once. A task's or producer's records nearly always
 * go to one topic: the last target is answered from one field, without a map lookup.
 *
 * <p>Thread-safe. A target is resolved outside any lock, so a registry call does not block other topics; two threads
 * meeting a new topic at once may both resolve it, and the first stored wins. Internal API for Kavro's adapters.
 *
 * @param <T> the adapter's target
 */
public final class TopicTargets<T extends SchemaTarget> {
  private final Function<String, T> resolve;
  private final Map<String, T> byTopic = new ConcurrentHashMap<>();
  private volatile T last;

  /** @param resolve the target of a topic not met yet; it may throw the adapter's exceptions */
  public TopicTargets(Function<String, T> resolve) {
    this.resolve = resolve;
  }

  /**
   * The target of {@code topic}.
   *
   * @throws NullPointerException if {@code topic} is null
   * @throws RuntimeException what resolving a new topic throws
   */
  public T get(String topic) {
    T t = last;
    if (t != null && (t.topic() == topic || t.topic().equals(topic))) {
      return t;
    }
    t = byTopic.get(topic);
    if (t == null) {
      t = resolve.apply(topic);
      T raced = byTopic.putIfAbsent(topic, t);
      t = raced != null ? raced : t;
    }
    last = t;
    return t;
  }
}
