package dev.kavro.serde;

import org.apache.avro.Schema;

/**
 * How one side (key or value) of an adapter names registry subjects and contexts: the configured
 * {@link SubjectNameStrategy}, with subjects qualified by the context of {@code context.name.strategy} as
 * {@code :.ctx:subject}. Built once per configuration, so each strategy is instantiated and configured once.
 *
 * <p>Thread-safe when the configured strategies are. Internal API for Kavro's adapters.
 */
public final class SubjectNames {
  private final boolean isKey;
  private final SubjectNameStrategy strategy;
  private final ContextNames contexts;

  private SubjectNames(boolean isKey, SubjectNameStrategy strategy, ContextNames contexts) {
    this.isKey = isKey;
    this.strategy = strategy;
    this.contexts = contexts;
  }

  /**
   * The naming of {@code config} for the key or value side.
   *
   * @throws org.apache.kafka.common.config.ConfigException if a configured strategy cannot be instantiated
   */
  public static SubjectNames of(KavroSerdeConfig config, boolean isKey) {
    return new SubjectNames(isKey, config.subjectNameStrategy(isKey), config.contextNames());
  }

  public boolean isKey() {
    return isKey;
  }

  /** The subject name strategy itself; its subjects are not qualified with a context. */
  public SubjectNameStrategy strategy() {
    return strategy;
  }

  /**
   * The subject that records of {@code schema} on {@code topic} are registered under, qualified with the topic's
   * context.
   *
   * @throws RuntimeException when a strategy cannot name it (a record-name strategy given a primitive, say)
   */
  public String subject(String topic, Schema schema) {
    return contexts.qualify(topic, strategy.subject(topic, isKey, schema));
  }

  /** Whether a context strategy is configured, so that an id may name different schemas on different topics. */
  boolean contextsConfigured() {
    return contexts.configured();
  }

  /**
   * The topic's context as {@code :.ctx:}, or {@code null} for the default context.
   *
   * @throws RuntimeException when the context strategy fails or names an invalid context
   */
  String context(String topic) {
    return contexts.context(topic);
  }
}
