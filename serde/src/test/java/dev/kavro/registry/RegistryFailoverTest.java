package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.USER;
import static dev.kavro.registry.RegistryFixtures.schemaString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.StubRegistry.Response;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import org.apache.avro.Schema;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

@Timeout(30)
class RegistryFailoverTest {
  private static final Schema USER_SCHEMA = new Schema.Parser().parse(USER);

  private final RegistryFixtures.Clients clients = new RegistryFixtures.Clients();
  private StubRegistry first;
  private StubRegistry second;
  private RestSchemaRegistry registry;

  @BeforeEach
  void startStubs() throws IOException {
    first = StubRegistry.start();
    second = StubRegistry.start();
  }

  @AfterEach
  void stop() {
    if (registry != null) {
      registry.close();
    }
    first.close();
    second.close();
  }

  @Test
  void retriesA500AndSucceeds() {
    first.on("GET /schemas/ids/1", Response.error(500, 50001, "Error in the backend data store"),
        Response.ok(schemaString(USER)));
    registry = clients.create(first.url());

    assertEquals(USER_SCHEMA, registry.schemaById(1));

    assertEquals(2, first.requests().size());
    assertEquals(1, clients.sleeps.size());
  }

  @Test
  void retriesA429() {
    first.on("GET /schemas/ids/1", Response.error(429, 42901, "Too many requests"), Response.ok(schemaString(USER)));
    registry = clients.create(first.url());

    assertEquals(USER_SCHEMA, registry.schemaById(1));
    assertEquals(2, first.requests().size());
  }

  @Test
  void givesUpAfterMaxRetriesWithTheLastStatus() {
    first.on("GET /schemas/ids/1", Response.error(503, 50003, "Error while forwarding the request"));
    registry = clients.create(first.url(), RegistryClientConfig.MAX_RETRIES_CONFIG, 2);

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

    assertEquals(503, e.status());
    assertEquals(50003, e.errorCode());
    assertEquals(3, first.requests().size(), "one try and two retries");
    assertEquals(2, clients.sleeps.size());
  }

  @Test
  void backoffWaitsGrowWithinTheirBounds() {
    first.on("GET /schemas/ids/1", Response.error(502, -1, "Bad gateway"));
    registry = clients.create(first.url(), RegistryClientConfig.MAX_RETRIES_CONFIG, 4,
        RegistryClientConfig.RETRIES_WAIT_MS_CONFIG, 100, RegistryClientConfig.RETRIES_MAX_WAIT_MS_CONFIG, 300);

    assertThrows(RegistryException.class, () -> registry.schemaById(1));

    List<Long> bounds = List.of(100L, 200L, 300L, 300L);
    assertEquals(4, clients.sleeps.size());
    for (int i = 0; i < bounds.size(); i++) {
      long wait = clients.sleeps.get(i);
      assertTrue(wait >= 1 && wait <= bounds.get(i), "wait " + i + " was " + wait);
    }
  }

  /** The client retries exactly what the exception calls retriable, so the serdes' mapping and the retries agree. */
  @ParameterizedTest
  @ValueSource(ints = {400, 401, 403, 404, 408, 409, 422, 429, 500, 501, 502, 503, 504, 505})
  void retriesExactlyTheStatusesTheExceptionCallsRetriable(int status) {
    first.on("GET /schemas/ids/1", Response.error(status, -1, "Status " + status));
    registry = clients.create(first.url(), RegistryClientConfig.MAX_RETRIES_CONFIG, 1);

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

    assertEquals(status, e.status());
    boolean retriable = Set.of(408, 429, 500, 502, 503, 504).contains(status);
    assertEquals(retriable, e.isRetriable());
    assertEquals(retriable ? 2 : 1, first.requests().size());
  }

  @Test
  void aTimeoutIsRetriableWhateverItsStatus() {
    assertTrue(new RegistryException("timed out", RegistryException.NO_RESPONSE, -1, true, null).isRetriable());
    assertFalse(new RegistryException("refused", RegistryException.NO_RESPONSE, -1, false, null).isRetriable());
  }

