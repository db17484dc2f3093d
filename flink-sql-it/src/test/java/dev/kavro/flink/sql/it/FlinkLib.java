package dev.kavro.flink.sql.it;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * What a SQL-client user's Flink has: the jars of its lib/ (the build copies them to {@code target/flink-lib}:
 * Flink's table uber jar, runtime and planner loader, flink-clients for what flink-dist holds, flink-json,
 * flink-sql-connector-kafka, SLF4J 1 and Log4j 2), with kavro-flink-sql dropped in.
 */
final class FlinkLib {
  static final String FACTORY_SERVICE = "META-INF/services/org.apache.flink.table.factories.Factory";

  private static Path compiledChildren;

  private FlinkLib() {}

  /** The kavro-flink-sql jar the build made. */
  static Path kavroJar() {
    Path jar = Path.of(System.getProperty("kavro.sql.jar", "missing"));
    assertTrue(Files.isRegularFile(jar), "the build packages kavro-flink-sql before these tests: " + jar);
    return jar;
  }

  /** Flink's version of the lib/ (for messages). */
  static String flinkVersion() {
    return System.getProperty("kavro.sql.flink.version", "unknown");
  }

  /**
   * The Kavro jar, then lib/ in name order (as Flink's scripts list it). The jar comes first on purpose: whatever
   * it held unrelocated would shadow lib/'s copy, which is the failure the relocation prevents.
   */
  static List<Path> classPath() throws IOException {
    Path lib = Path.of(System.getProperty("kavro.sql.flink.lib", "missing"));
    assertTrue(Files.isDirectory(lib), "the build copies Flink's lib/ before these tests: " + lib);
    List<Path> classPath = new ArrayList<>();
    classPath.add(kavroJar());
    try (Stream<Path> jars = Files.list(lib)) {
      classPath.addAll(jars.filter(p -> p.toString().endsWith(".jar")).sorted().collect(Collectors.toList()));
    }
    assertFalse(classPath.stream().anyMatch(p -> p.getFileName().toString().startsWith("kavro-serde")),
        "lib/ has no unshaded Kavro: " + classPath);
    return classPath;
  }

  /** {@link #classPath()} plus the programs of {@code src/test/child}, compiled against it once per JVM. */
  static synchronized List<Path> classPathWithChildren() throws IOException {
    List<Path> classPath = classPath();
    if (compiledChildren == null) {
      Path into = workDir().resolve("child-classes");
      ChildJvm.compile(Path.of(System.getProperty("kavro.sql.child.sources", "missing")), classPath, into);
      compiledChildren = into;
    }
    classPath.add(compiledChildren);
    return classPath;
  }

  /**
   * Whether the jar registers a Flink table factory of Kavro's (the {@code kavro} format). The SQL tests of that
   * format run only then, until the format is part of every build.
   */
  static boolean hasKavroFormat() throws IOException {
    try (JarFile jar = new JarFile(kavroJar().toFile())) {
      var entry = jar.getJarEntry(FACTORY_SERVICE);
      return entry != null && new String(jar.getInputStream(entry).readAllBytes(), StandardCharsets.UTF_8)
          .lines().anyMatch(line -> line.trim().startsWith("dev.kavro."));
    }
  }

  static Path workDir() throws IOException {
    return Files.createDirectories(Path.of(System.getProperty("kavro.sql.work.dir", "target")));
  }
}
