package dev.kavro.bench.demo;

import dev.kavro.bench.servers.Directories;
import dev.kavro.bench.servers.Loopback;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Apicurio Registry 3 (the Quarkus fast-jar from Maven Central) as a child process on 127.0.0.1, reached through its
 * Confluent-compatible API. Opt-in for the demo ({@code --registry apicurio}); needs a Java 21+ JDK. The child is
 * destroyed by {@link #close} and by a shutdown hook. Not thread-safe.
 */
final class ApicurioRegistry implements AutoCloseable {
  static final String VERSION = "3.3.3";
  private static final Duration READY_TIMEOUT = Duration.ofSeconds(120);

  private final Process process;
  private final Path runDir;
  private final Thread killer;
  private final String url;

  private ApicurioRegistry(Process process, Path runDir, int port) {
    this.process = process;
    this.runDir = runDir;
    this.url = "http://" + Loopback.HOST + ":" + port + "/apis/ccompat/v7";
    this.killer = new Thread(process::destroyForcibly, "apicurio-killer");
    Runtime.getRuntime().addShutdownHook(killer);
  }

  /** How to get the distribution, for the message when it is missing. */
  static String howToInstall(Path appDir) {
    return "Apicurio Registry is not unpacked at " + appDir + ". Unpack it with:\n"
        + "  ./mvnw -B -q -N dependency:unpack -Dartifact=io.apicurio:apicurio-registry-app:" + VERSION
        + ":tar.gz:all -DoutputDirectory=" + appDir + "\n"
        + "(or run the integration tests once: ./mvnw -B verify -pl testcontainers-it -am), then pass "
        + "--apicurio-home DIR if it is elsewhere.";
  }

  /**
   * Starts an empty registry with H2 storage under {@code workDir} and waits until it answers.
   *
   * @throws IllegalStateException if it does not start in time
   */
  static ApicurioRegistry start(Path javaHome, Path appDir, Path workDir) throws IOException {
    Path runDir = Files.createTempDirectory(Files.createDirectories(workDir), "kavro-demo-apicurio-");
    int port = Loopback.freePort();
    Path tmp = Files.createDirectories(runDir.resolve("tmp"));
    List<String> command = List.of(
        javaHome.resolve("bin").resolve("java").toString(), "-Xmx256m", "-XX:+UseSerialGC",
        "-Dquarkus.http.host=" + Loopback.HOST, "-Dquarkus.http.port=" + port,
        "-Dquarkus.management.host=" + Loopback.HOST, "-Dquarkus.management.port=0",
        "-Dquarkus.otel.sdk.disabled=true", "-Djava.io.tmpdir=" + tmp,
        "-Dvertx.cacheDirBase=" + tmp.resolve("vertx-cache"),
        "-Dapicurio.storage.snapshot.location=" + tmp, "-Dapicurio.import.work-dir=" + tmp,
        "-Dapicurio.datasource.url=jdbc:h2:file:" + runDir.resolve("data").resolve("registry"),
        "-jar", appDir.resolve("quarkus-run.jar").toString());
    Process process = new ProcessBuilder(command).directory(runDir.toFile()).redirectErrorStream(true)
        .redirectOutput(runDir.resolve("registry.log").toFile()).start();
    ApicurioRegistry registry = new ApicurioRegistry(process, runDir, port);
    try {
      registry.awaitReady();
      return registry;
    } catch (RuntimeException e) {
      registry.close();
      throw e;
    }
  }

  String url() {
    return url;
  }

  @Override
  public void close() {
    process.destroy();
    try {
      if (!process.waitFor(5, TimeUnit.SECONDS)) {
        process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
      }
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      process.destroyForcibly();
    }
    try {
      Runtime.getRuntime().removeShutdownHook(killer);
    } catch (IllegalStateException shuttingDown) {
      // The hook runs anyway and kills what is already gone.
    }
    Directories.deleteRecursively(runDir);
  }

  private void awaitReady() {
    HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    HttpRequest probe = HttpRequest.newBuilder(URI.create(url + "/subjects")).timeout(Duration.ofSeconds(2)).build();
    Instant deadline = Instant.now().plus(READY_TIMEOUT);
    while (Instant.now().isBefore(deadline)) {
      if (!process.isAlive()) {
        throw new IllegalStateException("Apicurio Registry exited with code " + process.exitValue() + "; see "
            + runDir.resolve("registry.log"));
      }
      try {
        if (http.send(probe, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
          return;
        }
      } catch (IOException notYet) {
        // Still starting.
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for Apicurio Registry", e);
      }
      try {
        Thread.sleep(250);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while waiting for Apicurio Registry", e);
      }
    }
    throw new IllegalStateException("Apicurio Registry did not answer within " + READY_TIMEOUT.toSeconds() + " s");
  }

  /**
   * A Java 21+ home: {@code KAVRO_JAVA21_HOME}, {@code JAVA21_HOME}, this JVM, or a JDK installed next to it.
   */
  static Optional<Path> findJava21() {
    for (String env : List.of("KAVRO_JAVA21_HOME", "JAVA21_HOME")) {
      String value = System.getenv(env);
      if (value != null && !value.isBlank() && feature(Path.of(value.trim())) >= 21) {
        return Optional.of(Path.of(value.trim()));
      }
    }
    Path current = Path.of(System.getProperty("java.home"));
    if (Runtime.version().feature() >= 21) {
      return Optional.of(current);
    }
    Path parent = current.toAbsolutePath().getParent();
    if (parent == null) {
      return Optional.empty();
    }
    try (Stream<Path> siblings = Files.list(parent)) {
      return siblings.filter(p -> feature(p) >= 21 && Files.isExecutable(p.resolve("bin").resolve("java")))
          .max((a, b) -> Integer.compare(feature(a), feature(b)));
    } catch (IOException e) {
      return Optional.empty();
    }
  }

  private static int feature(Path javaHome) {
    try (Stream<String> lines = Files.lines(javaHome.resolve("release"))) {
      return lines.filter(l -> l.startsWith("JAVA_VERSION="))
          .map(l -> l.substring("JAVA_VERSION=".length()).replace("\"", "").split("[.+_-]"))
          .mapToInt(parts -> Integer.parseInt(parts[0]) == 1 && parts.length > 1
              ? Integer.parseInt(parts[1]) : Integer.parseInt(parts[0]))
          .findFirst().orElse(0);
    } catch (IOException | RuntimeException e) {
      return 0;
    }
  }
}
