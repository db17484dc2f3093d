package dev.kavro.rules;

import dev.kavro.registry.Metadata;
import dev.kavro.registry.Rule;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.kafka.common.header.Headers;

/**
 * What one rule run sees: the rule and its place in its list, the phase it runs in, the record's subject, topic and
 * headers, and the schema the rule belongs to with its metadata. One per rule and record; never shared.
 */
public final class RuleContext {
  private final Rule rule;
  private final RuleKind kind;
  private final RuleMode phase;
  private final int index;
  private final List<Rule> rules;
  private final Schema target;
  private final Metadata metadata;
  private final MetadataTags metadataTags;
  private final Record record;

  /** The record-level part, shared by every rule run on one record. */
  record Record(String subject, String topic, Headers headers, boolean isKey, Object original) {}

  RuleContext(Rule rule, RuleKind kind, RuleMode phase, int index, List<Rule> rules, Schema target,
      Metadata metadata, MetadataTags metadataTags, Record record) {
    this.rule = rule;
    this.kind = kind;
    this.phase = phase;
    this.index = index;
    this.rules = rules;
    this.target = target;
    this.metadata = metadata;
    this.metadataTags = metadataTags;
    this.record = record;
  }

  public Rule rule() {
    return rule;
  }

  public RuleKind kind() {
    return kind;
  }

  /** The phase running now: WRITE, READ, UPGRADE or DOWNGRADE. */
  public RuleMode phase() {
    return phase;
  }

  /** The rule's position in {@link #rules()}, the list in the order it runs. */
  public int index() {
    return index;
  }

  public List<Rule> rules() {
    return rules;
  }

  /** The schema the rule set belongs to. */
  public Schema target() {
    return target;
  }

  public String subject() {
    return record.subject();
  }

  public String topic() {
    return record.topic();
  }

  /** The record's headers, or {@code null}. */
  public Headers headers() {
    return record.headers();
  }

  public boolean isKey() {
    return record.isKey();
  }

  /** The record as the serde got it: the value object on write, the payload bytes on read. */
  public Object original() {
    return record.original();
  }

  /** A rule parameter, else the schema's {@code metadata.properties} entry of that name, else {@code null}. */
  public String parameter(String name) {
    String value = rule.params().get(name);
    if (value == null && metadata != null) {
      value = metadata.property(name);
    }
    return value;
  }

  /** The tags that the schema's {@code metadata.tags} gives the field {@code fullName}. */
  public Set<String> metadataTags(String fullName) {
    return metadataTags.of(fullName);
  }
}
