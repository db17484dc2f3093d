package dev.kavro.rules;

import java.util.Map;

/**
 * Runs rules of one type (Kavro's counterpart of Confluent's {@code RuleExecutor}). Kavro ships {@code CEL},
 * {@code CEL_FIELD} and {@code JSONATA}; a class implementing this interface may be named in
 * {@code rule.executors.<name>.class}, or found with {@link java.util.ServiceLoader} when
 * {@code rule.service.loader.enable=true}.
 *
 * <p>Implementations are shared by every thread of a serde and must be thread-safe.
 */
public interface RuleExecutor extends AutoCloseable {
  /** The rule type this executor runs, for example {@code CEL}. */
  String type();

  /** Receives {@code rule.executors.<name>.param.*} (without the prefix). */
  default void configure(Map<String, ?> configs) {}

  /**
   * Runs the rule of {@code ctx} on {@code message}: a condition returns {@link Boolean#TRUE} when it holds, a
   * transform returns the new message (or the same one).
   *
   * @throws RuleException when the rule cannot run
   */
  Object transform(RuleContext ctx, Object message) throws RuleException;

  @Override
  default void close() {}
}
