package dev.kavro.flink.runtime;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.serde.KavroSerdeConfig;
import java.io.Serializable;
import java.util.Collections;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * What one format instance (a table's key or value format, or a DataStream schema) was configured with, shipped to
 * the tasks: the serde and registry keys in Kavro's (Confluent's) names, the side, the topic records go to or come
 * from where the task is not told per record, and the Flink-only settings.
 *
 * <p>Immutable and serializable. Internal API.
 *
 * @param configs the serde and registry client keys ({@link KavroSerdeConfig}), sorted
 * @param isKey whether this is a key format: subjects {@code <topic>-key}, the {@code __key_schema_id} header
 * @param topic the topic of every record where the task gets none per record (a table's single topic), or null
 * @param ignoreParseErrors whether a record that cannot be read is skipped rather than failing the job
 * @param mapping how timestamp columns map to Avro (RowData only)
 */
public record FormatConfig(Map<String, String> configs, boolean isKey, String topic, boolean ignoreParseErrors,
    TimestampMapping mapping) implements Serializable {
  private static final long serialVersionUID = 1L;

  /** A copy of {@code configs} that keeps the caller's map out of the serialized form. */
  public FormatConfig {
    configs = Collections.unmodifiableMap(new TreeMap<>(configs));
    Objects.requireNonNull(mapping, "mapping");
  }

  /** The value side's configuration of {@code configs}: no topic, parse errors fail, the correct mapping. */
  public static FormatConfig of(Map<String, String> configs) {
    return new FormatConfig(configs, false, null, false, TimestampMapping.CORRECT);
  }

  public FormatConfig withTopic(String topic) {
    return new FormatConfig(configs, isKey, topic, ignoreParseErrors, mapping);
  }

  public FormatConfig withIgnoreParseErrors(boolean ignore) {
    return new FormatConfig(configs, isKey, topic, ignore, mapping);
  }

  public FormatConfig withMapping(TimestampMapping mapping) {
    return new FormatConfig(configs, isKey, topic, ignoreParseErrors, mapping);
  }

  /** A copy with {@code key} set to {@code value}. */
  public FormatConfig with(String key, String value) {
    Map<String, String> copy = new TreeMap<>(configs);
    copy.put(key, value);
    return new FormatConfig(copy, isKey, topic, ignoreParseErrors, mapping);
  }

  /**
   * The parsed serde configuration, with the process-wide cache settings it carries applied, as every adapter
   * applies them.
   *
   * @throws org.apache.kafka.common.config.ConfigException when a value is invalid
   */
  public KavroSerdeConfig serdeConfig() {
    KavroSerdeConfig config = new KavroSerdeConfig(configs);
    config.applyCacheSettings();
    return config;
  }

  /** {@code key} or {@code value}, for messages. */
  public String side() {
    return isKey ? "key" : "value";
  }
}
