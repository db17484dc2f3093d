package dev.kavro.rules;

/** A rule could not run or did not hold; the configured {@code onFailure} action decides what follows. */
public class RuleException extends Exception {
  public RuleException(String message) {
    super(message);
  }

  public RuleException(String message, Throwable cause) {
    super(message, cause);
  }
}
