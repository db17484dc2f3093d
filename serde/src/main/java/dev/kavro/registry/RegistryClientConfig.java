package dev.kavro.registry;

import dev.kavro.registry.auth.BearerTokenProvider;
import dev.kavro.registry.auth.SaslUserInfo;
import java.net.InetSocketAddress;
import java.net.http.HttpRequest;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Range;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.config.SslConfigs;
import org.apache.kafka.common.config.types.Password;

/**
 * The registry client's configuration keys, with Confluent's names and defaults, so that a Confluent config works
 * unchanged.
 *
 * <p>Beyond the keys below: {@code request.header.<Name>} adds an HTTP header to every call, and Kafka's client SSL
 * keys ({@code ssl.truststore.location}, {@code ssl.keystore.type}, ...) apply under the prefix
 * {@code schema.registry.}, as in Confluent. Hostname verification is on unless
 * {@code schema.registry.ssl.endpoint.identification.algorithm} is set to the empty string.
 *
 * <p>Authentication: basic from the URL, from {@code basic.auth.user.info} or from the client's SASL PLAIN JAAS config
 * ({@code SASL_INHERIT}); bearer from a static token, from an OAuth client-credentials flow ({@code OAUTHBEARER}) or
 * from a {@link dev.kavro.registry.auth.BearerTokenProvider} class ({@code CUSTOM}). The other Confluent sources
 * ({@code SASL_OAUTHBEARER_INHERIT}, {@code UAMI}) are rejected with a {@link ConfigException}.
 *
 * <p>Immutable and thread-safe.
 */
public final class RegistryClientConfig extends AbstractConfig {
  public static final String SCHEMA_REGISTRY_URL_CONFIG = "schema.registry.url";
  private static final String SCHEMA_REGISTRY_URL_DOC =
      "Comma-separated list of schema registry URLs, tried in order; mock://scope selects an in-memory registry. "
          + "A URL may carry a base path (Apicurio: /apis/ccompat/v7) and user:password@ credentials.";

  public static final String SCHEMA_REGISTRY_URL_RANDOMIZE_CONFIG = "schema.registry.url.randomize";
  private static final String SCHEMA_REGISTRY_URL_RANDOMIZE_DOC =
      "Start at a random URL of the list instead of the first, to spread load across registry instances.";

  public static final String BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG = "basic.auth.credentials.source";
  private static final String BASIC_AUTH_CREDENTIALS_SOURCE_DOC =
      "Where HTTP basic credentials come from: URL (the user:password@ part of the registry URL), USER_INFO "
          + "(basic.auth.user.info) or SASL_INHERIT (username and password of the client's SASL PLAIN/SCRAM "
          + "sasl.jaas.config).";
  public static final String BASIC_AUTH_SOURCE_URL = "URL";
  public static final String BASIC_AUTH_SOURCE_USER_INFO = "USER_INFO";
  public static final String BASIC_AUTH_SOURCE_SASL_INHERIT = "SASL_INHERIT";

  public static final String BASIC_AUTH_USER_INFO_CONFIG = "basic.auth.user.info";
  /** Confluent's deprecated name of {@link #BASIC_AUTH_USER_INFO_CONFIG}; it wins when both are set, as there. */
  public static final String SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO_CONFIG = "schema.registry.basic.auth.user.info";
  private static final String BASIC_AUTH_USER_INFO_DOC =
      "user:password for HTTP basic authentication, used when basic.auth.credentials.source=USER_INFO.";

  public static final String BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG = "bearer.auth.credentials.source";
  private static final String BEARER_AUTH_CREDENTIALS_SOURCE_DOC =
      "Where the bearer token comes from: STATIC_TOKEN (bearer.auth.token), OAUTHBEARER (OAuth client credentials "
          + "from bearer.auth.issuer.endpoint.url) or CUSTOM (bearer.auth.custom.provider.class).";
  public static final String BEARER_AUTH_SOURCE_STATIC_TOKEN = "STATIC_TOKEN";
  public static final String BEARER_AUTH_SOURCE_OAUTHBEARER = "OAUTHBEARER";
  public static final String BEARER_AUTH_SOURCE_CUSTOM = "CUSTOM";

  public static final String BEARER_AUTH_TOKEN_CONFIG = "bearer.auth.token";
  private static final String BEARER_AUTH_TOKEN_DOC = "The static bearer token sent as 'Authorization: Bearer'.";

