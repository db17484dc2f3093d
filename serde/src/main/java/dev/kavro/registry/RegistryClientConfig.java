package dev.kavro.registry;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;

/**
 * The registry client's configuration keys, with Confluent's names and defaults.
 *
 * <p>Skeleton: only {@code schema.registry.url}; the REST client adds its keys here.
 */
public final class RegistryClientConfig extends AbstractConfig {
  public static final String SCHEMA_REGISTRY_URL_CONFIG = "schema.registry.url";
  private static final String SCHEMA_REGISTRY_URL_DOC =
      "Comma-separated list of schema registry URLs, tried in order; mock://scope selects an in-memory registry.";

  private static final ConfigDef CONFIG = addDefinitions(new ConfigDef());

  public RegistryClientConfig(Map<String, ?> originals) {
    super(CONFIG, originals, false);
  }

  /** Adds the registry client's keys to {@code def}, so that serde and converter configs share them. */
  public static ConfigDef addDefinitions(ConfigDef def) {
    return def.define(SCHEMA_REGISTRY_URL_CONFIG, ConfigDef.Type.LIST, ConfigDef.NO_DEFAULT_VALUE,
        ConfigDef.Importance.HIGH, SCHEMA_REGISTRY_URL_DOC);
  }

  /** The ConfigDef of the client alone. */
  public static ConfigDef configDef() {
    return new ConfigDef(CONFIG);
  }

  public List<String> urls() {
    return getList(SCHEMA_REGISTRY_URL_CONFIG);
  }
}
