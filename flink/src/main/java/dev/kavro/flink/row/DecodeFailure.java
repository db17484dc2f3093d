package dev.kavro.flink.row;

import java.io.EOFException;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Deque;

/**
 * A failed read, with the path of the field it failed in: each record on the way out adds its field's name, so the
 * message says where in the row the data was bad.
 */
final class DecodeFailure extends IOException {
  private static final long serialVersionUID = 1L;

  private final Deque<String> path = new ArrayDeque<>();

  private DecodeFailure(String field, Throwable cause) {
    super(cause);
    path.add(field);
  }

  /** {@code failure} as read in {@code field}: the same failure one level up, or a new one for a first failure. */
  static DecodeFailure at(String field, Throwable failure) {
    if (failure instanceof DecodeFailure known) {
      known.path.addFirst(field);
      return known;
    }
    return new DecodeFailure(field, failure);
  }

  /** The field path, outermost first, such as {@code order.lines.price}. */
  String path() {
    return String.join(".", path);
  }

  @Override
  public String getMessage() {
    return "at field '" + path() + "': " + describe(getCause());
  }

  /** What went wrong, in words: a truncated input says so rather than leaving it to the exception's type. */
  static String describe(Throwable cause) {
    String message = cause.getMessage();
    if (cause instanceof EOFException) {
      return "the data ends too early" + (message == null ? "" : " (" + message + ")");
    }
    return message == null ? cause.getClass().getSimpleName() : cause.getClass().getSimpleName() + ": " + message;
  }
}
