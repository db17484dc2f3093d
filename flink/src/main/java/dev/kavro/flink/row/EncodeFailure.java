package dev.kavro.flink.row;

import java.util.ArrayDeque;
import java.util.Deque;

/** A row that cannot be written with the writer schema, with the path of the field it failed in. */
final class EncodeFailure extends IllegalArgumentException {
  private static final long serialVersionUID = 1L;

  private final Deque<String> path = new ArrayDeque<>();

  private EncodeFailure(String field, Throwable cause) {
    super(cause);
    path.add(field);
  }

  static EncodeFailure at(String field, RuntimeException failure) {
    if (failure instanceof EncodeFailure known) {
      known.path.addFirst(field);
      return known;
    }
    return new EncodeFailure(field, failure);
  }

  @Override
  public String getMessage() {
    Throwable cause = getCause();
    String what = cause.getMessage() == null ? cause.getClass().getSimpleName()
        : cause instanceof IllegalArgumentException ? cause.getMessage()
        : cause.getClass().getSimpleName() + ": " + cause.getMessage();
    return "at field '" + String.join(".", path) + "': " + what;
  }
}