  public static final String BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG = "bearer.auth.issuer.endpoint.url";
  public static final String BEARER_AUTH_CLIENT_ID_CONFIG = "bearer.auth.client.id";
  public static final String BEARER_AUTH_CLIENT_SECRET_CONFIG = "bearer.auth.client.secret";
  public static final String BEARER_AUTH_SCOPE_CONFIG = "bearer.auth.scope";
  public static final String BEARER_AUTH_SCOPE_CLAIM_NAME_CONFIG = "bearer.auth.scope.claim.name";
  public static final String BEARER_AUTH_SUB_CLAIM_NAME_CONFIG = "bearer.auth.sub.claim.name";
  public static final String BEARER_AUTH_CACHE_EXPIRY_BUFFER_SECONDS_CONFIG = "bearer.auth.cache.expiry.buffer.seconds";
  public static final String BEARER_AUTH_LOGICAL_CLUSTER_CONFIG = "bearer.auth.logical.cluster";
  public static final String BEARER_AUTH_IDENTITY_POOL_ID_CONFIG = "bearer.auth.identity.pool.id";
  public static final String BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG = "bearer.auth.custom.provider.class";

  public static final String PROXY_HOST_CONFIG = "proxy.host";
  private static final String PROXY_HOST_DOC = "Host of an HTTP proxy for registry calls; empty means no proxy.";
  public static final String PROXY_PORT_CONFIG = "proxy.port";
  private static final String PROXY_PORT_DOC = "Port of the HTTP proxy; the proxy is used only when both are set.";

  public static final String MAX_SCHEMAS_PER_SUBJECT_CONFIG = "max.schemas.per.subject";
  private static final String MAX_SCHEMAS_PER_SUBJECT_DOC = "Maximum number of entries in each client cache.";

  public static final String LATEST_CACHE_TTL_SEC_CONFIG = "latest.cache.ttl.sec";
  private static final String LATEST_CACHE_TTL_SEC_DOC =
      "Seconds a subject's latest version stays cached; -1 (Confluent's serde default) keeps it until evicted by "
          + "size, so use.latest.version keeps the version it saw first.";

  public static final String HTTP_CONNECT_TIMEOUT_MS_CONFIG = "http.connect.timeout.ms";
  private static final String HTTP_CONNECT_TIMEOUT_MS_DOC = "Timeout for opening a connection to the registry.";

  public static final String HTTP_READ_TIMEOUT_MS_CONFIG = "http.read.timeout.ms";
  private static final String HTTP_READ_TIMEOUT_MS_DOC = "Timeout for the registry's response to one request.";

  public static final String MAX_RETRIES_CONFIG = "max.retries";
  private static final String MAX_RETRIES_DOC =
      "Retries per URL on timeouts, I/O errors and HTTP 408, 429, 500, 502, 503, 504, before the next URL.";

  public static final String RETRIES_WAIT_MS_CONFIG = "retries.wait.ms";
  private static final String RETRIES_WAIT_MS_DOC =
      "Base of the exponential backoff between retries; each wait is random up to min(base * 2^n, max).";

  public static final String RETRIES_MAX_WAIT_MS_CONFIG = "retries.max.wait.ms";
  private static final String RETRIES_MAX_WAIT_MS_DOC = "Upper bound of one wait between retries.";

  /** Prefix of extra HTTP headers: {@code request.header.X-Team=payments} sends {@code X-Team: payments}. */
  public static final String REQUEST_HEADER_PREFIX = "request.header.";

  /** Prefix under which Kafka's client SSL keys configure the registry connection. */
  public static final String SSL_PREFIX = "schema.registry.";

  /** Kafka's client SSL keys (unprefixed); the engine factory class is left out because it is not used. */
  private static final Map<String, ConfigDef.ConfigKey> SSL_KEYS = sslKeys();

  private static final ConfigDef CONFIG = addDefinitions(new ConfigDef());

  /**
   * Parses and validates a client config.
   *
   * @throws ConfigException when a key has a bad value, basic and bearer authentication are both configured, or a
   *     credentials source is not supported
   */
  public RegistryClientConfig(Map<String, ?> originals) {
    super(CONFIG, originals, false);
    validateAuth();
    requestHeaders();
    hostnameVerification();
  }

