package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.USER;
import static dev.kavro.registry.RegistryFixtures.schemaString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kavro.registry.StubRegistry.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/** {@code proxy.host}/{@code proxy.port}: registry calls go through the proxy, as with Confluent's client. */
@Timeout(30)
class RegistryProxyTest {
  private final RegistryFixtures.Clients clients = new RegistryFixtures.Clients();

  @Test
  void callsGoThroughTheConfiguredProxy() throws Exception {
    try (StubRegistry proxy = StubRegistry.start()) {
      proxy.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
      int port = Integer.parseInt(proxy.url().substring(proxy.url().lastIndexOf(':') + 1));
      // The registry host does not resolve: only the proxy can answer.
      try (RestSchemaRegistry client = clients.create("http://registry.invalid:8081",
          RegistryClientConfig.PROXY_HOST_CONFIG, "127.0.0.1", RegistryClientConfig.PROXY_PORT_CONFIG, port)) {
        client.schemaById(1);
      }
      assertEquals(1, proxy.requests().size());
      assertEquals("registry.invalid:8081", proxy.requests().get(0).header("Host"));
    }
  }

  @Test
  void aHostWithoutAPortMeansNoProxy() throws Exception {
    try (StubRegistry registry = StubRegistry.start()) {
      registry.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
      try (RestSchemaRegistry client = clients.create(registry.url(),
          RegistryClientConfig.PROXY_HOST_CONFIG, "proxy.invalid")) {
        client.schemaById(1);
      }
      assertEquals(1, registry.requests().size());
      assertNull(new RegistryClientConfig(java.util.Map.of(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG,
          registry.url(), RegistryClientConfig.PROXY_HOST_CONFIG, "proxy.invalid")).proxy());
    }
  }
}
