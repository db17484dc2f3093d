package dev.kavro.flink;

import dev.kavro.flink.runtime.FormatConfig;
import dev.kavro.registry.RegistryClientConfig;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/** The configuration of a DataStream schema from the arguments Flink's own registry schemas take. */
final class DataStreamConfigs {
  /** Flink's default: the capacity of the Confluent client's caches. */
  static final int DEFAULT_IDENTITY_MAP_CAPACITY = 1000;

  private DataStreamConfigs() {}

  /**
   * The value side's configuration: {@code registryConfigs} (Confluent's serde and registry keys, which Kavro reads
   * too) with the URL and the client's cache capacity ({@code max.schemas.per.subject}, which is what the
   * capacity of Confluent's client is).
   *
   * @throws NullPointerException if {@code url} is null
   * @throws IllegalArgumentException if {@code identityMapCapacity} is not positive
   */
  static FormatConfig of(String url, int identityMapCapacity, Map<String, ?> registryConfigs) {
    Objects.requireNonNull(url, "url");
    if (identityMapCapacity < 1) {
      throw new IllegalArgumentException("identityMapCapacity must be positive, not " + identityMapCapacity);
    }
    Map<String, String> configs = new TreeMap<>();
    if (registryConfigs != null) {
      registryConfigs.forEach((key, value) -> {
        if (value != null) {
          configs.put(key, value instanceof Class<?> type ? type.getName() : value.toString());
        }
      });
    }
    configs.put(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, url);
    configs.put(RegistryClientConfig.MAX_SCHEMAS_PER_SUBJECT_CONFIG, Integer.toString(identityMapCapacity));
    return FormatConfig.of(configs);
  }
}
