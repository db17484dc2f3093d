package dev.kavro.registry;

/**
 * A schema registry call failed. Carries the HTTP status and the registry's {@code error_code} (for example 40403
 * "schema not found" or 40901 "incompatible schema"), so that the serdes can map it to Kafka's typed exceptions.
 *
 * <p>A status of {@code 0} means the registry was not reached (I/O error or timeout after all retries).
 */
public class RegistryException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  /** The status used when no HTTP response was received. */
  public static final int NO_RESPONSE = 0;

  private final int status;
  private final int errorCode;
  private final boolean timeout;

  public RegistryException(String message, int status, int errorCode) {
    this(message, status, errorCode, false, null);
  }

  public RegistryException(String message, int status, int errorCode, boolean timeout, Throwable cause) {
    super(message + (errorCode > 0 ? "; error code: " + errorCode : "") + (status > 0 ? "; HTTP " + status : ""),
        cause);
    this.status = status;
    this.errorCode = errorCode;
    this.timeout = timeout;
  }

  /** The HTTP status, or {@link #NO_RESPONSE}. */
  public int status() {
    return status;
  }

  /** The registry's {@code error_code}, or {@code -1} where the body had none. */
  public int errorCode() {
    return errorCode;
  }

  /** Whether the call failed because the registry did not answer in time. */
  public boolean isTimeout() {
    return timeout;
  }

  /**
   * Whether asking again may succeed: the registry timed out, or answered 408, 429, 500, 502, 503 or 504. The
   * registry client retries these before it gives up; the serdes map them to Kafka's retriable exceptions.
   */
  public boolean isRetriable() {
    return timeout || isRetriableStatus(status);
  }

  /** Whether an HTTP answer with {@code status} is worth asking again (see {@link #isRetriable()}). */
  static boolean isRetriableStatus(int status) {
    return switch (status) {
      case 408, 429, 500, 502, 503, 504 -> true;
      default -> false;
    };
  }

  /** Whether the registry said that the subject, version or schema does not exist. */
  public boolean isNotFound() {
    return status == 404;
  }
}
