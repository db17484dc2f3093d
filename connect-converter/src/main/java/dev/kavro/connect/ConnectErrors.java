package dev.kavro.connect;

import dev.kavro.registry.RegistryException;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;

/** The exceptions the converter throws: retriable for timeouts, {@link DataException} with context otherwise. */
final class ConnectErrors {
  private ConnectErrors() {}

  /** {@code [topic 'orders', value, schema id 42]}; the id may be null when not known yet. */
  static String where(String topic, boolean isKey, Object schemaId) {
    return "[topic '" + topic + "', " + (isKey ? "key" : "value") + ", schema id "
        + (schemaId == null ? "unknown" : schemaId) + "]";
  }

  /**
   * Maps any failure: what the registry client itself would ask again ({@link RegistryException#isRetriable()}: a
   * timeout, 408, 429, 500, 502, 503, 504) and Kafka's TimeoutException become {@link RetriableException}, so that
   * Connect retries the task; everything else a {@link DataException} naming topic, side and id.
   */
  static RuntimeException wrap(String what, String where, Throwable e) {
    if (e instanceof RetriableException retriable) {
      return retriable;
    }
    String message = what + " " + where + ": " + describe(e);
    if (e instanceof TimeoutException || (e instanceof RegistryException r && r.isRetriable())) {
      return new RetriableException(message, e);
    }
    return new DataException(message, e);
  }

  private static String describe(Throwable e) {
    return e.getMessage() == null ? e.getClass().getName() : e.getClass().getSimpleName() + ": " + e.getMessage();
  }
}
