package dev.kavro.streams;

import dev.kavro.registry.SchemaRegistry;
import java.util.Map;
import org.apache.avro.specific.SpecificRecord;

/**
 * Factory methods for Kavro's Streams serdes, in the style of Kafka's {@code Serdes}. The methods without configs
 * return unconfigured serdes (call {@code configure(configs, isKey)}); the methods with configs return serdes already
 * configured for the given side. Each call returns a new instance.
 *
 * <p>Thread-safety: all methods are safe to call from any thread.
 */
public final class KavroSerdes {
  private KavroSerdes() {}

  /** An unconfigured {@link GenericKavroSerde}. */
  public static GenericKavroSerde generic() {
    return new GenericKavroSerde();
  }

  /**
   * An unconfigured {@link GenericKavroSerde} on {@code registry}.
   *
   * @throws NullPointerException if {@code registry} is null
   */
  public static GenericKavroSerde generic(SchemaRegistry registry) {
    return new GenericKavroSerde(registry);
  }

  /**
   * A {@link GenericKavroSerde} configured for the key ({@code isKey}) or value side.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  public static GenericKavroSerde generic(Map<String, ?> configs, boolean isKey) {
    return configured(new GenericKavroSerde(), configs, isKey);
  }

  /**
   * A {@link GenericKavroSerde} on {@code registry}, configured for the key ({@code isKey}) or value side.
   *
   * @throws NullPointerException if {@code registry} is null
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  public static GenericKavroSerde generic(SchemaRegistry registry, Map<String, ?> configs, boolean isKey) {
    return configured(new GenericKavroSerde(registry), configs, isKey);
  }

  /**
   * An unconfigured {@link SpecificKavroSerde} that reads into {@code type}.
   *
   * @throws NullPointerException if {@code type} is null
   */
  public static <T extends SpecificRecord> SpecificKavroSerde<T> specific(Class<T> type) {
    return new SpecificKavroSerde<>(type);
  }

  /**
   * An unconfigured {@link SpecificKavroSerde} that reads into {@code type}, on {@code registry}.
   *
   * @throws NullPointerException if {@code type} or {@code registry} is null
   */
  public static <T extends SpecificRecord> SpecificKavroSerde<T> specific(Class<T> type, SchemaRegistry registry) {
    return new SpecificKavroSerde<>(type, registry);
  }

  /**
   * A {@link SpecificKavroSerde} that reads into {@code type}, configured for the key ({@code isKey}) or value side.
   *
   * @throws NullPointerException if {@code type} is null
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  public static <T extends SpecificRecord> SpecificKavroSerde<T> specific(
      Class<T> type, Map<String, ?> configs, boolean isKey) {
    return configured(new SpecificKavroSerde<>(type), configs, isKey);
  }

  /**
   * A {@link SpecificKavroSerde} that reads into {@code type}, on {@code registry}, configured for the key
   * ({@code isKey}) or value side.
   *
   * @throws NullPointerException if {@code type} or {@code registry} is null
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  public static <T extends SpecificRecord> SpecificKavroSerde<T> specific(
      Class<T> type, SchemaRegistry registry, Map<String, ?> configs, boolean isKey) {
    return configured(new SpecificKavroSerde<>(type, registry), configs, isKey);
  }

  private static <S extends KavroWrapperSerde<?>> S configured(S serde, Map<String, ?> configs, boolean isKey) {
    serde.configure(configs, isKey);
    return serde;
  }
}
