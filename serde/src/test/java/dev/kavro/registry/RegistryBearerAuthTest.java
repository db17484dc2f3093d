package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.USER;
import static dev.kavro.registry.RegistryFixtures.schemaString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import dev.kavro.registry.StubRegistry.Response;
import dev.kavro.registry.auth.BearerTokenProvider;
import dev.kavro.registry.auth.Jwts;
import dev.kavro.testing.LogCapture;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.slf4j.LoggerFactory;

/** OAuth client credentials, custom token providers, SASL_INHERIT and the Confluent Cloud headers. */
@Timeout(30)
class RegistryBearerAuthTest {
  private static final String SECRET = "cl13nt-s3cr3t";
  private static final String SASL_PASSWORD = "s4sl-p4ss";

  private final RegistryFixtures.Clients clients = new RegistryFixtures.Clients();
  private StubRegistry registry;
  private StubRegistry issuer;

  @BeforeEach
  void start() throws Exception {
    registry = StubRegistry.start();
    registry.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
    registry.on("GET /schemas/ids/2", Response.ok(schemaString(RegistryFixtures.ORDER)));
    issuer = StubRegistry.start();
  }

  @AfterEach
  void stop() {
    registry.close();
    issuer.close();
  }

  private static Response token(String jwt) {
    return Response.ok(Map.of("access_token", jwt, "token_type", "Bearer", "expires_in", 3600));
  }

  private RestSchemaRegistry oauthClient(Object... more) {
    List<Object> keys = new ArrayList<>(List.of(
        RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "OAUTHBEARER",
        RegistryClientConfig.BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG, issuer.url() + "/oauth2/token",
        RegistryClientConfig.BEARER_AUTH_CLIENT_ID_CONFIG, "kavro-app",
        RegistryClientConfig.BEARER_AUTH_CLIENT_SECRET_CONFIG, SECRET));
    keys.addAll(List.of(more));
    return clients.create(registry.url(), keys.toArray());
  }

  @Test
  void clientCredentialsTokenIsFetchedOnceAndSentWithTheCloudHeaders() {
    long now = System.currentTimeMillis() / 1000;
    String jwt = Jwts.of("kavro-app", now, now + 3600);
    issuer.on("POST /oauth2/token", token(jwt));
    try (RestSchemaRegistry client = oauthClient(RegistryClientConfig.BEARER_AUTH_SCOPE_CONFIG, "schema registry",
        RegistryClientConfig.BEARER_AUTH_LOGICAL_CLUSTER_CONFIG, "lsrc-abc12",
        RegistryClientConfig.BEARER_AUTH_IDENTITY_POOL_ID_CONFIG, "pool-xyz")) {
      client.schemaById(1);
      client.schemaById(2);
    }
    assertEquals(1, issuer.requests().size(), "the token is cached");
    StubRegistry.Request tokenRequest = issuer.requests().get(0);
    assertEquals("grant_type=client_credentials&scope=schema+registry", tokenRequest.body());
    assertEquals("application/x-www-form-urlencoded", tokenRequest.header("Content-Type"));
    assertEquals("Basic " + Base64.getEncoder().encodeToString(("kavro-app:" + SECRET).getBytes(
        StandardCharsets.UTF_8)), tokenRequest.header("Authorization"));
    assertEquals(2, registry.requests().size());
    for (StubRegistry.Request r : registry.requests()) {
      assertEquals("Bearer " + jwt, r.header("Authorization"));
      assertEquals("lsrc-abc12", r.header("target-sr-cluster"));
      assertEquals("pool-xyz", r.header("Confluent-Identity-Pool-Id"));
    }
  }

  @Test
  void staticTokensCarryTheCloudHeadersToo() {
    try (RestSchemaRegistry client = clients.create(registry.url(),
        RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "STATIC_TOKEN",
        RegistryClientConfig.BEARER_AUTH_TOKEN_CONFIG, "tok",
        RegistryClientConfig.BEARER_AUTH_LOGICAL_CLUSTER_CONFIG, "lsrc-1")) {
      client.schemaById(1);
    }
    assertEquals("lsrc-1", registry.requests().get(0).header("target-sr-cluster"));
    assertNull(registry.requests().get(0).header("Confluent-Identity-Pool-Id"));
  }

  @Test
  void theTokenEndpointIsRetriedOnServerErrorsButNotOnBadCredentials() {
    long now = System.currentTimeMillis() / 1000;
    issuer.on("POST /oauth2/token", Response.error(503, 1, "busy"), token(Jwts.of("app", now, now + 3600)));
    try (RestSchemaRegistry client = oauthClient()) {
      client.schemaById(1);
    }
    assertEquals(2, issuer.count("POST /oauth2/token"));

    issuer.on("POST /oauth2/token", Response.json(401, Map.of("error", "invalid_client",
        "error_description", "bad secret")));
    try (RestSchemaRegistry client = oauthClient()) {
      RegistryException e = assertThrows(RegistryException.class, () -> client.schemaById(1));
      assertEquals(401, e.status());
      assertTrue(e.getMessage().contains("invalid_client"), e.getMessage());
    }
    assertEquals(3, issuer.count("POST /oauth2/token"), "a 401 is not retried");
    assertEquals(1, registry.requests().size(), "no registry call without a token");
  }

