package dev.kavro.rules;

import java.util.Locale;

/** What a rule does: check the message ({@code CONDITION}) or rewrite it ({@code TRANSFORM}). */
public enum RuleKind {
  CONDITION, TRANSFORM;

  /** The kind named {@code text} ({@code TRANSFORM} when absent, as Confluent defaults), or {@code null}. */
  static RuleKind parse(String text) {
    if (text == null) {
      return TRANSFORM;
    }
    try {
      return valueOf(text.trim().toUpperCase(Locale.ROOT));
    } catch (IllegalArgumentException e) {
      return null;
    }
  }
}
