package dev.kavro.serde;

import java.util.Map;
import org.apache.kafka.common.Configurable;

/**
 * Names the schema registry context a topic's subjects live in, as Confluent's {@code ContextNameStrategy}: the
 * serdes then use the qualified subject {@code :.context:subject} and look schema ids up in that context. Configured
 * with {@code context.name.strategy}; none by default (the default context).
 *
 * <p>Implementations need a public no-argument constructor, receive every serde config in {@link #configure}, and
 * must be thread-safe.
 */
public interface ContextNameStrategy extends Configurable {

  @Override
  default void configure(Map<String, ?> configs) {}

  /**
   * The context for {@code topic} ({@code "staging"}, {@code ".staging"} or {@code ":.staging:"} all name the same
   * one), or {@code null} for the default context.
   */
  String contextName(String topic);
}
