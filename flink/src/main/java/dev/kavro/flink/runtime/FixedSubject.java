package dev.kavro.flink.runtime;

import dev.kavro.serde.SubjectNameStrategy;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.kafka.common.Configurable;

/**
 * The subject a format was given ({@code subject} in a table, the subject argument of a DataStream schema), as the
 * core's subject name strategy: the same subject whatever the topic or schema. The core configures it with the serde
 * configs, where {@link #KEY_SUBJECT} / {@link #VALUE_SUBJECT} carry the subject of each side.
 *
 * <p>Thread-safe once configured. Internal API; public so that the core can instantiate it by name.
 */
public final class FixedSubject implements SubjectNameStrategy, Configurable {
  /** The serde config key that carries a key format's subject. */
  public static final String KEY_SUBJECT = "kavro.flink.key.subject";
  /** The serde config key that carries a value format's subject. */
  public static final String VALUE_SUBJECT = "kavro.flink.value.subject";

  private volatile String keySubject;
  private volatile String valueSubject;

  @Override
  public void configure(Map<String, ?> configs) {
    keySubject = string(configs.get(KEY_SUBJECT));
    valueSubject = string(configs.get(VALUE_SUBJECT));
  }

  private static String string(Object value) {
    return value == null ? null : value.toString();
  }

  /**
   * The subject given for the side.
   *
   * @throws IllegalStateException when none was given for it
   */
  @Override
  public String subject(String topic, boolean isKey, Schema schema) {
    String subject = isKey ? keySubject : valueSubject;
    if (subject == null) {
      throw new IllegalStateException("No subject was given for the " + (isKey ? "key" : "value") + " side");
    }
    return subject;
  }

  @Override
  public boolean usesSchema() {
    return false;
  }

  /**
   * {@code config} naming {@code subject} for its side through this strategy.
   *
   * @throws NullPointerException if {@code subject} is null
   */
  public static FormatConfig apply(FormatConfig config, String subject) {
    java.util.Objects.requireNonNull(subject, "subject");
    return config.with(config.isKey() ? KEY_SUBJECT : VALUE_SUBJECT, subject)
        .with(config.isKey() ? dev.kavro.serde.KavroSerdeConfig.KEY_SUBJECT_NAME_STRATEGY_CONFIG
            : dev.kavro.serde.KavroSerdeConfig.VALUE_SUBJECT_NAME_STRATEGY_CONFIG, FixedSubject.class.getName());
  }
}
