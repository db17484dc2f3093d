package dev.kavro.flink.runtime;

import org.apache.kafka.common.header.Headers;

/**
 * Encodes the records of one task. Thread-safe.
 *
 * @param <T> the values consumed
 */
public interface Writing<T> {
  /**
   * The bytes of a non-null value.
   *
   * @param topic the topic the record goes to, or null where it is not known (then the subject is fixed)
   * @param headers the record's headers, where the schema id header goes when ids travel in headers; null where
   *     there are none (a table format)
   * @throws FormatFailure for a value the schema cannot hold or a registry call that fails; the message names the
   *     topic, the side and the schema id
   */
  byte[] write(String topic, Headers headers, T value);

  /**
   * Gets ready for records of {@code topic} before the first one, where the writing can (resolves the schema id).
   *
   * @param headersAvailable whether records will have headers to carry a schema id
   * @throws FormatFailure when it cannot get ready: the registry refuses the schema, or the id goes in a header and
   *     records have none
   */
  default void prepare(String topic, boolean headersAvailable) {}
}
