package dev.kavro.rules;

import dev.kavro.registry.RestSchemaRegistry;
import dev.kavro.registry.StubRegistry;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;

/** The rule tests' set-up: a fresh {@link StubRegistry} on 127.0.0.1 per test, and a registry client talking to it. */
abstract class StubRegistryTestBase {
  StubRegistry stub;
  RestSchemaRegistry registry;

  @BeforeEach
  void startStub() throws Exception {
    stub = StubRegistry.start();
    registry = RulesFixtures.client(stub);
  }

  @AfterEach
  void stopStub() {
    registry.close();
    stub.close();
  }
}
