package dev.kavro.flink.runtime;

import dev.kavro.registry.SchemaRegistry;
import java.io.Serializable;

/**
 * What a serialization schema encodes, shipped to the tasks: each task opens it once into its {@link Writing}.
 *
 * <p>Implementations are immutable and serializable. Internal API.
 *
 * @param <T> the values consumed
 */
public interface WriteSpec<T> extends Serializable {
  /**
   * The writing of one task.
   *
   * @throws RuntimeException when the configuration cannot be used (Kafka's {@code ConfigException}, or a
   *     {@link FormatFailure}, for a schema id that cannot be resolved say)
   */
  Writing<T> open(FormatConfig config, SchemaRegistry registry, FormatMetrics metrics);
}
