package dev.kavro.rules;

import org.apache.kafka.common.errors.SerializationException;

/** A rule failed with the {@code ERROR} or {@code DLQ} action, or cannot be run at all: the record fails. */
public final class RuleFailedException extends SerializationException {
  private final String ruleName;

  RuleFailedException(String ruleName, String message, Throwable cause) {
    super(message, cause);
    this.ruleName = ruleName;
  }

  /** The name of the rule that failed. */
  public String ruleName() {
    return ruleName;
  }
}
