package dev.kavro.registry;

/**
 * The data-contract part of a registered schema: its {@code metadata} and {@code ruleSet}, either {@code null}
 * when the server sent none. Immutable and thread-safe.
 */
public record SchemaContract(Metadata metadata, RuleSet ruleSet) {
  /** No metadata and no rules. */
  public static final SchemaContract NONE = new SchemaContract(null, null);

  /** Whether there is a rule to run. */
  public boolean hasRules() {
    return ruleSet != null && !ruleSet.isEmpty();
  }

  /** Whether there is neither metadata nor a rule set. */
  public boolean isEmpty() {
    return metadata == null && ruleSet == null;
  }

  static SchemaContract of(Metadata metadata, RuleSet ruleSet) {
    return metadata == null && ruleSet == null ? NONE : new SchemaContract(metadata, ruleSet);
  }
}