  /** Adds the registry client's keys to {@code def}, so that serde and converter configs share them. */
  public static ConfigDef addDefinitions(ConfigDef def) {
    def.define(SCHEMA_REGISTRY_URL_CONFIG, Type.LIST, ConfigDef.NO_DEFAULT_VALUE, Importance.HIGH,
            SCHEMA_REGISTRY_URL_DOC)
        .define(SCHEMA_REGISTRY_URL_RANDOMIZE_CONFIG, Type.BOOLEAN, false, Importance.LOW,
            SCHEMA_REGISTRY_URL_RANDOMIZE_DOC)
        .define(BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, Type.STRING, BASIC_AUTH_SOURCE_URL,
            RegistryClientConfig::validateBasicSource, Importance.MEDIUM, BASIC_AUTH_CREDENTIALS_SOURCE_DOC)
        .define(BASIC_AUTH_USER_INFO_CONFIG, Type.PASSWORD, "", Importance.MEDIUM, BASIC_AUTH_USER_INFO_DOC)
        .define(SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO_CONFIG, Type.PASSWORD, "", Importance.LOW,
            "Deprecated name of basic.auth.user.info; used instead of it when set.")
        .define(BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, Type.STRING, BEARER_AUTH_SOURCE_STATIC_TOKEN,
            RegistryClientConfig::validateBearerSource, Importance.MEDIUM, BEARER_AUTH_CREDENTIALS_SOURCE_DOC)
        .define(BEARER_AUTH_TOKEN_CONFIG, Type.PASSWORD, "", Importance.MEDIUM, BEARER_AUTH_TOKEN_DOC)
        .define(BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG, Type.STRING, null, Importance.MEDIUM,
            "OAUTHBEARER: the OAuth token endpoint that grants client credentials.")
        .define(BEARER_AUTH_CLIENT_ID_CONFIG, Type.STRING, null, Importance.MEDIUM, "OAUTHBEARER: the client id.")
        .define(BEARER_AUTH_CLIENT_SECRET_CONFIG, Type.PASSWORD, null, Importance.MEDIUM,
            "OAUTHBEARER: the client secret.")
        .define(BEARER_AUTH_SCOPE_CONFIG, Type.STRING, null, Importance.LOW,
            "OAUTHBEARER: the scope to ask for; none when unset.")
        .define(BEARER_AUTH_SCOPE_CLAIM_NAME_CONFIG, Type.STRING, "scope", Importance.LOW,
            "OAUTHBEARER: the JWT claim that holds the token's scopes.")
        .define(BEARER_AUTH_SUB_CLAIM_NAME_CONFIG, Type.STRING, "sub", Importance.LOW,
            "OAUTHBEARER: the JWT claim that names the principal; the token must carry it.")
        .define(BEARER_AUTH_CACHE_EXPIRY_BUFFER_SECONDS_CONFIG, Type.SHORT, (short) 300, Range.between(0, 3600),
            Importance.LOW, "OAUTHBEARER: fetch a new token this many seconds before the current one expires "
                + "(at the latest at 80% of its lifetime).")
        .define(BEARER_AUTH_LOGICAL_CLUSTER_CONFIG, Type.STRING, null, Importance.MEDIUM,
            "The logical schema registry cluster (Confluent Cloud lsrc-...), sent as the target-sr-cluster header "
                + "with bearer auth.")
        .define(BEARER_AUTH_IDENTITY_POOL_ID_CONFIG, Type.STRING, null, Importance.MEDIUM,
            "The identity pool, sent as the Confluent-Identity-Pool-Id header with bearer auth.")
        .define(BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG, Type.CLASS, null, Importance.LOW,
            "CUSTOM: a class implementing dev.kavro.registry.auth.BearerTokenProvider, with a public no-argument "
                + "constructor; configure() receives every config.")
        .define(PROXY_HOST_CONFIG, Type.STRING, "", Importance.LOW, PROXY_HOST_DOC)
        .define(PROXY_PORT_CONFIG, Type.INT, -1, Importance.LOW, PROXY_PORT_DOC)
        .define(MAX_SCHEMAS_PER_SUBJECT_CONFIG, Type.INT, 1000, Range.atLeast(1), Importance.LOW,
            MAX_SCHEMAS_PER_SUBJECT_DOC)
        .define(LATEST_CACHE_TTL_SEC_CONFIG, Type.INT, -1, Range.atLeast(-1), Importance.LOW,
            LATEST_CACHE_TTL_SEC_DOC)
        .define(HTTP_CONNECT_TIMEOUT_MS_CONFIG, Type.INT, 60000, Range.atLeast(1), Importance.LOW,
            HTTP_CONNECT_TIMEOUT_MS_DOC)
        .define(HTTP_READ_TIMEOUT_MS_CONFIG, Type.INT, 60000, Range.atLeast(1), Importance.LOW,
            HTTP_READ_TIMEOUT_MS_DOC)
        .define(MAX_RETRIES_CONFIG, Type.INT, 3, Range.atLeast(0), Importance.LOW, MAX_RETRIES_DOC)
        .define(RETRIES_WAIT_MS_CONFIG, Type.INT, 1000, Range.atLeast(0), Importance.LOW, RETRIES_WAIT_MS_DOC)
        .define(RETRIES_MAX_WAIT_MS_CONFIG, Type.INT, 20000, Range.atLeast(0), Importance.LOW,
            RETRIES_MAX_WAIT_MS_DOC);
    for (ConfigDef.ConfigKey key : SSL_KEYS.values()) {
      def.define(new ConfigDef.ConfigKey(SSL_PREFIX + key.name, key.type, key.defaultValue, key.validator,
          key.importance, key.documentation, key.group, key.orderInGroup, key.width, SSL_PREFIX + key.name,
          List.of(), null, false));
    }
    return def;
  }

