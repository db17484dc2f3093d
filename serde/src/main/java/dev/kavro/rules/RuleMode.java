package dev.kavro.rules;

import java.util.Locale;

/** When a rule runs: on write, on read, or between versions (migration), as Confluent's {@code RuleMode}. */
public enum RuleMode {
  WRITE, READ, WRITEREAD, UPGRADE, DOWNGRADE, UPDOWN;

  /** Whether a rule declared with this mode runs in {@code phase} (one of WRITE, READ, UPGRADE, DOWNGRADE). */
  boolean runsIn(RuleMode phase) {
    return switch (this) {
      case WRITEREAD -> phase == WRITE || phase == READ;
      case UPDOWN -> phase == UPGRADE || phase == DOWNGRADE;
      default -> this == phase;
    };
  }

  /** The mode named {@code text}, or {@code null} when Kavro does not know it. */
  static RuleMode parse(String text) {
    if (text == null) {
      return null;
    }
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
