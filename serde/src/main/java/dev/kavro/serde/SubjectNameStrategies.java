package dev.kavro.serde;

import java.util.Map;
import java.util.function.Supplier;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.Utils;
import org.slf4j.Logger;

/**
 * Maps a configured strategy class name to a Kavro strategy. Confluent's class names are accepted as strings (the
 * classes do not exist here) so that a Confluent config works unchanged.
 */
final class SubjectNameStrategies {
  static final String CONFLUENT_PACKAGE = "io.confluent.kafka.serializers.subject.";
  static final String CONFLUENT_ASSOCIATED = CONFLUENT_PACKAGE + "AssociatedNameStrategy";

  private static final Map<String, Supplier<SubjectNameStrategy>> BUILT_IN = Map.of(
      CONFLUENT_PACKAGE + "TopicNameStrategy", TopicNameStrategy::new,
      CONFLUENT_PACKAGE + "RecordNameStrategy", RecordNameStrategy::new,
      CONFLUENT_PACKAGE + "TopicRecordNameStrategy", TopicRecordNameStrategy::new,
      TopicNameStrategy.class.getName(), TopicNameStrategy::new,
      RecordNameStrategy.class.getName(), RecordNameStrategy::new,
      TopicRecordNameStrategy.class.getName(), TopicRecordNameStrategy::new);

  private SubjectNameStrategies() {}

  /**
   * The strategy named {@code className}: a built-in, Confluent's {@code AssociatedNameStrategy} (which needs the
   * registry's association API and falls back to topic naming here; logged at WARN), or any class implementing
   * {@link SubjectNameStrategy} with a public no-argument constructor.
   *
   * @throws ConfigException if the class cannot be found or is not a {@link SubjectNameStrategy}
   */
  static SubjectNameStrategy create(String configKey, String className, Logger log) {
    String name = className.trim();
    Supplier<SubjectNameStrategy> builtIn = BUILT_IN.get(name);
    if (builtIn != null) {
      return builtIn.get();
    }
    if (name.equals(CONFLUENT_ASSOCIATED)) {
      if (log != null) {
        log.warn("{}={} is not supported by Kavro (it needs the registry's association API); using "
            + "TopicNameStrategy (<topic>-key / <topic>-value), Confluent's own fallback", configKey, name);
      }
      return new TopicNameStrategy();
    }
    try {
      return Utils.newInstance(name, SubjectNameStrategy.class);
    } catch (ClassNotFoundException | RuntimeException e) {
      throw new ConfigException(configKey, name, "not a known subject name strategy, and not a class implementing "
          + SubjectNameStrategy.class.getName() + " with a public no-argument constructor: " + e);
    }
  }

  /** Checks {@code className} at config parse time without logging. */
  static void validate(String configKey, Object value) {
    if (value == null) {
      throw new ConfigException(configKey, null, "a subject name strategy is required");
    }
    create(configKey, value.toString(), null);
  }
}
