package dev.kavro.bench.demo;

import dev.kavro.bench.data.BenchCase;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

/** The demo's command-line options. */
final class DemoOptions {
  /** A number-heavy schema, where Kavro's compiled code pays most, and a string-heavy one, where it least can. */
  static final List<String> DEFAULT_SCHEMAS = List.of("organization", "strings");
  /** Untimed rounds of both sides before the timed ones: JIT compilation and background compiles settle. */
  static final int WARMUP_ROUNDS = 3;

  static final String HELP = String.join("\n",
      "demo [--records N] [--rounds N] [--schemas a,b] [--registry mock|apicurio] [--apicurio-home DIR]",
      "     [--work-dir DIR] [--out FILE]",
      "  --records N         records per topic, read whole in every pass (default 100,000)",
      "  --rounds N          timed rounds per path, after 3 untimed ones (default 9)",
      "  --schemas a,b       bench cases to run (default " + String.join(",", DEFAULT_SCHEMAS) + "); any of:",
      "                      " + String.join(",", BenchCase.CONNECT_CAPABLE_CASES),
      "  --registry R        mock (in-JVM mock://, default) or apicurio (needs Java 21+ and the unpacked app)",
      "  --apicurio-home DIR the unpacked apicurio-registry-app (default testcontainers-it/target/apicurio)",
      "  --work-dir DIR      where the broker's log dir is created (default java.io.tmpdir); deleted at exit",
      "  --out FILE          also write the results as Markdown, headed by the date, JVM, CPU and settings");

  long records = 100_000;
  int rounds = 9;
  List<String> schemas = DEFAULT_SCHEMAS;
  String registry = "mock";
  Path apicurioHome = defaultApicurioHome();
  Path workDir = Path.of(System.getProperty("java.io.tmpdir"));
  Path out;

  /**
   * Parses the options; {@code null} for {@code --help}.
   *
   * @throws IllegalArgumentException for an unknown option, a missing or bad value
   */
  static DemoOptions parse(String[] args) {
    DemoOptions o = new DemoOptions();
    for (int i = 0; i < args.length; i++) {
      String a = args[i];
      if (a.equals("-h") || a.equals("--help")) {
        return null;
      }
      if (i + 1 >= args.length) {
        throw new IllegalArgumentException("Missing value after " + a);
      }
      String v = args[++i];
      switch (a) {
        case "--records" -> o.records = atLeastOne(a, Long.parseLong(number(v)));
        case "--rounds" -> o.rounds = (int) atLeastOne(a, Integer.parseInt(number(v)));
        case "--schemas", "--schema" -> o.schemas = schemas(v);
        case "--registry" -> {
          if (!v.equals("mock") && !v.equals("apicurio")) {
            throw new IllegalArgumentException("--registry is mock or apicurio, not " + v);
          }
          o.registry = v;
        }
        case "--apicurio-home" -> o.apicurioHome = Path.of(v);
        case "--work-dir" -> o.workDir = Path.of(v);
        case "--out" -> o.out = Path.of(v);
        default -> throw new IllegalArgumentException("Unknown option " + a);
      }
    }
    return o;
  }

  /** The options as one line, for the Markdown header. */
  String describe() {
    return String.format("--records %d --rounds %d --schemas %s --registry %s", records, rounds,
        String.join(",", schemas), registry);
  }

  private static List<String> schemas(String csv) {
    List<String> names = Arrays.stream(csv.split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    for (String name : names) {
      if (!BenchCase.CONNECT_CAPABLE_CASES.contains(name)) {
        throw new IllegalArgumentException("Unknown schema " + name + " (known: "
            + String.join(", ", BenchCase.CONNECT_CAPABLE_CASES) + ")");
      }
    }
    if (names.isEmpty()) {
      throw new IllegalArgumentException("--schemas needs at least one name");
    }
    return names;
  }

  private static String number(String v) {
    return v.replace("_", "").replace(",", "");
  }

  private static long atLeastOne(String option, long value) {
    if (value < 1) {
      throw new IllegalArgumentException(option + " must be at least 1");
    }
    return value;
  }

  private static Path defaultApicurioHome() {
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("mvnw"))) {
        return dir.resolve("testcontainers-it").resolve("target").resolve("apicurio");
      }
    }
    return Path.of("apicurio");
  }
}
