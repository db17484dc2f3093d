package dev.kavro.serde;

/**
 * How an adapter turns what the core found wrong into its own exceptions: Kafka's {@code SerializationException}
 * family for the serdes, Connect's {@code DataException} and {@code RetriableException} for the converter. The core
 * pieces ({@link SchemaIdTable}, {@link SchemaIdResolver}) throw what {@link #error} returns, with messages that name
 * the topic, the side and the schema id ({@link #where}).
 *
 * <p>Implementations are stateless and thread-safe. Internal API for Kavro's adapters.
 */
@FunctionalInterface
public interface AdapterErrors {
  /**
   * The adapter's exception.
   *
   * @param message what failed, where and why, ready to read
   * @param cause a {@link dev.kavro.registry.RegistryException} when a registry call failed (adapters map its status,
   *     say to a retriable exception), another exception the core caught, or {@code null}
   */
  RuntimeException error(String message, Throwable cause);

  /** {@link #error} for {@code what} failed at {@code where} ({@link #where}) because of {@code cause}. */
  default RuntimeException failed(String what, String where, Throwable cause) {
    return error(what + " " + where + ": " + describe(cause), cause);
  }

  /** {@link #error} for {@code what} is wrong at {@code where} ({@link #where}), as {@code detail} says. */
  default RuntimeException failed(String what, String where, String detail) {
    return error(what + " " + where + ": " + detail, null);
  }

  /** {@code [topic 'orders', value, schema id 42]}; {@code schemaId} may be null when it is not known yet. */
  static String where(String topic, boolean isKey, Object schemaId) {
    return "[topic '" + topic + "', " + (isKey ? "key" : "value") + ", schema id "
        + (schemaId == null ? "unknown" : schemaId) + "]";
  }

  /** {@code SimpleName: message}, or the class name where there is no message. */
  static String describe(Throwable cause) {
    String message = cause.getMessage();
    return message == null ? cause.getClass().getName() : cause.getClass().getSimpleName() + ": " + message;
  }
}
