package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.USER;
import static dev.kavro.registry.RegistryFixtures.schemaString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.registry.StubRegistry.Response;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class RegistryAuthTest {
  private static final String SECRET = "s3cr3t-p4ss";

  private final RegistryFixtures.Clients clients = new RegistryFixtures.Clients();
  private StubRegistry stub;

  @BeforeEach
  void startStub() throws Exception {
    stub = StubRegistry.start();
    stub.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
  }

  @AfterEach
  void stop() {
    stub.close();
  }

  @Test
  void sendsBasicAuthFromUserInfo() {
    try (RestSchemaRegistry registry = clients.create(stub.url(),
        RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "USER_INFO",
        RegistryClientConfig.BASIC_AUTH_USER_INFO_CONFIG, "alice:" + SECRET)) {
      registry.schemaById(1);
    }
    assertEquals(basic("alice:" + SECRET), stub.requests().get(0).header("Authorization"));
  }

  @Test
  void sendsBasicAuthFromTheUrlsUserInfoByDefault() {
    String url = stub.url().replace("http://", "http://bob:" + SECRET + "@");
    try (RestSchemaRegistry registry = clients.create(url)) {
      registry.schemaById(1);
    }
    assertEquals(basic("bob:" + SECRET), stub.requests().get(0).header("Authorization"));
  }

  @Test
  void sendsNoAuthorizationWithoutCredentials() {
    try (RestSchemaRegistry registry = clients.create(stub.url())) {
      registry.schemaById(1);
    }
    assertNull(stub.requests().get(0).header("Authorization"));
  }

  @Test
  void sendsBearerToken() {
    try (RestSchemaRegistry registry = clients.create(stub.url(),
        RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG, "STATIC_TOKEN",
        RegistryClientConfig.BEARER_AUTH_TOKEN_CONFIG, "tok-" + SECRET)) {
      registry.schemaById(1);
    }
    assertEquals("Bearer tok-" + SECRET, stub.requests().get(0).header("Authorization"));
  }

  @Test
  void sendsRequestHeadersOnEveryCall() {
    stub.on("POST /subjects/s/versions?normalize=false", Response.ok(Map.of("id", 1)));
    try (RestSchemaRegistry registry = clients.create(stub.url(),
        "request.header.X-Team", "payments", "request.header.target-sr-cluster", "lsrc-123")) {
      registry.schemaById(1);
      registry.register("s", USER, java.util.List.of(), false);
    }
    assertEquals(2, stub.requests().size());
    for (StubRegistry.Request request : stub.requests()) {
      assertEquals("payments", request.header("X-Team"));
      assertEquals("lsrc-123", request.header("target-sr-cluster"));
    }
  }

  @Test
  void credentialsNeverAppearInErrors() {
    stub.on("GET /schemas/ids/2", Response.error(500, 50001, "Store error"));
    String url = stub.url().replace("http://", "http://bob:" + SECRET + "@");
    try (RestSchemaRegistry registry = clients.create(url + ",http://carol:" + SECRET + "@127.0.0.1:1",
        RegistryClientConfig.MAX_RETRIES_CONFIG, 0)) {
      RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(2));
      assertNoSecret(e);
    }
    try (RestSchemaRegistry registry = clients.create(stub.url(),
        RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG, "USER_INFO",
        RegistryClientConfig.BASIC_AUTH_USER_INFO_CONFIG, "alice:" + SECRET)) {
      assertNoSecret(assertThrows(RegistryException.class, () -> registry.schemaById(404)));
    }
    assertNoSecret(assertThrows(ConfigException.class, () -> clients.create("ftp://bob:" + SECRET + "@host")));
    assertNoSecret(assertThrows(ConfigException.class, () -> clients.create("http://bob:" + SECRET + "@host/ x")));
    assertNoSecret(assertThrows(ConfigException.class, () -> clients.create(stub.url(),
        RegistryClientConfig.BASIC_AUTH_USER_INFO_CONFIG, "alice:" + SECRET,
        RegistryClientConfig.BEARER_AUTH_TOKEN_CONFIG, SECRET)));
  }

  private static void assertNoSecret(Throwable e) {
    for (Throwable t = e; t != null; t = t.getCause()) {
      assertFalse(String.valueOf(t.getMessage()).contains(SECRET), t.toString());
      assertFalse(String.valueOf(t.getMessage()).contains(Base64.getEncoder().encodeToString(SECRET.getBytes(
          StandardCharsets.UTF_8))), t.toString());
    }
  }

  private static String basic(String userInfo) {
    return "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
  }
}
