package dev.kavro.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import kafka.server.KafkaConfig;
import kafka.server.KafkaRaftServer;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.common.Uuid;
import org.apache.kafka.common.utils.Exit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.metadata.storage.Formatter;

/**
 * A single-node KRaft broker (broker and controller in one) in the test's JVM, on 127.0.0.1 only, for the modules'
 * end-to-end tests. {@link KafkaRaftServer} as {@code bin/kafka-server-start} runs it: the test kit of
 * kafka-test-common-runtime pre-binds its sockets on every interface. A module that starts it declares
 * {@code kafka_2.13} and {@code kafka-metadata} as test dependencies.
 *
 * <p>Not thread-safe: start and close it from one thread.
 */
public final class EmbeddedKafkaBroker implements AutoCloseable {
  private static final String HOST = "127.0.0.1";
  private static final int ATTEMPTS = 3;
  private static final long READY_SECONDS = 60;

  private final KafkaRaftServer server;
  private final Path dir;
  private final String bootstrapServers;

  private EmbeddedKafkaBroker(KafkaRaftServer server, Path dir, String bootstrapServers) {
    this.server = server;
    this.dir = dir;
    this.bootstrapServers = bootstrapServers;
  }

  /**
   * Formats a log dir under {@code workDir}, starts the broker, and waits until it answers clients. Ports are found
   * free and then bound by the broker, so another process may take one first: it tries again with new ports.
   *
   * @throws IllegalStateException if it does not start
   */
  public static EmbeddedKafkaBroker start(Path workDir) {
    // A fatal broker fault calls Exit, which would end the test JVM without a report: make it throw instead.
    Exit.setExitProcedure((code, message) -> {
      throw new IllegalStateException("The embedded broker asked to exit(" + code + "): " + message);
    });
    Exit.setHaltProcedure((code, message) -> {
      throw new IllegalStateException("The embedded broker asked to halt(" + code + "): " + message);
    });
    RuntimeException last = null;
    for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
      Path dir = null;
      KafkaRaftServer server = null;
      try {
        Files.createDirectories(workDir);
        dir = Files.createTempDirectory(workDir, "kraft-");
        int port = freePort();
        int controller = freePort();
        format(dir);
        server = new KafkaRaftServer(new KafkaConfig(props(dir, port, controller)), Time.SYSTEM);
        server.startup();
        String bootstrap = HOST + ":" + port;
        awaitReady(bootstrap);
        return new EmbeddedKafkaBroker(server, dir, bootstrap);
      } catch (IOException e) {
        last = new UncheckedIOException(e);
        shutdown(server, dir);
      } catch (RuntimeException e) {
        last = e;
        shutdown(server, dir);
      }
    }
    throw new IllegalStateException("The embedded broker did not start", last);
  }

  /** {@code 127.0.0.1:<port>}. */
  public String bootstrapServers() {
    return bootstrapServers;
  }

  /** Stops the broker and deletes its log dir. */
  @Override
  public void close() {
    shutdown(server, dir);
  }

  private static Map<String, Object> props(Path dir, int port, int controller) {
    return Map.ofEntries(
        Map.entry("process.roles", "broker,controller"),
        Map.entry("node.id", "1"),
        Map.entry("controller.quorum.voters", "1@" + HOST + ":" + controller),
        Map.entry("listeners", "PLAINTEXT://" + HOST + ":" + port + ",CONTROLLER://" + HOST + ":" + controller),
        Map.entry("advertised.listeners", "PLAINTEXT://" + HOST + ":" + port),
        Map.entry("controller.listener.names", "CONTROLLER"),
        Map.entry("inter.broker.listener.name", "PLAINTEXT"),
        Map.entry("listener.security.protocol.map", "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT"),
        Map.entry("log.dirs", dir.toString()),
        Map.entry("num.partitions", "1"),
        Map.entry("offsets.topic.replication.factor", "1"),
        Map.entry("offsets.topic.num.partitions", "1"),
        Map.entry("transaction.state.log.replication.factor", "1"),
        Map.entry("transaction.state.log.min.isr", "1"),
        Map.entry("share.coordinator.state.topic.replication.factor", "1"),
        Map.entry("share.coordinator.state.topic.min.isr", "1"),
        // The first group join would wait 3 s, and the log cleaner would take 128 MiB of heap.
        Map.entry("group.initial.rebalance.delay.ms", "0"),
        Map.entry("log.cleaner.dedupe.buffer.size", "2097152"));
  }

  private static void format(Path dir) {
    try {
      new Formatter().setPrintStream(new PrintStream(OutputStream.nullOutputStream()))
          .setClusterId(Uuid.randomUuid().toString()).setNodeId(1).setControllerListenerName("CONTROLLER")
          .setMetadataLogDirectory(dir.toString()).addDirectory(dir.toString()).run();
    } catch (Exception e) {
      throw new IllegalStateException("Cannot format the KRaft log dir " + dir, e);
    }
  }

  private static void awaitReady(String bootstrap) {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap,
        AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, (int) TimeUnit.SECONDS.toMillis(READY_SECONDS)))) {
      admin.describeCluster().nodes().get(READY_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("The embedded broker at " + bootstrap + " did not answer in time", e);
    }
  }

  private static int freePort() throws IOException {
    try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getByName(HOST))) {
      return socket.getLocalPort();
    }
  }

  private static void shutdown(KafkaRaftServer server, Path dir) {
    if (server != null) {
      server.shutdown();
      server.awaitShutdown();
    }
    if (dir != null && Files.exists(dir)) {
      try (Stream<Path> paths = Files.walk(dir)) {
        for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
          Files.deleteIfExists(path);
        }
      } catch (IOException e) {
        throw new UncheckedIOException("Cannot delete " + dir, e);
      }
    }
  }
}
