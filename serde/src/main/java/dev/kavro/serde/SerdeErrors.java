package dev.kavro.serde;

import dev.kavro.registry.RegistryException;
import dev.kavro.rules.RuleFailedException;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.errors.AuthenticationException;
import org.apache.kafka.common.errors.AuthorizationException;
import org.apache.kafka.common.errors.DisconnectException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.errors.ThrottlingQuotaExceededException;
import org.apache.kafka.common.errors.TimeoutException;

/**
 * Builds the exceptions the serdes throw. Every message names the topic, the side (key or value) and the schema id,
 * then says what went wrong.
 */
final class SerdeErrors {
  /** The serdes' exceptions, for the core pieces. */
  static final AdapterErrors ADAPTER = SerdeErrors::error;

  private SerdeErrors() {}

  /** {@code [topic 'orders', value, schema id 42]}; {@code schemaId} may be null when it is not known yet. */
  static String where(String topic, boolean isKey, Object schemaId) {
    return AdapterErrors.where(topic, isKey, schemaId);
  }

  static SerializationException serialization(String what, String where, Throwable cause) {
    return new SerializationException(what + " " + where + ": " + AdapterErrors.describe(cause), cause);
  }

  /** A data-contract rule failed; its message names the rule, the phase and the subject. */
  static SerializationException rule(RuleFailedException e, String where) {
    return new SerializationException(e.getMessage() + " " + where, e.getCause() != null ? e.getCause() : e);
  }

  static SerializationException serialization(String what, String where, String detail) {
    return new SerializationException(what + " " + where + ": " + detail);
  }

  /**
   * Maps a registry failure as Confluent's {@code toKafkaException} does: 401 authentication, 403 authorization,
   * 429 throttling, 408/500/503/504 and timeouts are retriable timeouts, 502 a disconnect, anything else (404 for an
   * unknown id included) a {@link SerializationException}.
   */
  static KafkaException registry(String what, String where, RegistryException e) {
    return registry(what + " " + where + ": " + AdapterErrors.describe(e), e);
  }

  private static KafkaException registry(String message, RegistryException e) {
    if (e.isTimeout()) {
      return new TimeoutException(message, e);
    }
    return switch (e.status()) {
      case 401 -> new AuthenticationException(message, e);
      case 403 -> new AuthorizationException(message, e);
      case 429 -> withCause(new ThrottlingQuotaExceededException(message), e);
      case 408, 500, 503, 504 -> new TimeoutException(message, e);
      case 502 -> new DisconnectException(message, e);
      default -> new SerializationException(message, e);
    };
  }

  private static <T extends KafkaException> T withCause(T exception, Throwable cause) {
    exception.initCause(cause);
    return exception;
  }

  /** A registry failure mapped as {@link #registry} does; anything else a {@link SerializationException}. */
  private static KafkaException error(String message, Throwable cause) {
    if (cause instanceof RegistryException e) {
      return registry(message, e);
    }
    return cause == null ? new SerializationException(message) : new SerializationException(message, cause);
  }
}
