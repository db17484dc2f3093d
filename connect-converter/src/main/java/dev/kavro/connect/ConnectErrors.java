package dev.kavro.connect;

import dev.kavro.registry.RegistryException;
import dev.kavro.serde.AdapterErrors;
import org.apache.kafka.common.errors.TimeoutException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.errors.RetriableException;

/**
 * The exceptions the converter throws: retriable for timeouts, {@link DataException} with context otherwise; also
 * what the core's pieces throw for the converter ({@link #of}).
 */
final class ConnectErrors implements AdapterErrors {
  private static final ConnectErrors KEY = new ConnectErrors(true);
  private static final ConnectErrors VALUE = new ConnectErrors(false);

  private final boolean isKey;

  private ConnectErrors(boolean isKey) {
    this.isKey = isKey;
  }

  /** The converter's exceptions for the key or value side. */
  static AdapterErrors of(boolean isKey) {
    return isKey ? KEY : VALUE;
  }

  @Override
  public RuntimeException registry(String what, String topic, Object schemaId, RegistryException cause) {
    return wrap(what, AdapterErrors.where(topic, isKey, schemaId), cause);
  }

  @Override
  public RuntimeException failed(String what, String topic, Object schemaId, Throwable cause) {
    return wrap(what, AdapterErrors.where(topic, isKey, schemaId), cause);
  }

  @Override
  public RuntimeException failed(String what, String topic, Object schemaId, String detail) {
    return new DataException(what + " " + AdapterErrors.where(topic, isKey, schemaId) + ": " + detail);
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
