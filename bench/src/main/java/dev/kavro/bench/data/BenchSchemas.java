package dev.kavro.bench.data;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.apache.avro.Schema;

/**
 * The shared benchmark schemas. Read from {@code ../shared/bench-schemas/} next to the repository root when it exists
 * (so an edit there is benchmarked without a rebuild), otherwise from the copies packaged with this module.
 */
public final class BenchSchemas {
  /** The schemas every run includes, by file name without {@code .avsc}. */
  public static final List<String> NAMES =
      List.of("organization", "user80", "unionHeavy", "ksql-metrics", "ksql-impressions");

  /** Overrides where the schemas are read from. */
  public static final String DIR_PROPERTY = "kavro.bench.schemas.dir";

  private BenchSchemas() {}

  /**
   * Parses one schema.
   *
   * @throws IllegalArgumentException if no schema of that name exists in either place
   */
  public static Schema load(String name) {
    return new Schema.Parser().parse(text(name));
  }

  static String text(String name) {
    Path shared = sharedDir();
    if (shared != null) {
      Path file = shared.resolve(name + ".avsc");
      if (Files.isRegularFile(file)) {
        try {
          return Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
          throw new UncheckedIOException("Cannot read " + file, e);
        }
      }
    }
    try (InputStream in = BenchSchemas.class.getResourceAsStream("/bench-schemas/" + name + ".avsc")) {
      if (in == null) {
        throw new IllegalArgumentException("No bench schema named " + name + " (known: " + NAMES + ")");
      }
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException("Cannot read the packaged schema " + name, e);
    }
  }

  /** {@code <repo root>/../shared/bench-schemas}, the repo root being the nearest directory up holding mvnw. */
  static Path sharedDir() {
    String override = System.getProperty(DIR_PROPERTY);
    if (override != null) {
      return Path.of(override);
    }
    for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
      if (Files.isRegularFile(dir.resolve("mvnw")) && dir.getParent() != null) {
        Path shared = dir.getParent().resolve("shared").resolve("bench-schemas");
        return Files.isDirectory(shared) ? shared : null;
      }
    }
    return null;
  }
}
