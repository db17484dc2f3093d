package dev.kavro.registry;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/**
 * The registry client tests' set-up: a fresh {@link StubRegistry} on 127.0.0.1 per test, and a client of it whose
 * backoff only records its waits ({@link RegistryFixtures.Clients}). A test may replace {@link #registry}; the last
 * one is closed.
 */
abstract class StubClientTestBase {
  final RegistryFixtures.Clients clients = new RegistryFixtures.Clients();
  StubRegistry stub;
  RestSchemaRegistry registry;

  @BeforeEach
  void startStub() throws Exception {
    stub = StubRegistry.start();
    registry = clients.create(stub.url());
  }

  @AfterEach
  void stopStub() {
    registry.close();
    stub.close();
  }
}
