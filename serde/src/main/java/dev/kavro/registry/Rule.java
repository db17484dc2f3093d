package dev.kavro.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Set;

/**
 * One rule of a {@link RuleSet}, as the Confluent REST API carries it. Kind, mode and type stay strings here so
 * that a rule the client does not know is still parsed, reported and failed on, never dropped. Immutable and
 * thread-safe: the collections are copied.
 *
 * @param name unique within the rule set
 * @param kind {@code CONDITION} or {@code TRANSFORM}
 * @param mode {@code WRITE}, {@code READ}, {@code WRITEREAD}, {@code UPGRADE}, {@code DOWNGRADE} or {@code UPDOWN}
 * @param type the executor type, for example {@code CEL}, {@code CEL_FIELD}, {@code JSONATA}, {@code ENCRYPT}
 * @param tags for field rules: the field tags the rule applies to (empty: every field)
 * @param params executor parameters
 * @param expr the expression
 * @param onSuccess action after success ({@code NONE}, {@code ERROR}, {@code DLQ}; {@code "a,b"} for
 *     write,read), or {@code null}
 * @param onFailure action after failure, or {@code null} (then {@code ERROR})
 * @param disabled whether the rule is off
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Rule(String name, String doc, String kind, String mode, String type, Set<String> tags,
    Map<String, String> params, String expr, String onSuccess, String onFailure, boolean disabled) {
  public Rule {
    tags = tags == null ? Set.of() : Set.copyOf(tags);
    params = params == null ? Map.of() : Map.copyOf(params);
  }
}
