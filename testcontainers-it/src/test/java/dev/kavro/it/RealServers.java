// How the pair is chosen: with Docker (Testcontainers finds a daemon), Apache Kafka + Confluent Schema Registry
// containers; without it, an in-JVM KRaft broker + Apicurio Registry 3 as a child process on a Java 21+ JDK.
// Docker is only asked for when a daemon socket or DOCKER_HOST is there, so machines without Docker stay quiet.
// Force a choice with -Dkavro.it.servers=docker|embedded (or env KAVRO_IT_SERVERS). Nothing usable: tests skip.
// The pair starts once per test JVM, is shared by every IT class, and stops when the JVM's test run ends.
package dev.kavro.it;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.junit.jupiter.api.extension.ParameterContext;
import org.junit.jupiter.api.extension.ParameterResolver;
import org.opentest4j.TestAbortedException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.testcontainers.DockerClientFactory;

/**
 * Gives IT classes a running Kafka broker and schema registry: {@code @ExtendWith(RealServers.class)}, then take a
 * {@link ServerPair} parameter in a {@code @BeforeAll} method, a constructor or a test method.
 *
 * <p>When no pair can run here, the IT classes are disabled (reported as skipped) with the reason. When a pair could run but failed
 * to start, every test fails with that cause; the start is not retried for each class.
 */
public final class RealServers implements ExecutionCondition, BeforeAllCallback, ParameterResolver {
  static final String MODE_PROPERTY = "kavro.it.servers";
  static final String MODE_ENV = "KAVRO_IT_SERVERS";
  private static final ExtensionContext.Namespace NAMESPACE = ExtensionContext.Namespace.create(RealServers.class);
  private static final Logger log = LoggerFactory.getLogger(RealServers.class);

  /** Disables the IT classes, with the reason, when no pair can run here: reported as skipped, not as passed. */
  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    String skipReason = started(context).skipReason;
    return skipReason == null
        ? ConditionEvaluationResult.enabled("real servers are available")
        : ConditionEvaluationResult.disabled(skipReason);
  }

  @Override
  public void beforeAll(ExtensionContext context) {
    shared(context);
  }

  @Override
  public boolean supportsParameter(ParameterContext parameter, ExtensionContext context) {
    return parameter.getParameter().getType() == ServerPair.class;
  }

  @Override
  public Object resolveParameter(ParameterContext parameter, ExtensionContext context) {
    return shared(context);
  }

  private static ServerPair shared(ExtensionContext context) {
    return started(context).pairOrAbort();
  }

  private static Started started(ExtensionContext context) {
    // The root store lives for the whole test run of this JVM and closes what it holds at the end.
    return context.getRoot()
        .getStore(NAMESPACE)
        .getOrComputeIfAbsent(Started.class, key -> Started.start(), Started.class);
  }

  /** The outcome of the one start attempt: a pair, a reason to skip, or a failure. */
  private static final class Started implements AutoCloseable {
    private final ServerPair pair;
    private final AutoCloseable closer;
    private final String skipReason;
    private final RuntimeException failure;

    private Started(ServerPair pair, AutoCloseable closer, String skipReason, RuntimeException failure) {
      this.pair = pair;
      this.closer = closer;
      this.skipReason = skipReason;
      this.failure = failure;
    }

    static Started start() {
      try {
        String mode = requestedMode();
        if (mode.equals("docker") || mode.equals("auto") && dockerAvailable()) {
          ContainerServers servers = ContainerServers.start();
          return started(servers, servers);
        }
        Java21Discovery.Result java21 = Java21Discovery.discover();
        if (java21.javaHome().isEmpty()) {
          log.warn("Skipping the real-server ITs: {}", java21.skipMessage());
          return new Started(null, null, java21.skipMessage(), null);
        }
        EmbeddedServers servers = EmbeddedServers.start(java21.javaHome().get(), apicurioHome(), workDir());
        return started(servers, servers);
      } catch (RuntimeException e) {
        return new Started(null, null, null, e);
      }
    }

    private static Started started(ServerPair pair, AutoCloseable closer) {
      log.info("Real servers for the ITs: {}", pair.description());
      return new Started(pair, closer, null, null);
    }

    ServerPair pairOrAbort() {
      if (skipReason != null) {
        throw new TestAbortedException(skipReason);
      }
      if (failure != null) {
        throw new IllegalStateException("The real servers for the ITs failed to start", failure);
      }
      return pair;
    }

    @Override
    public void close() throws Exception {
      if (closer != null) {
        closer.close();
      }
    }
  }

  static String requestedMode() {
    String mode = System.getProperty(MODE_PROPERTY, System.getenv().getOrDefault(MODE_ENV, "auto"))
        .trim()
        .toLowerCase(Locale.ROOT);
    if (!mode.equals("auto") && !mode.equals("docker") && !mode.equals("embedded")) {
      throw new IllegalArgumentException(MODE_PROPERTY + " must be auto, docker or embedded, not " + mode);
    }
    return mode;
  }

  /**
   * Asks Testcontainers only when a Docker endpoint is plausibly configured: without one, Testcontainers logs every
   * strategy it tried as an error, which is noise on machines that simply have no Docker.
   */
  static boolean dockerAvailable() {
    if (!dockerEndpointConfigured(System.getenv(), Path.of(System.getProperty("user.home")))) {
      log.info("No Docker endpoint configured: using the embedded servers");
      return false;
    }
    boolean available = DockerClientFactory.instance().isDockerAvailable();
    log.info("Docker {}: using the {} servers", available ? "is available" : "is not answering",
        available ? "container" : "embedded");
    return available;
  }

  static boolean dockerEndpointConfigured(Map<String, String> env, Path userHome) {
    if (env.containsKey("DOCKER_HOST") || Files.isRegularFile(userHome.resolve(".testcontainers.properties"))) {
      return true;
    }
    if (System.getProperty("os.name", "").toLowerCase(Locale.ROOT).contains("win")) {
      return true; // named pipe, not visible as a file
    }
    String runtimeDir = env.get("XDG_RUNTIME_DIR");
    return Files.exists(Path.of("/var/run/docker.sock"))
        || Files.exists(userHome.resolve(".docker/run/docker.sock"))
        || Files.exists(userHome.resolve(".docker/desktop/docker.sock"))
        || Files.exists(userHome.resolve(".colima/default/docker.sock"))
        || runtimeDir != null && Files.exists(Path.of(runtimeDir, "docker.sock"))
        || runtimeDir != null && Files.exists(Path.of(runtimeDir, "podman/podman.sock"));
  }

  private static Path apicurioHome() {
    return Path.of(System.getProperty("kavro.it.apicurio.home", "target/apicurio"));
  }

  private static Path workDir() {
    return Path.of(System.getProperty("kavro.it.work.dir", "target"));
  }
}
