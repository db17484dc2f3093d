package dev.kavro.avro;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What the Kavro readers under test are expected to implement.
 *
 * <p>Until the compiled readers land, {@link KavroDatumReader} (and likewise the writer) is a placeholder that delegates to vanilla Avro: it
 * never compiles and has no case fallback. The differential suite then checks the placeholder against plain vanilla
 * resolution, and the case-fallback-only tests are skipped with a reason. The switch is the placeholder's own
 * javadoc, read from source: it flips to the strict expectations the moment that line is gone, and a missing source
 * file means strict too, so no implementation can be mistaken for the placeholder by accident.
 */
final class KavroImplementation {
  private static final String PLACEHOLDER_MARK = "Placeholder: delegates to vanilla Avro";
  private static final boolean PLACEHOLDER = isPlaceholder("KavroDatumReader");
  private static final boolean PLACEHOLDER_WRITER = isPlaceholder("KavroDatumWriter");

  private KavroImplementation() {}

  /** Whether the readers implement the upper-case field fallback (false only for the vanilla placeholder). */
  static boolean implementsCaseFallback() {
    return !PLACEHOLDER;
  }

  /** Why case-fallback tests are skipped, for JUnit's assumption messages. */
  static String placeholderReason() {
    return "KavroDatumReader is still the vanilla placeholder (its javadoc says '" + PLACEHOLDER_MARK + "')";
  }

  /** After at least one read: COMPILED readers run compiled code, FALLBACK readers never do. */
  static void assertCompiledState(KavroDatumReader<?> reader, CompileMode mode) {
    if (PLACEHOLDER) {
      assertFalse(reader.isCompiled(), "the placeholder never compiles");
    } else if (mode == CompileMode.COMPILED) {
      assertTrue(reader.isCompiled(), "a COMPILED reader must run compiled code after its first read");
    } else if (mode == CompileMode.FALLBACK) {
      assertFalse(reader.isCompiled(), "a FALLBACK reader must never compile");
    }
  }

  /** The same for writers. */
  static void assertCompiledState(KavroDatumWriter<?> writer, CompileMode mode) {
    if (PLACEHOLDER_WRITER) {
      assertFalse(writer.isCompiled(), "the placeholder never compiles");
    } else if (mode == CompileMode.COMPILED) {
      assertTrue(writer.isCompiled(), "a COMPILED writer must run compiled code after its first write");
    } else if (mode == CompileMode.FALLBACK) {
      assertFalse(writer.isCompiled(), "a FALLBACK writer must never compile");
    }
  }

  private static boolean isPlaceholder(String className) {
    Path source = Path.of("src/main/java/dev/kavro/avro/" + className + ".java");
    if (!Files.isRegularFile(source)) {
      return false;
    }
    try {
      return Files.readString(source, StandardCharsets.UTF_8).contains(PLACEHOLDER_MARK);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