  /** The ConfigDef of the client alone. */
  public static ConfigDef configDef() {
    return new ConfigDef(CONFIG);
  }

  /** The registry URLs of {@code schema.registry.url}, in the configured order. */
  public List<String> urls() {
    return getList(SCHEMA_REGISTRY_URL_CONFIG);
  }

  /** The {@code request.header.*} headers, name to value, in a stable order. */
  Map<String, String> requestHeaders() {
    Map<String, String> headers = new LinkedHashMap<>();
    originalsWithPrefix(REQUEST_HEADER_PREFIX).forEach((name, value) -> {
      String text = value instanceof Password p ? p.value() : String.valueOf(value);
      try {
        // Fails on names the JDK client refuses (Host, Content-Length, ...) and on bad characters.
        HttpRequest.newBuilder().header(name, text);
      } catch (IllegalArgumentException e) {
        throw new ConfigException(REQUEST_HEADER_PREFIX + name + " is not a header the HTTP client may send: "
            + e.getMessage());
      }
      headers.put(name, text);
    });
    return headers;
  }

  /** Kafka's client SSL configs, parsed, with the prefix removed: the map Kafka's SSL engine factory expects. */
  Map<String, Object> sslConfigs() {
    Map<String, Object> ssl = new LinkedHashMap<>();
    for (String name : SSL_KEYS.keySet()) {
      ssl.put(name, get(SSL_PREFIX + name));
    }
    return ssl;
  }

  /** Whether TLS checks the server's name against its certificate; only an explicit empty value turns it off. */
  boolean hostnameVerification() {
    String key = SSL_PREFIX + SslConfigs.SSL_ENDPOINT_IDENTIFICATION_ALGORITHM_CONFIG;
    String algorithm = getString(key);
    if (algorithm == null || algorithm.equalsIgnoreCase("https")) {
      return true;
    }
    if (algorithm.isEmpty()) {
      return false;
    }
    throw new ConfigException(key, algorithm,
        "only 'https' (the default) is supported; an empty value disables hostname verification");
  }

  /**
   * The basic auth user info when USER_INFO or SASL_INHERIT is the source, else {@code null}.
   *
   * @throws ConfigException when SASL_INHERIT finds no username and password in the JAAS config
   */
  String basicUserInfo() {
    if (isBasicSource(BASIC_AUTH_SOURCE_SASL_INHERIT)) {
      return SaslUserInfo.of(originals());
    }
    if (!isBasicSource(BASIC_AUTH_SOURCE_USER_INFO)) {
      return null;
    }
    return userInfoSetting();
  }

  private String userInfoSetting() {
    String deprecated = getPassword(SCHEMA_REGISTRY_BASIC_AUTH_USER_INFO_CONFIG).value();
    return deprecated.isEmpty() ? getPassword(BASIC_AUTH_USER_INFO_CONFIG).value() : deprecated;
  }

  /** Whether basic credentials come from the URLs' userinfo. */
  boolean basicAuthFromUrl() {
    return !bearerConfigured() && isBasicSource(BASIC_AUTH_SOURCE_URL);
  }

  /** The bearer credentials source (upper case), or {@code null} when bearer auth is not configured. */
  public String bearerSource() {
    return bearerConfigured() ? getString(BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG).toUpperCase(Locale.ROOT) : null;
  }

  /** The proxy for registry calls, or {@code null} when {@code proxy.host} and {@code proxy.port} are not both set. */
  InetSocketAddress proxy() {
    String host = getString(PROXY_HOST_CONFIG);
    int port = getInt(PROXY_PORT_CONFIG);
    return host == null || host.isBlank() || port <= 0 ? null : InetSocketAddress.createUnresolved(host.trim(), port);
  }

