package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.opentest4j.TestAbortedException;

class Java21DiscoveryTest {
  @TempDir Path jvmDir;

  @Test
  void parsesFeatureVersionsOfBothVersionSchemes() {
    assertAll(
        () -> assertEquals(OptionalInt.of(21), Java21Discovery.parseFeature("21.0.3")),
        () -> assertEquals(OptionalInt.of(25), Java21Discovery.parseFeature("25")),
        () -> assertEquals(OptionalInt.of(17), Java21Discovery.parseFeature("17.0.15")),
        () -> assertEquals(OptionalInt.of(22), Java21Discovery.parseFeature("22-ea")),
        () -> assertEquals(OptionalInt.of(8), Java21Discovery.parseFeature("1.8.0_402")),
        () -> assertEquals(OptionalInt.empty(), Java21Discovery.parseFeature("unknown")));
  }

  @Test
  void readsTheVersionFromTheReleaseFile() throws IOException {
    Path jdk = jdk("temurin-25", "IMPLEMENTOR=\"Eclipse Adoptium\"\nJAVA_VERSION=\"25.0.3\"\nOS_NAME=\"Linux\"\n");

    assertEquals(OptionalInt.of(25), Java21Discovery.featureVersion(jdk));
    assertEquals(OptionalInt.empty(), Java21Discovery.featureVersion(jvmDir.resolve("missing")));
  }

  @Test
  void primaryVariableWinsOverEverythingElse() throws IOException {
    Path current = jdk("java-17", release("17.0.15"));
    Path fromEnv = jdk("custom-21", release("21.0.3"));
    jdk("temurin-25", release("25.0.3"));

    Java21Discovery.Result result = Java21Discovery.discover(
        Map.of("KAVRO_JAVA21_HOME", fromEnv.toString(), "JAVA21_HOME", "/elsewhere"), current, 17);

    assertEquals(Optional.of(fromEnv), result.javaHome());
  }

  @Test
  void secondaryVariableIsUsedWhenThePrimaryIsNotSet() throws IOException {
    Path current = jdk("java-17", release("17.0.15"));
    Path fromEnv = jdk("custom-22", release("22.0.1"));

    Java21Discovery.Result result = Java21Discovery.discover(Map.of("JAVA21_HOME", fromEnv.toString()), current, 17);

    assertEquals(Optional.of(fromEnv), result.javaHome());
  }

  @Test
  void currentJvmIsUsedWhenItIsRecentEnough() throws IOException {
    Path current = jdk("temurin-21", release("21.0.3"));
    jdk("temurin-25", release("25.0.3"));

    assertEquals(Optional.of(current), Java21Discovery.discover(Map.of(), current, 21).javaHome());
  }

  @Test
  void brokenVariableDoesNotHideASiblingJdk() throws IOException {
    Path current = jdk("java-17", release("17.0.15"));
    Path temurin = jdk("temurin-25", release("25.0.3"));

    Java21Discovery.Result result =
        Java21Discovery.discover(Map.of("KAVRO_JAVA21_HOME", "/nonexistent"), current, 17);

    assertEquals(Optional.of(temurin), result.javaHome());
    assertTrue(result.rejected().contains("KAVRO_JAVA21_HOME=/nonexistent: not a directory"),
        result.rejected()::toString);
  }

  @Test
  void newestSiblingWins() throws IOException {
    Path current = jdk("java-17", release("17.0.15"));
    jdk("temurin-21", release("21.0.3"));
    Path newest = jdk("temurin-25", release("25.0.3"));
    jdk("zulu-11", release("11.0.22"));

    assertEquals(Optional.of(newest), Java21Discovery.discover(Map.of(), current, 17).javaHome());
  }

  @Test
  void siblingWithoutAnExecutableJavaIsRejected() throws IOException {
    Path current = jdk("java-17", release("17.0.15"));
    Path jreLess = jvmDir.resolve("half-installed-21");
    Files.createDirectories(jreLess);
    Files.writeString(jreLess.resolve("release"), release("21.0.3"));

    Java21Discovery.Result result = Java21Discovery.discover(Map.of(), current, 17);

    assertEquals(Optional.empty(), result.javaHome());
    assertTrue(result.rejected().contains(jreLess + ": no executable bin/java"), result.rejected()::toString);
  }

  @Test
  void withNoJava21TheTestsAreSkippedWithAMessageThatSaysWhatToSet() throws IOException {
    Path current = jdk("java-17", release("17.0.15"));
    jdk("zulu-11", release("11.0.22"));
    Files.createDirectories(jvmDir.resolve("not-a-jdk"));

    Java21Discovery.Result result =
        Java21Discovery.discover(Map.of("JAVA21_HOME", current.toString()), current, 17);
    TestAbortedException skipped = assertThrows(TestAbortedException.class, result::requireOrAbort);

    assertAll(
        () -> assertTrue(skipped.getMessage().startsWith("No Java 21+ JDK found: set KAVRO_JAVA21_HOME"),
            skipped::getMessage),
        () -> assertTrue(skipped.getMessage().contains("JAVA21_HOME=" + current + ": Java 17"), skipped::getMessage),
        () -> assertTrue(skipped.getMessage().contains(jvmDir.resolve("zulu-11") + ": Java 11"), skipped::getMessage),
        () -> assertTrue(skipped.getMessage().contains(jvmDir.resolve("not-a-jdk") + ": no JAVA_VERSION"),
            skipped::getMessage));
  }

  private Path jdk(String name, String releaseFile) throws IOException {
    Path home = jvmDir.resolve(name);
    Path java = home.resolve("bin").resolve("java");
    Files.createDirectories(java.getParent());
    Files.writeString(java, "#!/bin/sh\n");
    assertTrue(java.toFile().setExecutable(true), "test JDK's bin/java must be executable");
    Files.writeString(home.resolve("release"), releaseFile);
    return home;
  }

  private static String release(String javaVersion) {
    return "JAVA_VERSION=\"" + javaVersion + "\"\n";
  }
}
