package dev.kavro.it;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.opentest4j.TestAbortedException;

/**
 * Finds a Java 21+ JDK to run Apicurio Registry with (its classes are Java 21), while the tests themselves run on 17.
 *
 * <p>Looks, in order, at {@code KAVRO_JAVA21_HOME}, {@code JAVA21_HOME}, the current JVM, then the JDKs installed
 * next to the current one (the parent directory of {@code java.home}, e.g. {@code /usr/lib/jvm/*}), read from their
 * {@code release} files. A candidate that is missing or too old is noted and skipped, so a stale variable does not
 * hide a good JDK found later.
 */
final class Java21Discovery {
  static final int REQUIRED_FEATURE = 21;
  static final String PRIMARY_ENV = "KAVRO_JAVA21_HOME";
  static final String SECONDARY_ENV = "JAVA21_HOME";

  private static final Pattern JAVA_VERSION = Pattern.compile("^JAVA_VERSION=\"?([^\"\\s]+)\"?\\s*$");

  /** What the search found, and why each candidate it rejected did not qualify. */
  record Result(Optional<Path> javaHome, List<String> rejected) {
    Result {
      rejected = List.copyOf(rejected);
    }

    /** The JDK home, or aborts the calling test (JUnit assumption) with a message that says how to fix it. */
    Path requireOrAbort() {
      return javaHome.orElseThrow(() -> new TestAbortedException(skipMessage()));
    }

    String skipMessage() {
      return "No Java " + REQUIRED_FEATURE + "+ JDK found: set " + PRIMARY_ENV + " to a JDK " + REQUIRED_FEATURE
          + "+ home (Apicurio Registry, the registry used when Docker is not available, needs Java "
          + REQUIRED_FEATURE + "), or make Docker available. Looked at: "
          + (rejected.isEmpty() ? "nothing" : String.join("; ", rejected));
    }
  }

  private Java21Discovery() {}

  /** Searches with this process's environment and JVM. */
  static Result discover() {
    return discover(System.getenv(), Path.of(System.getProperty("java.home")), Runtime.version().feature());
  }

  static Result discover(Map<String, String> env, Path currentJavaHome, int currentFeature) {
    List<String> rejected = new ArrayList<>();
    for (String name : List.of(PRIMARY_ENV, SECONDARY_ENV)) {
      String value = env.get(name);
      if (value == null || value.isBlank()) {
        continue;
      }
      Optional<Path> found = qualify(Path.of(value.trim()), name + "=" + value, rejected);
      if (found.isPresent()) {
        return new Result(found, rejected);
      }
    }
    if (currentFeature >= REQUIRED_FEATURE) {
      return new Result(Optional.of(currentJavaHome), rejected);
    }
    rejected.add("current JVM " + currentJavaHome + ": Java " + currentFeature);
    return new Result(scanSiblings(currentJavaHome, rejected), rejected);
  }

  /** The Java feature version from a JDK's {@code release} file, if it has one that says so. */
  static OptionalInt featureVersion(Path javaHome) {
    Path release = javaHome.resolve("release");
    if (!Files.isRegularFile(release)) {
      return OptionalInt.empty();
    }
    try (Stream<String> lines = Files.lines(release)) {
      return lines.map(JAVA_VERSION::matcher)
          .filter(Matcher::matches)
          .map(m -> parseFeature(m.group(1)))
          .filter(OptionalInt::isPresent)
          .findFirst()
          .orElse(OptionalInt.empty());
    } catch (IOException | java.io.UncheckedIOException e) {
      return OptionalInt.empty();
    }
  }

  /** {@code "21.0.3"} gives 21, {@code "25"} gives 25, the old scheme {@code "1.8.0_402"} gives 8. */
  static OptionalInt parseFeature(String javaVersion) {
    String[] parts = javaVersion.split("[.+_-]");
    try {
      int first = Integer.parseInt(parts[0]);
      if (first == 1 && parts.length > 1) {
        return OptionalInt.of(Integer.parseInt(parts[1]));
      }
      return OptionalInt.of(first);
    } catch (NumberFormatException e) {
      return OptionalInt.empty();
    }
  }

  static Path javaExecutable(Path javaHome) {
    Path unix = javaHome.resolve("bin").resolve("java");
    return Files.exists(unix) ? unix : javaHome.resolve("bin").resolve("java.exe");
  }

  private static Optional<Path> scanSiblings(Path currentJavaHome, List<String> rejected) {
    Path parent = currentJavaHome.toAbsolutePath().getParent();
    if (parent == null || !Files.isDirectory(parent)) {
      return Optional.empty();
    }
    List<Path> siblings;
    try (Stream<Path> children = Files.list(parent)) {
      siblings = children.filter(Files::isDirectory).sorted().toList();
    } catch (IOException e) {
      rejected.add(parent + ": cannot list (" + e.getMessage() + ")");
      return Optional.empty();
    }
    // Prefer the newest JDK; names break ties so the choice does not depend on the directory listing order.
    return siblings.stream()
        .filter(jdk -> qualify(jdk, jdk.toString(), rejected).isPresent())
        .max(Comparator.comparingInt((Path jdk) -> featureVersion(jdk).orElse(0))
            .thenComparing(Comparator.<Path>naturalOrder().reversed()));
  }

  private static Optional<Path> qualify(Path javaHome, String label, List<String> rejected) {
    if (!Files.isDirectory(javaHome)) {
      rejected.add(label + ": not a directory");
      return Optional.empty();
    }
    OptionalInt feature = featureVersion(javaHome);
    if (feature.isEmpty()) {
      rejected.add(label + ": no JAVA_VERSION in a release file");
      return Optional.empty();
    }
    if (feature.getAsInt() < REQUIRED_FEATURE) {
      rejected.add(label + ": Java " + feature.getAsInt());
      return Optional.empty();
    }
    if (!Files.isExecutable(javaExecutable(javaHome))) {
      rejected.add(label + ": no executable bin/java");
      return Optional.empty();
    }
    return Optional.of(javaHome);
  }
}
