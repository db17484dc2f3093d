package dev.kavro.flink.runtime;

import dev.kavro.registry.RegistryException;
import dev.kavro.serde.AdapterErrors;
import java.io.IOException;
import org.apache.flink.util.FlinkRuntimeException;

/**
 * A record that Kavro's format could not read or write, or a registry call that failed for it; the message names the
 * topic, the side and the schema id, then what was wrong. Unchecked, so that the core's pieces can throw it
 * ({@link #ADAPTER}); the read side turns it into the {@link IOException} that Flink's deserialization schemas
 * declare ({@link #asIOException}).
 *
 * <p>Internal API.
 */
public final class FormatFailure extends FlinkRuntimeException {
  private static final long serialVersionUID = 1L;

  /** The format's exceptions, for the core's pieces. */
  public static final AdapterErrors ADAPTER = FormatFailure::new;

  public FormatFailure(String message, Throwable cause) {
    super(message, cause);
  }

  /** {@code what} failed at {@code where} ({@link AdapterErrors#where}) because of {@code cause}. */
  public static FormatFailure of(String what, String where, Throwable cause) {
    return new FormatFailure(what + " " + where + ": " + describe(cause), cause);
  }

  /** The checked form of a read failure: {@code e}'s message, {@code e} as the cause. */
  public static IOException asIOException(Throwable e) {
    if (e instanceof IOException io) {
      return io;
    }
    return new IOException(e.getMessage(), e);
  }

  /**
   * Whether {@code e} is about the record rather than about the registry: a registry that was not reached, timed out
   * or refused the call says nothing about the record, and skipping on it would lose good records. The registry's
   * answer that an id or subject does not exist is about the record.
   */
  public static boolean isAboutTheRecord(Throwable e) {
    RegistryException registry = registryCause(e);
    return registry == null || registry.isNotFound();
  }

  /** The registry's failure behind {@code e}, or null where no registry call failed. */
  static RegistryException registryCause(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      if (t instanceof RegistryException registry) {
        return registry;
      }
    }
    return null;
  }

  private static String describe(Throwable cause) {
    if (cause instanceof FormatFailure || cause.getMessage() != null && cause instanceof IOException) {
      return cause.getMessage();
    }
    return AdapterErrors.describe(cause);
  }
}
