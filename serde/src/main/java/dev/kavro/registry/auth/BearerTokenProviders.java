package dev.kavro.registry.auth;

import dev.kavro.registry.RegistryClientConfig;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.http.HttpClient;
import java.time.Duration;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.utils.Utils;

/**
 * Builds the bearer token source that {@code bearer.auth.credentials.source} names. Stateless.
 *
 * <p>Internal: public only for {@code dev.kavro.registry}; not meant for users, and may change between releases.
 */
public final class BearerTokenProviders {
  /** Kafka's defaults for the SASL OAuth login retries, which Confluent uses for the registry's token too. */
  private static final int MAX_ATTEMPTS = 5;
  private static final long FIRST_BACKOFF_MS = 100;
  private static final long MAX_BACKOFF_MS = 10_000;

  private BearerTokenProviders() {}

  /**
   * The provider for {@code config}, or {@code null} when bearer auth is not configured. The caller closes it.
   *
   * @throws ConfigException when the source's settings are invalid or a custom class cannot be instantiated
   */
  public static BearerTokenProvider create(RegistryClientConfig config, HttpClient http) {
    String source = config.bearerSource();
    if (source == null) {
      return null;
    }
    return switch (source) {
      case RegistryClientConfig.BEARER_AUTH_SOURCE_STATIC_TOKEN -> {
        String token = config.getPassword(RegistryClientConfig.BEARER_AUTH_TOKEN_CONFIG).value();
        yield url -> token;
      }
      case RegistryClientConfig.BEARER_AUTH_SOURCE_OAUTHBEARER -> oauth(config, http, Thread::sleep);
      case RegistryClientConfig.BEARER_AUTH_SOURCE_CUSTOM -> custom(config);
      default -> throw new ConfigException(RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, source,
          "not supported");
    };
  }

  static BearerTokenProvider oauth(RegistryClientConfig config, HttpClient http, TokenEndpoint.Sleeper sleeper) {
    String url = config.getString(RegistryClientConfig.BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG).trim();
    URI endpoint;
    try {
      endpoint = new URI(url);
    } catch (URISyntaxException e) {
      throw new ConfigException(RegistryClientConfig.BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG, url, "not a valid URL");
    }
    if (!"http".equalsIgnoreCase(endpoint.getScheme()) && !"https".equalsIgnoreCase(endpoint.getScheme())) {
      throw new ConfigException(RegistryClientConfig.BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG, url,
          "must be an http:// or https:// URL");
    }
    Duration timeout = Duration.ofMillis(config.getInt(RegistryClientConfig.HTTP_READ_TIMEOUT_MS_CONFIG));
    TokenEndpoint tokens = new TokenEndpoint(http, endpoint,
        config.getString(RegistryClientConfig.BEARER_AUTH_CLIENT_ID_CONFIG),
        config.getPassword(RegistryClientConfig.BEARER_AUTH_CLIENT_SECRET_CONFIG).value(),
        config.getString(RegistryClientConfig.BEARER_AUTH_SCOPE_CONFIG), timeout, MAX_ATTEMPTS, FIRST_BACKOFF_MS,
        MAX_BACKOFF_MS, sleeper);
    return new OAuthBearerTokenProvider(tokens::fetch,
        config.getString(RegistryClientConfig.BEARER_AUTH_SUB_CLAIM_NAME_CONFIG),
        config.getString(RegistryClientConfig.BEARER_AUTH_SCOPE_CLAIM_NAME_CONFIG),
        config.getShort(RegistryClientConfig.BEARER_AUTH_CACHE_EXPIRY_BUFFER_SECONDS_CONFIG),
        System::currentTimeMillis);
  }

  private static BearerTokenProvider custom(RegistryClientConfig config) {
    Class<?> type = config.getClass(RegistryClientConfig.BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG);
    BearerTokenProvider provider;
    try {
      provider = (BearerTokenProvider) Utils.newInstance(type);
    } catch (RuntimeException e) {
      throw new ConfigException("Cannot instantiate " + RegistryClientConfig.BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG
          + " " + type.getName() + ": " + e.getMessage());
    }
    provider.configure(config.originals());
    return provider;
  }
}
