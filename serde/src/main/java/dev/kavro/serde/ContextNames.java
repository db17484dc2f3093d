package dev.kavro.serde;

import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.Utils;

/**
 * Applies the configured {@link ContextNameStrategy}: turns a subject into the qualified {@code :.ctx:subject} and
 * gives the bare context {@code :.ctx:} for id lookups, normalizing context names as Confluent's
 * {@code QualifiedSubject.normalizeContext} does. Thread-safe.
 */
final class ContextNames {
  /** Confluent's default strategy: no context. */
  static final String CONFLUENT_NULL_STRATEGY = "io.confluent.kafka.serializers.context.NullContextNameStrategy";
  static final ContextNames NONE = new ContextNames(null);

  private final ContextNameStrategy strategy;

  private ContextNames(ContextNameStrategy strategy) {
    this.strategy = strategy;
  }

  /**
   * The strategy named {@code className} (a {@link ContextNameStrategy}), configured with {@code configs}.
   *
   * @throws ConfigException if the class cannot be loaded or is not a {@link ContextNameStrategy}
   */
  static ContextNames create(String configKey, String className, Map<String, ?> configs) {
    if (className == null || className.isBlank() || className.trim().equals(CONFLUENT_NULL_STRATEGY)) {
      return NONE;
    }
    ContextNameStrategy strategy;
    try {
      strategy = Utils.newInstance(className.trim(), ContextNameStrategy.class);
    } catch (ClassNotFoundException | RuntimeException e) {
      throw new ConfigException(configKey, className, "not a class implementing "
          + ContextNameStrategy.class.getName() + " with a public no-argument constructor (Confluent's context "
          + "strategies cannot run in Kavro; write the same logic against Kavro's interface): " + e);
    }
    strategy.configure(configs);
    return new ContextNames(strategy);
  }

  /** Checks at config parse time that {@code value} names a usable class, without instantiating it. */
  static void validate(String configKey, Object value) {
    if (value == null || value.toString().isBlank() || value.toString().trim().equals(CONFLUENT_NULL_STRATEGY)) {
      return;
    }
    Class<?> type;
    try {
      type = Utils.loadClass(value.toString().trim(), Object.class);
    } catch (ClassNotFoundException e) {
      throw new ConfigException(configKey, value, "class not found; a context strategy must implement "
          + ContextNameStrategy.class.getName() + " (Confluent's context strategies cannot run in Kavro)");
    }
    if (!ContextNameStrategy.class.isAssignableFrom(type)) {
      throw new ConfigException(configKey, value, "does not implement " + ContextNameStrategy.class.getName());
    }
  }

  /** Whether a strategy is configured, so that ids may mean different schemas on different topics. */
  boolean configured() {
    return strategy != null;
  }

  /** {@code :.ctx:} for {@code topic}, or {@code null} for the default context. */
  String context(String topic) {
    return strategy == null ? null : normalize(strategy.contextName(topic));
  }

  /** {@code subject} qualified with the topic's context. */
  String qualify(String topic, String subject) {
    String context = context(topic);
    return context == null ? subject : context + subject;
  }

  /** Confluent's normalization: a bare or dotted name becomes {@code :.name:}; the default context {@code .} none. */
  static String normalize(String context) {
    if (context == null) {
      return null;
    }
    String name = context;
    if (name.startsWith(":")) {
      name = name.substring(1);
    }
    if (name.endsWith(":")) {
      name = name.substring(0, name.length() - 1);
    }
    if (name.contains(":")) {
      throw new IllegalArgumentException("Context name '" + context + "' cannot contain a colon");
    }
    if (!name.startsWith(".")) {
      name = "." + name;
    }
    return name.equals(".") ? null : ":" + name + ":";
  }
}
