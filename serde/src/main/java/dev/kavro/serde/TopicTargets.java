package dev.kavro.serde;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The {@link SchemaTarget}s of one schema, by topic, each resolved once; an adapter extends it with what it keeps per
 * schema (its writers, say) and says how a topic is resolved. A task's or producer's records nearly always go to one
 * topic: the last target is answered from one field, without a map lookup.
 *
 * <p>Thread-safe. A target is resolved outside any lock, so a registry call does not block other topics; two threads
 * meeting a new topic at once may both resolve it, and the first stored wins. Internal API for Kavro's adapters.
 *
 * @param <T> the adapter's target
 */
public abstract class TopicTargets<T extends SchemaTarget> {
  private final Map<String, T> byTopic = new ConcurrentHashMap<>();
  private volatile T last;

  /**
   * The target of a topic not met yet, usually {@link SchemaIdResolver#resolve} and what the adapter adds.
   *
   * @throws RuntimeException the adapter's exception when it cannot be resolved
   */
  protected abstract T resolve(String topic);

  /**
   * The target of {@code topic}.
   *
   * @throws NullPointerException if {@code topic} is null
   * @throws RuntimeException what {@link #resolve} throws
   */
  public final T forTopic(String topic) {
    T t = last;
    if (t != null && (t.topic() == topic || t.topic().equals(topic))) {
      return t;
    }
    t = byTopic.get(topic);
    if (t == null) {
      t = resolve(topic);
      T raced = byTopic.putIfAbsent(topic, t);
      t = raced != null ? raced : t;
    }
    last = t;
    return t;
  }
}
