package dev.kavro.registry;

import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/** Builds the {@link SchemaRegistry} that a serde or converter config asks for. Stateless and thread-safe. */
public final class SchemaRegistries {
  private static final String MOCK_PREFIX = "mock://";

  private SchemaRegistries() {}

  /**
   * The registry for {@code configs}: the shared in-memory {@link MockSchemaRegistry} for {@code mock://scope}
   * URLs, otherwise a {@link RestSchemaRegistry}.
   *
   * @throws ConfigException when the URLs are missing, mix mock and real registries, or are otherwise invalid
   */
  public static SchemaRegistry create(Map<String, ?> configs) {
    RegistryClientConfig config = new RegistryClientConfig(configs);
    List<String> urls = config.urls();
    long mocks = urls.stream().filter(u -> u.startsWith(MOCK_PREFIX)).count();
    if (mocks > 0 && mocks < urls.size()) {
      throw new ConfigException(
          "Cannot mix mock and real schema registry URLs: " + RegistryUrl.scrub(urls.toString()));
    }
    if (mocks > 0) {
      return MockSchemaRegistry.forScope(urls.get(0).substring(MOCK_PREFIX.length()));
    }
    return new RestSchemaRegistry(config);
  }
}
