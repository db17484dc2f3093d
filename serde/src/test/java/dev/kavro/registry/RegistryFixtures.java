package dev.kavro.registry;

import com.github.benmanes.caffeine.cache.Ticker;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;

/** Schemas, responses and client builders shared by the registry tests. */
final class RegistryFixtures {
  static final String USER =
      "{\"type\":\"record\",\"name\":\"User\",\"namespace\":\"t\",\"fields\":[{\"name\":\"name\",\"type\":\"string\"}]}";
  /** {@link #USER} as Karapace returns it: keys sorted, other spacing. */
  static final String USER_REORDERED =
      "{\"fields\": [{\"name\": \"name\", \"type\": \"string\"}], \"name\": \"User\", \"namespace\": \"t\", "
          + "\"type\": \"record\"}";
  static final String ORDER =
      "{\"type\":\"record\",\"name\":\"Order\",\"namespace\":\"t\",\"fields\":[{\"name\":\"id\",\"type\":\"long\"}]}";

  private RegistryFixtures() {}

  /** The body of {@code GET /schemas/ids/{id}}. */
  static Map<String, Object> schemaString(String schema) {
    return Map.of("schema", schema);
  }

  /** The body of a version or lookup response. */
  static Map<String, Object> version(String subject, int version, int id, String schema, Object... references) {
    Map<String, Object> body = new HashMap<>(Map.of("subject", subject, "version", version, "id", id,
        "schema", schema));
    if (references.length > 0) {
      body.put("references", List.of(references));
    }
    return body;
  }

  static Map<String, Object> reference(String name, String subject, int version) {
    return Map.of("name", name, "subject", subject, "version", version);
  }

  /** Builds clients whose backoff only records its waits. */
  static final class Clients {
    final List<Long> sleeps = new CopyOnWriteArrayList<>();
    Ticker ticker = Ticker.systemTicker();

    RestSchemaRegistry create(String urls, Object... keyValues) {
      Map<String, Object> configs = new HashMap<>();
      configs.put(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, urls);
      configs.put(RegistryClientConfig.RETRIES_WAIT_MS_CONFIG, 10);
      configs.put(RegistryClientConfig.HTTP_CONNECT_TIMEOUT_MS_CONFIG, 5000);
      configs.put(RegistryClientConfig.HTTP_READ_TIMEOUT_MS_CONFIG, 10000);
      for (int i = 0; i < keyValues.length; i += 2) {
        configs.put((String) keyValues[i], keyValues[i + 1]);
      }
      RegistryClientConfig config = new RegistryClientConfig(configs);
      return new RestSchemaRegistry(config, Backoff.of(config).withSleeper(sleeps::add), ticker);
    }
  }
}
