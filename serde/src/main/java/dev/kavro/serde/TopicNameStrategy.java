package dev.kavro.serde;

import org.apache.avro.Schema;

/** {@code <topic>-key} / {@code <topic>-value}: one schema lineage per topic side. Thread-safe. */
public final class TopicNameStrategy implements SubjectNameStrategy {
  @Override
  public String subject(String topic, boolean isKey, Schema schema) {
    return topic + (isKey ? "-key" : "-value");
  }

  @Override
  public boolean usesSchema() {
    return false;
  }
}
