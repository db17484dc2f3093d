package dev.kavro.bench.demo;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;

/**
 * A single-node KRaft broker (combined broker and controller) in this JVM, on 127.0.0.1 ephemeral ports, with its log
 * directory in a temporary directory that {@link #close} deletes. {@code KafkaRaftServer} as
 * {@code bin/kafka-server-start} runs it; no test jars. Not thread-safe.
 */
final class DemoBroker implements AutoCloseable {
  static final String HOST = "127.0.0.1";
  private static final int PORT_ATTEMPTS = 3;
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(60);

  private final KafkaRaftServer server;
  private final Path logDir;
  private final String bootstrapServers;

  private DemoBroker(KafkaRaftServer server, Path logDir, String bootstrapServers) {
    this.server = server;
    this.logDir = logDir;
    this.bootstrapServers = bootstrapServers;
  }

  /**
   * Formats a fresh log directory under {@code workDir}, starts the broker and waits until it serves clients.
   *
   * @throws IllegalStateException if the broker does not start in time
   */
  static DemoBroker start(Path workDir) {
    RuntimeException last = null;
    for (int attempt = 1; attempt <= PORT_ATTEMPTS; attempt++) {
      Path logDir;
      try {
        Files.createDirectories(workDir);
        logDir = Files.createTempDirectory(workDir, "kavro-demo-kraft-");
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot create the broker's log dir under " + workDir, e);
      }
      // Ports are probed free, then bound by the broker; another process may take one first, hence the retries.
      int brokerPort = freePort();
      int controllerPort = freePort();
      KafkaRaftServer server = null;
      try {
        format(logDir);
        server = new KafkaRaftServer(new KafkaConfig(config(logDir, brokerPort, controllerPort)), Time.SYSTEM);
        server.startup();
        String bootstrap = HOST + ":" + brokerPort;
        awaitReady(bootstrap);
        return new DemoBroker(server, logDir, bootstrap);
      } catch (RuntimeException e) {
        last = e;
        stop(server);
        deleteRecursively(logDir);
      }
    }
    throw new IllegalStateException("The embedded Kafka broker did not start", last);
  }

  String bootstrapServers() {
    return bootstrapServers;
  }

  /** Shuts the broker down and deletes its log directory. */
  @Override
  public void close() {
    stop(server);
    deleteRecursively(logDir);
  }

  private static Map<String, Object> config(Path logDir, int brokerPort, int controllerPort) {
    Properties props = new Properties();
    props.put("process.roles", "broker,controller");
    props.put("node.id", "1");
    props.put("controller.quorum.voters", "1@" + HOST + ":" + controllerPort);
    props.put("listeners", "PLAINTEXT://" + HOST + ":" + brokerPort + ",CONTROLLER://" + HOST + ":" + controllerPort);
    props.put("advertised.listeners", "PLAINTEXT://" + HOST + ":" + brokerPort);
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
    props.put("group.initial.rebalance.delay.ms", "0");
    // The default dedupe buffer is 128 MiB of heap; the demo never compacts.
    props.put("log.cleaner.dedupe.buffer.size", "2097152");
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
      throw new IllegalStateException("The broker at " + bootstrap + " did not answer within "
          + READY_TIMEOUT.toSeconds() + " s", e);
    }
  }

  private static void stop(KafkaRaftServer server) {
    if (server != null) {
      server.shutdown();
      server.awaitShutdown();
    }
  }

  static int freePort() {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
      return socket.getLocalPort();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot find a free port on " + HOST, e);
    }
  }

  static void deleteRecursively(Path dir) {
    if (dir == null || !Files.exists(dir)) {
      return;
    }
    try (Stream<Path> paths = Files.walk(dir)) {
      for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
        Files.deleteIfExists(path);
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot delete " + dir, e);
    }
  }
}