  private boolean isBasicSource(String source) {
    return source.equals(getString(BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG).toUpperCase(Locale.ROOT));
  }

  private boolean basicConfigured() {
    return originals().containsKey(BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG) || !userInfoSetting().isEmpty();
  }

  private boolean bearerConfigured() {
    return originals().containsKey(BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG)
        || !getPassword(BEARER_AUTH_TOKEN_CONFIG).value().isEmpty();
  }

  private void validateAuth() {
    if (basicConfigured() && bearerConfigured()) {
      throw new ConfigException("Only one of basic and bearer authentication may be configured for the schema "
          + "registry: " + BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG + "/" + BASIC_AUTH_USER_INFO_CONFIG + " and "
          + BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG + "/" + BEARER_AUTH_TOKEN_CONFIG + " are both set.");
    }
    String bearer = bearerSource();
    if (BEARER_AUTH_SOURCE_STATIC_TOKEN.equals(bearer) && getPassword(BEARER_AUTH_TOKEN_CONFIG).value().isEmpty()) {
      throw new ConfigException(BEARER_AUTH_TOKEN_CONFIG + " must be set when "
          + BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG + "=" + BEARER_AUTH_SOURCE_STATIC_TOKEN + ".");
    }
    if (BEARER_AUTH_SOURCE_OAUTHBEARER.equals(bearer)) {
      for (String key : new String[] {BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG, BEARER_AUTH_CLIENT_ID_CONFIG,
          BEARER_AUTH_CLIENT_SECRET_CONFIG}) {
        Object value = get(key);
        if (value == null || (value instanceof Password p ? p.value() : value.toString()).isBlank()) {
          throw new ConfigException(key + " must be set when " + BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG + "="
              + BEARER_AUTH_SOURCE_OAUTHBEARER + ".");
        }
      }
    }
    if (BEARER_AUTH_SOURCE_CUSTOM.equals(bearer)) {
      Class<?> type = getClass(BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG);
      if (type == null || !BearerTokenProvider.class.isAssignableFrom(type)) {
        throw new ConfigException(BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG + " must name a class implementing "
            + BearerTokenProvider.class.getName() + " when " + BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG + "="
            + BEARER_AUTH_SOURCE_CUSTOM + (type == null ? "" : "; " + type.getName() + " does not"));
      }
    }
    if (isBasicSource(BASIC_AUTH_SOURCE_USER_INFO) && !userInfoSetting().contains(":")) {
      throw new ConfigException(BASIC_AUTH_USER_INFO_CONFIG + " must be set as user:password when "
          + BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG + "=" + BASIC_AUTH_SOURCE_USER_INFO + ".");
    }
    if (isBasicSource(BASIC_AUTH_SOURCE_SASL_INHERIT)) {
      basicUserInfo();
    }
  }

  private static void validateBasicSource(String name, Object value) {
    String source = value == null ? "" : value.toString().toUpperCase(Locale.ROOT);
    if (!source.equals(BASIC_AUTH_SOURCE_URL) && !source.equals(BASIC_AUTH_SOURCE_USER_INFO)
        && !source.equals(BASIC_AUTH_SOURCE_SASL_INHERIT)) {
      throw new ConfigException(name, value, "must be URL, USER_INFO or SASL_INHERIT");
    }
  }

  private static void validateBearerSource(String name, Object value) {
    String source = value == null ? "" : value.toString().toUpperCase(Locale.ROOT);
    if (!source.equals(BEARER_AUTH_SOURCE_STATIC_TOKEN) && !source.equals(BEARER_AUTH_SOURCE_OAUTHBEARER)
        && !source.equals(BEARER_AUTH_SOURCE_CUSTOM)) {
      throw new ConfigException(name, value, "must be STATIC_TOKEN, OAUTHBEARER or CUSTOM; Kavro does not support "
          + "SASL_OAUTHBEARER_INHERIT or UAMI (use OAUTHBEARER with the same token endpoint, or CUSTOM)");
    }
  }

  private static Map<String, ConfigDef.ConfigKey> sslKeys() {
    Map<String, ConfigDef.ConfigKey> keys = new LinkedHashMap<>(new ConfigDef().withClientSslSupport().configKeys());
    keys.remove(SslConfigs.SSL_ENGINE_FACTORY_CLASS_CONFIG);
    return keys;
  }
}
