package dev.kavro.connect;

import dev.kavro.registry.RegistryException;
import dev.kavro.serde.AdapterErrors;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;

/** The exceptions the converter throws: retriable for timeouts, {@link DataException} with context otherwise. */
final class ConnectErrors {
  /** The converter's exceptions, for the core pieces. */
  static final AdapterErrors ADAPTER = ConnectErrors::error;

  private ConnectErrors() {}

  /**
   * Maps any failure: what the registry client itself would ask again ({@link RegistryException#isRetriable()}: a
   * timeout, 408, 429, 500, 502, 503, 504) and Kafka's TimeoutException become {@link RetriableException}, so that
   * Connect retries the task; everything else a {@link DataException} naming topic, side and id.
   */
  static RuntimeException wrap(String what, String where, Throwable e) {
    if (e instanceof RetriableException retriable) {
      return retriable;
    }
    return error(what + " " + where + ": " + AdapterErrors.describe(e), e);
  }

  private static RuntimeException error(String message, Throwable cause) {
    if (cause instanceof TimeoutException || (cause instanceof RegistryException r && r.isRetriable())) {
      return new RetriableException(message, cause);
    }
    return new DataException(message, cause);
  }
}
