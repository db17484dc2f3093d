package dev.kavro.bench.servers;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A single-node KRaft Kafka broker (combined broker and controller) in this JVM, listening on 127.0.0.1 only.
 *
 * <p>Runs {@link KafkaRaftServer} as {@code bin/kafka-server-start} does, rather than kafka-test-common-runtime's
 * {@code KafkaClusterTestKit}: the test kit pre-binds its listener sockets on the wildcard address, and a pre-bound
 * socket wins over any {@code listeners} override, so it cannot be kept off the network.
 *
 * <p>Used by the demo and by the integration tests. Not thread-safe: start it and close it from one thread.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {
  private static final Logger log = LoggerFactory.getLogger(EmbeddedKafkaBroker.class);
  private static final int PORT_ATTEMPTS = 3;
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

  private final KafkaRaftServer server;
  private final Path logDir;
  private final String bootstrapServers;

  private EmbeddedKafkaBroker(KafkaRaftServer server, Path logDir, String bootstrapServers) {
    this.server = server;
    this.logDir = logDir;
    this.bootstrapServers = bootstrapServers;
  }

  /**
   * Formats a fresh log directory under {@code workDir}, starts the broker and waits until it serves clients.
   *
   * @throws IllegalStateException if the broker does not start or does not become ready in time
   */
  public static EmbeddedKafkaBroker start(Path workDir) {
    failInsteadOfExiting();
    RuntimeException last = null;
    for (int attempt = 1; attempt <= PORT_ATTEMPTS; attempt++) {
      Path logDir;
      try {
        Files.createDirectories(workDir);
        logDir = Files.createTempDirectory(workDir, "kraft-");
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the broker's log dir under " + workDir, e);
      }
      // Ports are probed free and then bound by the broker; another process may win that race, hence the retries.
      int brokerPort = Loopback.freePort();
      int controllerPort = Loopback.freePort();
      KafkaRaftServer server = null;
      try {
        format(logDir);
        server = new KafkaRaftServer(new KafkaConfig(config(logDir, brokerPort, controllerPort)), Time.SYSTEM);
        server.startup();
        String bootstrap = "127.0.0.1:" + brokerPort;
        awaitReady(bootstrap);
        log.info("Embedded Kafka broker ready at {}", bootstrap);
        return new EmbeddedKafkaBroker(server, logDir, bootstrap);
      } catch (RuntimeException e) {
        last = e;
        log.warn("Embedded Kafka broker failed to start (attempt {} of {})", attempt, PORT_ATTEMPTS, e);
        stop(server);
        Directories.deleteRecursively(logDir);
      }
    }
    throw new IllegalStateException("Embedded Kafka broker did not start", last);
  }

  /** {@code 127.0.0.1:<port>}. */
  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** Shuts the broker down and deletes its log directory. */
  @Override
  public void close() {
    stop(server);
    Directories.deleteRecursively(logDir);
  }

  private static Map<String, Object> config(Path logDir, int brokerPort, int controllerPort) {
    Properties props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@127.0.0.1:" + controllerPort);
    props.put("listeners", "PLAINTEXT://127.0.0.1:" + brokerPort + ",CONTROLLER://127.0.0.1:" + controllerPort);
    props.put("advertised.listeners", "PLAINTEXT://127.0.0.1:" + brokerPort);
    props.put("controller.listener.names", "CONTROLLER");
    props.put("inter.broker.listener.name", "PLAINTEXT");
    props.put("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT");
    props.put("log.dirs", logDir.toString());
    props.put("num.partitions", "1");
    props.put("offsets.topic.replication.factor", "1");
    props.put("offsets.topic.num.partitions", "1");
    props.put("transaction.state.log.replication.factor", "1");
    props.put("transaction.state.log.min.isr", "1");
    props.put("share.coordinator.state.topic.replication.factor", "1");
    props.put("share.coordinator.state.topic.min.isr", "1");
    // Otherwise the first consumer group join waits 3 s.
    props.put("group.initial.rebalance.delay.ms", "0");
    // The default dedupe buffer is 128 MiB of heap; the tests never compact that much.
    props.put("log.cleaner.dedupe.buffer.size", "2097152");
    // Large demo batches of wide records fit in one request.
    props.put("message.max.bytes", "8388608");
    @SuppressWarnings({"unchecked", "rawtypes"})
    Map<String, Object> map = (Map) props;
    return map;
  }

  private static void format(Path logDir) {
    try {
      new Formatter()
          .setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
          .setClusterId(Uuid.randomUuid().toString())
          .setNodeId(1)
          .setControllerListenerName("CONTROLLER")
          .setMetadataLogDirectory(logDir.toString())
          .addDirectory(logDir.toString())
          .run();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot format the KRaft log dir " + logDir, e);
    }
  }

  private static void awaitReady(String bootstrap) {
    try (Admin admin = Admin.create(Map.of(
        AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) READY_TIMEOUT.toMillis()))) {
      admin.describeCluster().nodes().get(READY_TIMEOUT.toMillis(), TimeUnit.MILLISECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("Embedded Kafka broker at " + bootstrap + " did not answer within "
          + READY_TIMEOUT.toSeconds() + " s", e);
    }
  }

  private static void stop(KafkaRaftServer server) {
    if (server == null) {
      return;
    }
    try {
      server.shutdown();
      server.awaitShutdown();
    } catch (RuntimeException e) {
      log.warn("Embedded Kafka broker did not shut down cleanly", e);
    }
  }

  /**
   * A fatal broker fault calls Kafka's {@link Exit}, which by default ends the JVM: that would kill the test fork
   * with no report. Make it throw instead, so the fault surfaces as a test failure.
   */
  private static void failInsteadOfExiting() {
    Exit.setExitProcedure((code, message) -> {
      throw new IllegalStateException("Embedded Kafka broker asked to exit(" + code + "): " + message);
    });
    Exit.setHaltProcedure((code, message) -> {
      throw new IllegalStateException("Embedded Kafka broker asked to halt(" + code + "): " + message);
    });
  }
}
