package dev.kavro.flink.runtime;

import dev.kavro.registry.SchemaContract;
import dev.kavro.rules.RuleFailedException;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RulePlan;
import dev.kavro.rules.RuleSettings;
import dev.kavro.serde.AdapterErrors;
import dev.kavro.serde.SubjectNames;
import org.apache.avro.Schema;

/**
 * Data-contract rules on the RowData path, which runs none (rules act on Avro values, the codec reads and writes rows):
 * a schema whose contract has rules for the phase fails, naming them, unless {@code kavro.rules.unsupported=warn}
 * lets it pass with a WARN, as Kafka Connect's converter does.
 */
final class Rules {
  private static final String PATH = "Kavro's Flink RowData format";

  private Rules() {}

  /**
   * @throws FormatFailure when the contract has rules for {@code phase} and the policy is to fail
   */
  static void refuse(RuleSettings rules, SchemaContract contract, Schema schema, SubjectNames names, String topic,
      Object id, RuleMode phase) {
    if (!contract.hasRules()) {
      return;
    }
    try {
      RulePlan.refuse(PATH, rules, contract, schema, subject(names, topic, schema), phase);
    } catch (RuleFailedException e) {
      throw new FormatFailure(e.getMessage() + " " + AdapterErrors.where(topic, names.isKey(), id), e);
    }
  }

  /** The subject for a rule's messages, or null where it cannot be named. */
  private static String subject(SubjectNames names, String topic, Schema schema) {
    try {
      return topic == null ? null : names.subject(topic, schema);
    } catch (RuntimeException e) {
      return null;
    }
  }
}
