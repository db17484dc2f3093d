package dev.kavro.flink.runtime;

import dev.kavro.registry.SchemaRegistry;
import java.io.Serializable;

/**
 * What a deserialization schema decodes into, shipped to the tasks: each task opens it once into its {@link Reading}.
 *
 * <p>Implementations are immutable and serializable. Internal API.
 *
 * @param <T> the values produced
 */
public interface ReadSpec<T> extends Serializable {
  /**
   * The reading of one task.
   *
   * @throws RuntimeException when the configuration cannot be used (Kafka's {@code ConfigException}, or a
   *     {@link FormatFailure})
   */
  Reading<T> open(FormatConfig config, SchemaRegistry registry, FormatMetrics metrics);
}
