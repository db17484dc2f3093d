package dev.kavro.it;

import dev.kavro.bench.servers.EmbeddedKafkaBroker;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/** The pair without Docker: an in-JVM KRaft broker and Apicurio Registry as a child process on Java 21+. */
final class EmbeddedServers implements ServerPair, AutoCloseable {
  private final EmbeddedKafkaBroker broker;
  private final ApicurioRegistryProcess registry;

  private EmbeddedServers(EmbeddedKafkaBroker broker, ApicurioRegistryProcess registry) {
    this.broker = broker;
    this.registry = registry;
  }

  /** Starts both at once (the registry takes a few seconds, the broker too); stops what started if either fails. */
  static EmbeddedServers start(Path java21Home, Path apicurioHome, Path workDir) {
    CompletableFuture<ApicurioRegistryProcess> registry =
        CompletableFuture.supplyAsync(() -> ApicurioRegistryProcess.start(java21Home, apicurioHome, workDir));
    EmbeddedKafkaBroker broker;
    try {
      broker = EmbeddedKafkaBroker.start(workDir);
    } catch (RuntimeException e) {
      registry.thenAccept(ApicurioRegistryProcess::close);
      throw e;
    }
    try {
      return new EmbeddedServers(broker, registry.join());
    } catch (CompletionException e) {
      broker.close();
      throw e.getCause() instanceof RuntimeException cause ? cause : e;
    }
  }

  @Override
  public String bootstrapServers() {
    return broker.bootstrapServers();
  }

  @Override
  public String registryUrl() {
    return registry.ccompatUrl();
  }

  @Override
  public String description() {
    return "embedded KRaft broker at " + bootstrapServers() + " + Apicurio Registry at " + registryUrl();
  }

  @Override
  public boolean canRestartRegistry() {
    return true;
  }

  @Override
  public void killRegistry() {
    registry.kill();
  }

  @Override
  public void restartRegistry() {
    registry.restart();
  }

  @Override
  public void close() {
    try {
      registry.close();
    } finally {
      broker.close();
    }
  }
}
