package dev.kavro.rules;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kavro.registry.Metadata;
import dev.kavro.registry.Rule;
import dev.kavro.registry.RuleSet;
import dev.kavro.registry.SchemaContract;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** Which rules a phase gets, so that schemas without rules for it cost records nothing. */
class RulePlanTest {
  private static final RuleSettings SETTINGS = new RuleSettings(Map.of());

  @Test
  void noPlanWithoutRulesForThePhase() {
    assertNull(plan(SchemaContract.NONE, RuleMode.WRITE));
    SchemaContract readOnly = contract(rule("r", "READ", false));
    assertNull(plan(readOnly, RuleMode.WRITE));
    assertNotNull(plan(readOnly, RuleMode.READ));
    SchemaContract metadataOnly = new SchemaContract(new Metadata(null, Map.of("a", "b"), null), null);
    assertNull(plan(metadataOnly, RuleMode.READ));
    assertNull(plan(contract(rule("off", "WRITEREAD", true)), RuleMode.WRITE));
    assertNotNull(plan(contract(rule("both", "WRITEREAD", false)), RuleMode.WRITE));
    assertNull(plan(contract(rule("both", "WRITEREAD", false)), RuleMode.UPGRADE));
  }

  @Test
  void enableAtMustNameThisEnvironment() {
    SchemaContract clientOnly = new SchemaContract(null,
        new RuleSet(List.of(), List.of(rule("r", "WRITE", false)), List.of(), "CLIENT"));
    assertNull(plan(clientOnly, RuleMode.WRITE)); // Confluent: no execution.environment set, so CLIENT rules are off
    assertNotNull(RulePlan.of(new RuleSettings(Map.of("execution.environment", "CLIENT")), clientOnly, null, "s",
        RuleMode.WRITE));
  }

  @Test
  void metadataTagPatternsFollowConfluentsWildcards() {
    MetadataTags tags = new MetadataTags(new Metadata(Map.of(
        "com.example.User.ssn", Set.of("PII"),
        "com.example.*.email", Set.of("CONTACT"),
        "**.secret?", Set.of("SECRET")), null, null));

    assertEquals(Set.of("PII"), tags.of("com.example.User.ssn"));
    assertEquals(Set.of("CONTACT"), tags.of("com.example.Order.email"));
    assertEquals(Set.of(), tags.of("com.example.a.b.email"));
    assertEquals(Set.of("SECRET"), tags.of("a.b.c.secret1"));
    assertEquals(Set.of(), tags.of("a.b.c.secret12"));
  }

  private static RulePlan plan(SchemaContract contract, RuleMode phase) {
    return RulePlan.of(SETTINGS, contract, null, "s", phase);
  }

  private static SchemaContract contract(Rule rule) {
    return new SchemaContract(null, new RuleSet(List.of(), List.of(rule)));
  }

  private static Rule rule(String name, String mode, boolean disabled) {
    return new Rule(name, null, "CONDITION", mode, "CEL", null, null, "true", null, null, disabled);
  }
}
