package dev.kavro.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/**
 * The {@code ruleSet} of a registered schema: migration rules (run between versions), domain rules (run on every
 * record) and encoding rules (run on the serialized bytes). Immutable and thread-safe: the lists are copied.
 *
 * @param enableAt the execution environment the rules are enabled in ({@code ALL} when {@code null})
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record RuleSet(List<Rule> migrationRules, List<Rule> domainRules, List<Rule> encodingRules,
    String enableAt) {
  public RuleSet {
    migrationRules = migrationRules == null ? List.of() : List.copyOf(migrationRules);
    domainRules = domainRules == null ? List.of() : List.copyOf(domainRules);
    encodingRules = encodingRules == null ? List.of() : List.copyOf(encodingRules);
  }

  public RuleSet(List<Rule> migrationRules, List<Rule> domainRules) {
    this(migrationRules, domainRules, null, null);
  }

  /** Whether the set holds no rule at all. */
  public boolean isEmpty() {
    return migrationRules.isEmpty() && domainRules.isEmpty() && encodingRules.isEmpty();
  }
}
