package dev.kavro.flink.runtime;

import java.io.IOException;
import org.apache.kafka.common.header.Headers;

/**
 * Decodes the records of one task. Thread-safe.
 *
 * @param <T> the values produced
 */
public interface Reading<T> {
  /**
   * The value of a non-empty record.
   *
   * @param topic the record's topic, or null where it is not known (a table reading a topic pattern)
   * @param headers the record's headers, or null where they are not known (a table format gets none)
   * @throws IOException for a record that cannot be read; the message names the topic, the side and the schema id
   * @throws FormatFailure when a registry call fails
   */
  T read(String topic, Headers headers, byte[] message) throws IOException;
}
