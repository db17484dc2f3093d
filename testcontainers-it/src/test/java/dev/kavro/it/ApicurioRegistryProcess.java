package dev.kavro.it;

import dev.kavro.bench.servers.Directories;
import dev.kavro.bench.servers.Loopback;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Apicurio Registry 3 (the Quarkus fast-jar unpacked from Maven Central) as a child process on 127.0.0.1, used as a
 * Confluent-compatible registry through its {@code /apis/ccompat/v7} API.
 *
 * <p>Storage is an H2 file under the work directory that is wiped at {@link #start} and kept across {@link #restart},
 * so a restart behaves like a real registry coming back: ids registered before are still there. The child is
 * destroyed by {@link #close}, and by a JVM shutdown hook should the test JVM end without closing it.
 *
 * <p>Not thread-safe: one test thread drives the lifecycle.
 */
final class ApicurioRegistryProcess implements AutoCloseable {
  static final String CCOMPAT_PATH = "/apis/ccompat/v7";
  static final Duration READY_TIMEOUT = Duration.ofSeconds(90);
  private static final Duration STOP_GRACE = Duration.ofSeconds(5);
  private static final int PORT_ATTEMPTS = 3;
  private static final Logger log = LoggerFactory.getLogger(ApicurioRegistryProcess.class);

  private final Path javaHome;
  private final Path appDir;
  private final Path runDir;
  private final HttpClient http =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).version(HttpClient.Version.HTTP_1_1).build();
  private final Thread shutdownHook;
  private volatile Process process;
  private int port;

  private ApicurioRegistryProcess(Path javaHome, Path appDir, Path runDir) {
    this.javaHome = javaHome;
    this.appDir = appDir;
    this.runDir = runDir;
    this.shutdownHook = new Thread(this::destroyNow, "apicurio-registry-killer");
  }

  /**
   * Starts a fresh, empty registry and waits until its API answers; sets global compatibility to BACKWARD, which is
   * Confluent's default (Apicurio's is NONE).
   *
   * @param javaHome a Java 21+ home
   * @param appDir the unpacked distribution, holding {@code quarkus-run.jar}
   * @param workDir where the registry keeps its data, temp files and log ({@code apicurio-run/} under it)
   * @throws IllegalStateException if the distribution is missing or the registry does not become ready in time
   */
  static ApicurioRegistryProcess start(Path javaHome, Path appDir, Path workDir) {
    Path runJar = appDir.resolve("quarkus-run.jar");
    if (!Files.isRegularFile(runJar)) {
      throw new IllegalStateException("Apicurio Registry is not unpacked at " + appDir + " (no quarkus-run.jar). "
          + "Run the ITs through Maven (./mvnw verify -pl testcontainers-it -am): its pre-integration-test phase "
          + "downloads and unpacks it.");
    }
    Path runDir = workDir.resolve("apicurio-run");
    Directories.deleteRecursively(runDir);
    ApicurioRegistryProcess registry = new ApicurioRegistryProcess(javaHome, appDir, runDir);
    Runtime.getRuntime().addShutdownHook(registry.shutdownHook);
    try {
      registry.startOnFreePort();
      registry.setGlobalCompatibility("BACKWARD");
      return registry;
    } catch (RuntimeException e) {
      registry.close();
      throw e;
    }
  }

  /** {@code http://127.0.0.1:<port>/apis/ccompat/v7}: the base URL a Confluent client is configured with. */
  String ccompatUrl() {
    return "http://" + Loopback.HOST + ":" + port + CCOMPAT_PATH;
  }

  int port() {
    return port;
  }

  boolean isAlive() {
    Process p = process;
    return p != null && p.isAlive();
  }

  /** Kills the registry at once (SIGKILL), as a crash would; {@link #restart} brings it back on the same port. */
  void kill() {
    destroyNow();
    awaitExit(process, Duration.ofSeconds(10));
  }

  /** Starts the registry again on the same port, with the data it had, and waits until it answers. */
  void restart() {
    if (isAlive()) {
      kill();
    }
    launch(port);
    awaitReady();
  }

  /** Stops the registry: SIGTERM, then SIGKILL after a few seconds. Idempotent. */
  @Override
  public void close() {
    Process p = process;
    if (p != null && p.isAlive()) {
      p.destroy();
      if (!awaitExit(p, STOP_GRACE)) {
        p.destroyForcibly();
        awaitExit(p, Duration.ofSeconds(10));
      }
    }
    try {
      Runtime.getRuntime().removeShutdownHook(shutdownHook);
    } catch (IllegalStateException alreadyShuttingDown) {
      // The hook is running or about to; it only kills what is already gone.
    }
  }

  private void startOnFreePort() {
    for (int attempt = 1; ; attempt++) {
      launch(Loopback.freePort());
      try {
        awaitReady();
        return;
      } catch (IllegalStateException e) {
        // Another process may have taken the port between our probe and Quarkus binding it: try another one.
        String tail = logTail(200);
        boolean portTaken = tail.contains("already in use") || tail.contains("already bound");
        if (attempt >= PORT_ATTEMPTS || !portTaken) {
          throw e;
        }
        log.warn("Apicurio could not bind port {}; retrying on another port", port);
        destroyNow();
      }
    }
  }

  private void launch(int httpPort) {
    this.port = httpPort;
    Path tmp = runDir.resolve("tmp");
    Path data = runDir.resolve("data");
    try {
      Files.createDirectories(tmp);
      Files.createDirectories(data);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    List<String> command = new ArrayList<>(List.of(
        Java21Discovery.javaExecutable(javaHome).toString(),
        "-Xmx256m",
        "-XX:+UseSerialGC",
        "-Dquarkus.http.host=" + Loopback.HOST,
        "-Dquarkus.http.port=" + httpPort,
        // The management interface defaults to 0.0.0.0:9000: loopback and an ephemeral port instead.
        "-Dquarkus.management.host=" + Loopback.HOST,
        "-Dquarkus.management.port=0",
        // Otherwise the OTLP exporter keeps trying localhost:4317.
        "-Dquarkus.otel.sdk.disabled=true",
        "-Djava.io.tmpdir=" + tmp,
        "-Dvertx.cacheDirBase=" + tmp.resolve("vertx-cache"),
        "-Dapicurio.storage.snapshot.location=" + tmp,
        "-Dapicurio.import.work-dir=" + tmp,
        // WRITE_DELAY=0: a registration that was answered survives kill(), as it would in a real registry.
        "-Dapicurio.datasource.url=jdbc:h2:file:" + data.resolve("registry") + ";WRITE_DELAY=0",
        "-jar", appDir.resolve("quarkus-run.jar").toString()));
    ProcessBuilder builder = new ProcessBuilder(command)
        .directory(runDir.toFile())
        .redirectErrorStream(true)
        .redirectOutput(ProcessBuilder.Redirect.appendTo(logFile().toFile()));
    try {
      process = builder.start();
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot start Apicurio Registry with " + command.get(0), e);
    }
    log.info("Apicurio Registry starting on 127.0.0.1:{} (pid {}, log {})", httpPort, process.pid(), logFile());
  }

  private void awaitReady() {
    Instant deadline = Instant.now().plus(READY_TIMEOUT);
    Instant started = Instant.now();
    HttpRequest probe = HttpRequest.newBuilder(URI.create(ccompatUrl() + "/subjects"))
        .timeout(Duration.ofSeconds(2))
        .GET()
        .build();
    while (Instant.now().isBefore(deadline)) {
      Process p = process;
      if (!p.isAlive()) {
        throw new IllegalStateException("Apicurio Registry exited with code " + p.exitValue()
            + " before it was ready. Log tail (" + logFile() + "):\n" + logTail(40));
      }
      try {
        if (http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          log.info("Apicurio Registry ready at {} after {} ms", ccompatUrl(),
              Duration.between(started, Instant.now()).toMillis());
          return;
        }
      } catch (IOException notListeningYet) {
        // Keep polling until the deadline.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for Apicurio Registry", e);
      }
      sleep(Duration.ofMillis(200));
    }
    throw new IllegalStateException("Apicurio Registry did not answer GET " + CCOMPAT_PATH + "/subjects within "
        + READY_TIMEOUT.toSeconds() + " s. Log tail (" + logFile() + "):\n" + logTail(40));
  }

  private void setGlobalCompatibility(String level) {
    HttpRequest put = HttpRequest.newBuilder(URI.create(ccompatUrl() + "/config"))
        .timeout(Duration.ofSeconds(10))
        .header("Content-Type", "application/vnd.schemaregistry.v1+json")
        .PUT(HttpRequest.BodyPublishers.ofString("{\"compatibility\":\"" + level + "\"}"))
        .build();
    try {
      HttpResponse<String> response = http.send(put, HttpResponse.BodyHandlers.ofString());
      if (response.statusCode() != 200) {
        throw new IllegalStateException("PUT " + CCOMPAT_PATH + "/config " + level + " answered HTTP "
            + response.statusCode() + ": " + response.body());
      }
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot set global compatibility on Apicurio Registry", e);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while configuring Apicurio Registry", e);
    }
  }

  private void destroyNow() {
    Process p = process;
    if (p != null) {
      p.destroyForcibly();
    }
  }

  private Path logFile() {
    return runDir.resolve("registry.log");
  }

  private String logTail(int lines) {
    try {
      List<String> all = Files.readAllLines(logFile(), StandardCharsets.UTF_8);
      return String.join("\n", all.subList(Math.max(0, all.size() - lines), all.size()));
    } catch (IOException e) {
      return "(no log: " + e.getMessage() + ")";
    }
  }

  private static boolean awaitExit(Process p, Duration timeout) {
    if (p == null) {
      return true;
    }
    try {
      return p.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return false;
    }
  }

  private static void sleep(Duration duration) {
    try {
      Thread.sleep(duration.toMillis());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("Interrupted while waiting for Apicurio Registry", e);
    }
  }
}