  @Test
  void doesNotRetryClientErrors() {
    first.on("GET /schemas/ids/1", Response.error(401, 40101, "Unauthorized"));
    second.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
    registry = clients.create(first.url() + "," + second.url());

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

    assertEquals(401, e.status());
    assertEquals(1, first.requests().size());
    assertTrue(second.requests().isEmpty(), "a 401 is an answer, not a reason to fail over");
    assertTrue(clients.sleeps.isEmpty());
  }

  @Test
  void failsOverToSecondUrlWhenTheFirstIsClosedAndStaysThere() throws IOException {
    second.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
    second.on("GET /schemas/ids/2", Response.ok(schemaString(RegistryFixtures.ORDER)));
    registry = clients.create("http://127.0.0.1:" + closedPort() + "," + second.url(),
        RegistryClientConfig.MAX_RETRIES_CONFIG, 1);

    assertEquals(USER_SCHEMA, registry.schemaById(1));
    int sleepsAfterFailover = clients.sleeps.size();
    assertNotNull(registry.schemaById(2));

    assertEquals(1, sleepsAfterFailover, "the closed URL is retried once, then left");
    assertEquals(1, clients.sleeps.size(), "the next call starts at the URL that worked");
    assertEquals(2, second.requests().size());
  }

  @Test
  void failsOverToSecondUrlWhenTheFirstAnswers503() {
    first.on("GET /schemas/ids/1", Response.error(503, 50003, "Unavailable"));
    second.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
    second.on("GET /schemas/ids/2", Response.ok(schemaString(RegistryFixtures.ORDER)));
    registry = clients.create(first.url() + "," + second.url());

    assertEquals(USER_SCHEMA, registry.schemaById(1));
    registry.schemaById(2);

    assertEquals(4, first.requests().size(), "one try and three retries before failing over");
    assertEquals(2, second.requests().size());
  }

  @Test
  void throwsTheLastErrorWhenEveryUrlFails() throws IOException {
    first.on("GET /schemas/ids/1", Response.error(500, 50001, "Store error"));
    registry = clients.create(first.url() + ",http://127.0.0.1:" + closedPort(),
        RegistryClientConfig.MAX_RETRIES_CONFIG, 0);

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

    assertEquals(RegistryException.NO_RESPONSE, e.status(), e.getMessage());
    assertFalse(e.isTimeout());
  }

  @Test
  void registryThatNeverAnswersGivesATypedTimeout() {
    CountDownLatch never = new CountDownLatch(1);
    first.on("GET /schemas/ids/1", Response.ok(schemaString(USER)).heldBy(never));
    registry = clients.create(first.url(), RegistryClientConfig.HTTP_READ_TIMEOUT_MS_CONFIG, 200,
        RegistryClientConfig.MAX_RETRIES_CONFIG, 1);

    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

    assertTrue(e.isTimeout(), e.getMessage());
    assertEquals(RegistryException.NO_RESPONSE, e.status());
    assertEquals(2, first.requests().size(), "timeouts are retried");
  }

  @Test
  void cachedSchemasKeepWorkingWhenTheRegistryGoesDown() {
    first.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
    first.on("GET /subjects/s/versions/1", Response.ok(RegistryFixtures.version("s", 1, 1, USER)));
    first.on("POST /subjects/s/versions?normalize=false", Response.ok(java.util.Map.of("id", 1)));
    registry = clients.create(first.url(), RegistryClientConfig.MAX_RETRIES_CONFIG, 0);
    registry.schemaById(1);
    registry.version("s", 1);
    registry.register("s", USER_SCHEMA, false);

    first.close();

    assertEquals(USER_SCHEMA, registry.schemaById(1));
    assertEquals(1, registry.version("s", 1).id());
    assertEquals(1, registry.register("s", USER, List.of(), false));
    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(2));
    assertEquals(RegistryException.NO_RESPONSE, e.status());
  }

  @Test
  void interruptedCallRestoresTheInterruptFlag() {
    first.on("GET /schemas/ids/1", Response.ok(schemaString(USER)));
    registry = clients.create(first.url());

    Thread.currentThread().interrupt();
    RegistryException e = assertThrows(RegistryException.class, () -> registry.schemaById(1));

    assertTrue(Thread.interrupted(), "the interrupt flag is set again");
    assertTrue(e.getCause() instanceof InterruptedException, String.valueOf(e.getCause()));
  }

  private static int closedPort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      return socket.getLocalPort();
    }
  }
}
