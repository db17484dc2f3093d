package dev.kavro.flink.sql.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/**
 * A JVM of its own whose class path is Flink's lib/ and the Kavro jar (see {@link FlinkLib}), running one of the
 * programs under {@code src/test/child}. Those are compiled here, against that class path only, as a user's code
 * is compiled against what the cluster provides.
 */
final class ChildJvm {
  private static final int SHOWN_LINES = 60;

  private ChildJvm() {}

  /** What a child printed (stdout and stderr, interleaved) and how it ended. */
  record Result(String program, int exitCode, List<String> lines) {
    /** The tab-separated fields after {@code tag} of the lines that start with it. */
    List<List<String>> tagged(String tag) {
      return lines.stream()
          .filter(line -> line.startsWith(tag + "\t"))
          .map(line -> List.of(line.substring(tag.length() + 1).split("\t", -1)))
          .collect(Collectors.toList());
    }

    /** Fails with the child's last lines unless it printed DONE and exited 0. */
    void assertCompleted() {
      assertTrue(exitCode == 0 && lines.contains("DONE"), () -> program + " exited with " + exitCode + "; its last "
          + "lines:\n" + String.join("\n", lines.subList(Math.max(0, lines.size() - SHOWN_LINES), lines.size())));
    }
  }

  /** Compiles every program under {@code sources} against {@code classPath} into {@code into}. */
  static void compile(Path sources, List<Path> classPath, Path into) throws IOException {
    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    assertTrue(javac != null, "the tests run on a JDK (java.home " + System.getProperty("java.home") + ")");
    List<File> files;
    try (Stream<Path> paths = Files.walk(sources)) {
      files = paths.filter(p -> p.toString().endsWith(".java")).map(Path::toFile).collect(Collectors.toList());
    }
    Files.createDirectories(into);
    StringWriter errors = new StringWriter();
    try (StandardJavaFileManager fileManager = javac.getStandardFileManager(null, null, StandardCharsets.UTF_8)) {
      List<String> options = List.of("--release", "17", "-proc:none", "-encoding", "UTF-8",
          "-cp", join(classPath), "-d", into.toString());
      boolean compiled = javac.getTask(errors, fileManager, null, options, null,
          fileManager.getJavaFileObjectsFromFiles(files)).call();
      assertTrue(compiled, () -> "the child programs do not compile against Flink's lib/ and the jar:\n" + errors);
    }
  }

  /**
   * Runs {@code mainClass} with {@code classPath} in a new JVM (this JVM's Java), its output also in {@code log}.
   * A child still running after {@code timeout} is killed and reported as exit code -1.
   */
  static Result run(List<Path> classPath, String mainClass, List<String> jvmOptions, List<String> args,
      Duration timeout, Path log) throws IOException, InterruptedException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    // Rows carry text beyond ASCII: the child prints UTF-8 whatever the machine's locale.
    command.add("-Dfile.encoding=UTF-8");
    command.add("-Dsun.stdout.encoding=UTF-8");
    command.add("-Dsun.stderr.encoding=UTF-8");
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(join(classPath));
    command.add(mainClass);
    command.addAll(args);
    Process process = new ProcessBuilder(command).redirectErrorStream(true)
        .redirectOutput(log.toFile()).start();
    int exitCode;
    if (process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
      exitCode = process.exitValue();
    } else {
      process.destroyForcibly().waitFor();
      exitCode = -1;
    }
    String output = new String(Files.readAllBytes(log), StandardCharsets.UTF_8);
    return new Result(mainClass, exitCode, output.lines().collect(Collectors.toList()));
  }

  private static String join(List<Path> classPath) {
    return classPath.stream().map(Path::toString).collect(Collectors.joining(File.pathSeparator));
  }
}
