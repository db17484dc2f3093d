package dev.kavro.flink.runtime;

import java.io.IOException;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.util.UserCodeClassLoader;
import org.apache.kafka.common.header.Headers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One task's decoding, as a deserialization schema opens it: the task manager's registry client for the
 * configuration, the metrics, and what a record that cannot be read becomes: an {@link IOException} naming the topic,
 * the side and the schema id, or with {@code ignore-parse-errors} a skipped record (null), counted. A registry that
 * fails for another reason than an unknown id always fails the job: its records are good, and skipping them would
 * lose them.
 *
 * <p>Thread-safe. Internal API.
 *
 * @param <T> the values produced
 */
public final class RecordDecoder<T> {
  private static final Logger LOG = LoggerFactory.getLogger(RecordDecoder.class);

  private final Reading<T> reading;
  private final boolean ignoreParseErrors;
  private final FormatMetrics metrics;

  private RecordDecoder(Reading<T> reading, boolean ignoreParseErrors, FormatMetrics metrics) {
    this.reading = reading;
    this.ignoreParseErrors = ignoreParseErrors;
    this.metrics = metrics;
  }

  /**
   * The decoding of one task.
   *
   * @throws RuntimeException when the configuration cannot be used
   */
  public static <T> RecordDecoder<T> open(ReadSpec<T> spec, FormatConfig config, UserCodeClassLoader loader,
      MetricGroup group) {
    FormatMetrics metrics = FormatMetrics.register(group);
    Reading<T> reading = spec.open(config, SharedRegistries.acquire(loader, config.configs()), metrics);
    return new RecordDecoder<>(reading, config.ignoreParseErrors(), metrics);
  }

  /**
   * The record's value; null for a null or empty record (a tombstone), and for a skipped one.
   *
   * @throws IOException when the record cannot be read and is not skipped
   */
  public T decode(String topic, Headers headers, byte[] message) throws IOException {
    if (message == null || message.length == 0) {
      return null;
    }
    try {
      return reading.read(topic, headers, message);
    } catch (IOException | RuntimeException e) {
      if (ignoreParseErrors && FormatFailure.isAboutTheRecord(e)) {
        skipped(e);
        return null;
      }
      throw FormatFailure.asIOException(e);
    }
  }

  private void skipped(Exception e) {
    metrics.recordSkipped();
    if (metrics.recordsSkipped() == 1) {
      LOG.warn("Skipping a record that cannot be read (ignore-parse-errors; further skips are logged at DEBUG and "
          + "counted in the metric {}.{}): {}", FormatMetrics.GROUP, FormatMetrics.RECORDS_SKIPPED, e.getMessage());
    } else {
      LOG.debug("Skipping a record that cannot be read: {}", e.getMessage());
    }
  }
}
