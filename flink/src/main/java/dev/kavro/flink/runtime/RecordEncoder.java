package dev.kavro.flink.runtime;

import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.util.UserCodeClassLoader;
import org.apache.kafka.common.header.Headers;

/**
 * One task's encoding, as a serialization schema opens it: the task manager's registry client for the
 * configuration, the metrics, and the writing. A value that cannot be written fails with a {@link FormatFailure}
 * naming the topic, the side and the schema id.
 *
 * <p>Thread-safe. Internal API.
 *
 * @param <T> the values consumed
 */
public final class RecordEncoder<T> {
  private final Writing<T> writing;

  private RecordEncoder(Writing<T> writing) {
    this.writing = writing;
  }

  /**
   * The encoding of one task.
   *
   * @throws RuntimeException when the configuration cannot be used
   */
  public static <T> RecordEncoder<T> open(WriteSpec<T> spec, FormatConfig config, UserCodeClassLoader loader,
      MetricGroup group) {
    FormatMetrics metrics = FormatMetrics.register(group);
    return new RecordEncoder<>(spec.open(config, SharedRegistries.acquire(loader, config.configs()), metrics));
  }

  /** The writing itself, for a table format that resolves its schema id when the task starts. */
  public Writing<T> writing() {
    return writing;
  }

  /**
   * The bytes of {@code value}; null for null (a tombstone).
   *
   * @throws FormatFailure when the value cannot be written
   */
  public byte[] encode(String topic, Headers headers, T value) {
    return value == null ? null : writing.write(topic, headers, value);
  }
}