  @Test
  void secretsNeverReachLogsMessagesOrToString() {
    Logger kavro = (Logger) LoggerFactory.getLogger("dev.kavro");
    Level before = kavro.getLevel();
    kavro.setLevel(Level.DEBUG);
    try (LogCapture log = new LogCapture("dev.kavro")) {
      long now = System.currentTimeMillis() / 1000;
      issuer.on("POST /oauth2/token", Response.error(500, 1, "down"), Response.ok(Map.of("token", SECRET)),
          token(Jwts.of("app", now, now + 3600)));
      try (RestSchemaRegistry client = oauthClient(RegistryClientConfig.MAX_RETRIES_CONFIG, 0)) {
        RegistryException e = assertThrows(RegistryException.class, () -> client.schemaById(1));
        assertNoSecret(e.toString());
        assertNoSecret(client.transport().toString());
        registry.on("GET /schemas/ids/3", Response.error(401, 40101, "Unauthorized"));
        assertNoSecret(assertThrows(RegistryException.class, () -> client.schemaById(3)).toString());
      }
      RegistryClientConfig config = new RegistryClientConfig(Map.of(
          RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, registry.url(),
          RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "OAUTHBEARER",
          RegistryClientConfig.BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG, issuer.url(),
          RegistryClientConfig.BEARER_AUTH_CLIENT_ID_CONFIG, "id",
          RegistryClientConfig.BEARER_AUTH_CLIENT_SECRET_CONFIG, SECRET));
      assertNoSecret(config.values().toString());
      assertFalse(log.everything().isEmpty(), "the failed attempts were logged at DEBUG");
      log.everything().forEach(RegistryBearerAuthTest::assertNoSecret);
    } finally {
      kavro.setLevel(before);
    }
  }

  @Test
  void saslInheritSendsTheJaasUsernameAndPassword() {
    String jaas = "org.apache.kafka.common.security.plain.PlainLoginModule required username=\"svc\" password=\""
        + SASL_PASSWORD + "\";";
    try (RestSchemaRegistry client = clients.create(registry.url(),
        RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "SASL_INHERIT", "sasl.jaas.config", jaas)) {
      client.schemaById(1);
    }
    assertEquals("Basic " + Base64.getEncoder().encodeToString(("svc:" + SASL_PASSWORD).getBytes(
        StandardCharsets.UTF_8)), registry.requests().get(0).header("Authorization"));
  }

  @Test
  void saslInheritWithoutUsableJaasFailsLoudlyWithoutTheJaasText() {
    ConfigException none = assertThrows(ConfigException.class, () -> clients.create(registry.url(),
        RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "SASL_INHERIT"));
    assertTrue(none.getMessage().contains("SASL_INHERIT"), none.getMessage());
    ConfigException broken = assertThrows(ConfigException.class, () -> clients.create(registry.url(),
        RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "SASL_INHERIT", "sasl.jaas.config",
        "org.apache.kafka.common.security.plain.PlainLoginModule required password=\"" + SASL_PASSWORD + "\";"));
    assertNoSecret(broken.getMessage());
  }

  @Test
  void customProvidersGiveTokenAndHeadersAndAreConfiguredAndClosed() {
    CustomProvider.closed = 0;
    try (RestSchemaRegistry client = clients.create(registry.url(),
        RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "CUSTOM",
        RegistryClientConfig.BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG, CustomProvider.class.getName(),
        RegistryClientConfig.BEARER_AUTH_IDENTITY_POOL_ID_CONFIG, "pool-from-config",
        "custom.token", "tok-42")) {
      client.schemaById(1);
    }
    StubRegistry.Request r = registry.requests().get(0);
    assertEquals("Bearer tok-42@" + registry.url(), r.header("Authorization"));
    assertEquals("lsrc-custom", r.header("target-sr-cluster"));
    assertEquals("pool-from-config", r.header("Confluent-Identity-Pool-Id"));
    assertEquals(1, CustomProvider.closed);
  }

  @Test
  void unsupportedOrIncompleteBearerSourcesFailLoudly() {
    for (String source : List.of("UAMI", "SASL_OAUTHBEARER_INHERIT")) {
      ConfigException e = assertThrows(ConfigException.class, () -> clients.create(registry.url(),
          RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, source));
      assertTrue(e.getMessage().contains("does not support"), e.getMessage());
    }
    ConfigException noSecret = assertThrows(ConfigException.class, () -> clients.create(registry.url(),
        RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "OAUTHBEARER",
        RegistryClientConfig.BEARER_AUTH_ISSUER_ENDPOINT_URL_CONFIG, issuer.url(),
        RegistryClientConfig.BEARER_AUTH_CLIENT_ID_CONFIG, "id"));
    assertTrue(noSecret.getMessage().contains(RegistryClientConfig.BEARER_AUTH_CLIENT_SECRET_CONFIG));
    ConfigException notAProvider = assertThrows(ConfigException.class, () -> clients.create(registry.url(),
        RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "CUSTOM",
        RegistryClientConfig.BEARER_AUTH_CUSTOM_PROVIDER_CLASS_CONFIG, String.class.getName()));
    assertTrue(notAProvider.getMessage().contains("BearerTokenProvider"), notAProvider.getMessage());
  }

  private static void assertNoSecret(String text) {
    assertFalse(text.contains(SECRET), text);
    assertFalse(text.contains(Base64.getEncoder().encodeToString(("id:" + SECRET).getBytes(StandardCharsets.UTF_8))),
        text);
    assertFalse(text.contains(SASL_PASSWORD), text);
  }

  /** A custom provider as a user would write one. */
  public static final class CustomProvider implements BearerTokenProvider {
    static volatile int closed;
    private String token;

    @Override
    public void configure(Map<String, ?> configs) {
      token = (String) configs.get("custom.token");
    }

    @Override
    public String bearerToken(URI registryUrl) {
      return token + "@" + registryUrl;
    }

    @Override
    public String logicalCluster() {
      return "lsrc-custom";
    }

    @Override
    public void close() {
      closed++;
    }
  }
}
