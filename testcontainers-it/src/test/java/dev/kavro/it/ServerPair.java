package dev.kavro.it;

/**
 * A running Kafka broker and a Confluent-compatible schema registry, shared by every IT class in the test JVM.
 * Obtain it from {@link RealServers}; never close it from a test.
 */
public interface ServerPair {

  /** For Kafka clients' {@code bootstrap.servers}. */
  String bootstrapServers();

  /** For {@code schema.registry.url}: the base URL of the Confluent REST API. */
  String registryUrl();

  /** What runs, for logs and failure messages, e.g. "embedded KRaft broker + Apicurio Registry 3 (ccompat)". */
  String description();

  /** Whether {@link #killRegistry()} and {@link #restartRegistry()} are supported by this pair. */
  boolean canRestartRegistry();

  /**
   * Kills the registry at once, as a crash would, to test how clients live through an outage.
   *
   * @throws UnsupportedOperationException when {@link #canRestartRegistry()} is false
   */
  void killRegistry();

  /**
   * Starts the registry again at the same URL, with the schemas it had, and waits until it answers.
   *
   * @throws UnsupportedOperationException when {@link #canRestartRegistry()} is false
   */
  void restartRegistry();
}
