package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The outage controls that later ITs rely on: after {@link ServerPair#killRegistry()} the registry is unreachable,
 * after {@link ServerPair#restartRegistry()} it answers at the same URL with the schemas it had. Raw HTTP on purpose,
 * so this checks the servers and not Kavro's client.
 */
@ExtendWith(RealServers.class)
class RegistryRestartIT {
  private static final String SCHEMA =
      "{\"type\":\"record\",\"name\":\"Restart\",\"fields\":[{\"name\":\"a\",\"type\":\"int\"}]}";
  private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @Test
  void restartedRegistryAnswersAtTheSameUrlWithItsSchemas(ServerPair servers) throws Exception {
    assumeTrue(servers.canRestartRegistry(), "this pair does not script registry outages: " + servers.description());
    String url = servers.registryUrl();
    String subject = "restart-" + UUID.randomUUID() + "-value";
    String body = new ObjectMapper().writeValueAsString(Map.of("schema", SCHEMA));
    URI versions = URI.create(url + "/subjects/" + subject + "/versions");
    HttpResponse<String> registered = send(HttpRequest.newBuilder(versions)
        .header("Content-Type", "application/vnd.schemaregistry.v1+json")
        .POST(HttpRequest.BodyPublishers.ofString(body)));
    assertEquals(200, registered.statusCode(), registered::body);
    String byId = url + "/schemas/ids/" + new ObjectMapper().readTree(registered.body()).get("id").asInt();

    servers.killRegistry();
    // A fresh client: the shared one may hold a pooled connection, which the kill turns into an EOF instead.
    HttpClient fresh = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    assertThrows(ConnectException.class,
        () -> fresh.send(HttpRequest.newBuilder(URI.create(byId)).build(), HttpResponse.BodyHandlers.discarding()));
    servers.restartRegistry();

    assertEquals(url, servers.registryUrl());
    HttpResponse<String> fetched = send(HttpRequest.newBuilder(URI.create(byId)));
    assertEquals(200, fetched.statusCode(), fetched::body);
    assertTrue(fetched.body().contains("Restart"), fetched::body);
  }

  private HttpResponse<String> send(HttpRequest.Builder request) throws IOException, InterruptedException {
    return http.send(request.timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
  }
}
