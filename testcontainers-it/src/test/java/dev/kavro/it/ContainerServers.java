package dev.kavro.it;

import com.github.dockerjava.api.command.CreateContainerCmd;
import com.github.dockerjava.api.model.ExposedPort;
import com.github.dockerjava.api.model.Ports;
import dev.kavro.bench.servers.Loopback;
import java.time.Duration;
import org.testcontainers.containers.GenericContainer;
import org.testcontainers.containers.Network;
import org.testcontainers.containers.wait.strategy.Wait;
import org.testcontainers.kafka.KafkaContainer;
import org.testcontainers.utility.DockerImageName;

/** The pair with Docker: Apache Kafka and Confluent Schema Registry containers on a shared network. */
final class ContainerServers implements ServerPair, AutoCloseable {
  static final String KAFKA_IMAGE = System.getProperty("kavro.it.kafka.image", "apache/kafka:4.1.1");
  static final String REGISTRY_IMAGE =
      System.getProperty("kavro.it.registry.image", "confluentinc/cp-schema-registry:8.1.0");
  private static final String KAFKA_ALIAS = "kafka";
  private static final int REGISTRY_PORT = 8081;

  private final Network network;
  private final KafkaContainer kafka;
  private final GenericContainer<?> registry;

  private ContainerServers(Network network, KafkaContainer kafka, GenericContainer<?> registry) {
    this.network = network;
    this.kafka = kafka;
    this.registry = registry;
  }

  /** Starts Kafka, then the registry (which stores its schemas in Kafka); stops what started if either fails. */
  @SuppressWarnings("resource") // closed by close(), or below when the start fails
  static ContainerServers start() {
    Network network = Network.newNetwork();
    KafkaContainer kafka = new KafkaContainer(DockerImageName.parse(KAFKA_IMAGE))
        .withNetwork(network)
        .withListener(KAFKA_ALIAS + ":19092")
        .withEnv("KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS", "0")
        .withCreateContainerCmdModifier(ContainerServers::publishOnLoopbackOnly);
    GenericContainer<?> registry = new GenericContainer<>(DockerImageName.parse(REGISTRY_IMAGE))
        .withNetwork(network)
        .withNetworkAliases("schema-registry")
        .withExposedPorts(REGISTRY_PORT)
        .withEnv("SCHEMA_REGISTRY_HOST_NAME", "schema-registry")
        .withEnv("SCHEMA_REGISTRY_LISTENERS", "http://0.0.0.0:" + REGISTRY_PORT)
        .withEnv("SCHEMA_REGISTRY_KAFKASTORE_BOOTSTRAP_SERVERS", "PLAINTEXT://" + KAFKA_ALIAS + ":19092")
        .withCreateContainerCmdModifier(ContainerServers::publishOnLoopbackOnly)
        .dependsOn(kafka)
        .waitingFor(Wait.forHttp("/subjects").forStatusCode(200))
        .withStartupTimeout(Duration.ofMinutes(2));
    ContainerServers servers = new ContainerServers(network, kafka, registry);
    try {
      kafka.start();
      registry.start();
      return servers;
    } catch (RuntimeException e) {
      servers.close();
      throw e;
    }
  }

  /**
   * Docker publishes ports on all host interfaces by default; the tests reach them through the loopback only, so
   * publish them there, each on a random host port.
   */
  private static void publishOnLoopbackOnly(CreateContainerCmd cmd) {
    ExposedPort[] exposed = cmd.getExposedPorts();
    if (exposed == null || cmd.getHostConfig() == null) {
      return;
    }
    Ports bindings = new Ports();
    for (ExposedPort port : exposed) {
      bindings.bind(port, Ports.Binding.bindIp(Loopback.HOST));
    }
    cmd.getHostConfig().withPublishAllPorts(false).withPortBindings(bindings);
  }

  @Override
  public String bootstrapServers() {
    return kafka.getBootstrapServers();
  }

  @Override
  public String registryUrl() {
    return "http://" + registry.getHost() + ":" + registry.getMappedPort(REGISTRY_PORT);
  }

  @Override
  public String description() {
    return KAFKA_IMAGE + " at " + bootstrapServers() + " + " + REGISTRY_IMAGE + " at " + registryUrl();
  }

  @Override
  public boolean canRestartRegistry() {
    return false;
  }

  @Override
  public void killRegistry() {
    throw new UnsupportedOperationException("Registry outages are only scripted with the embedded servers");
  }

  @Override
  public void restartRegistry() {
    throw new UnsupportedOperationException("Registry outages are only scripted with the embedded servers");
  }

  @Override
  public void close() {
    try {
      registry.stop();
    } finally {
      try {
        kafka.stop();
      } finally {
        network.close();
      }
    }
  }
}
