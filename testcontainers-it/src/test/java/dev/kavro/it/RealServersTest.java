package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;

class RealServersTest {
  @TempDir Path home;

  @Test
  void dockerHostVariableCountsAsADockerEndpoint() {
    assertTrue(RealServers.dockerEndpointConfigured(Map.of("DOCKER_HOST", "tcp://127.0.0.1:2375"), home));
  }

  @Test
  void testcontainersPropertiesCountAsADockerEndpoint() throws IOException {
    Files.writeString(home.resolve(".testcontainers.properties"), "docker.host=unix:///run/user/1000/docker.sock\n");

    assertTrue(RealServers.dockerEndpointConfigured(Map.of(), home));
  }

  @Test
  void rootlessDockerSocketCountsAsADockerEndpoint() throws IOException {
    Path runtimeDir = Files.createDirectories(home.resolve("run"));
    Files.createFile(runtimeDir.resolve("docker.sock"));

    assertTrue(RealServers.dockerEndpointConfigured(Map.of("XDG_RUNTIME_DIR", runtimeDir.toString()), home));
  }

  @Test
  @DisabledOnOs(OS.WINDOWS) // named pipes are assumed there
  void withoutSocketOrVariableTestcontainersIsNotAsked() {
    // The system-wide socket is outside the temp dir, so this holds only where it is absent, as on this build host.
    org.junit.jupiter.api.Assumptions.assumeFalse(Files.exists(Path.of("/var/run/docker.sock")),
        "this machine has /var/run/docker.sock");

    assertEquals(false, RealServers.dockerEndpointConfigured(Map.of(), home));
  }

  @Test
  void unknownModeIsAClearError() {
    System.setProperty(RealServers.MODE_PROPERTY, "podman");
    try {
      IllegalArgumentException e = assertThrows(IllegalArgumentException.class, RealServers::requestedMode);
      assertTrue(e.getMessage().contains("auto, docker or embedded"), e::getMessage);
    } finally {
      System.clearProperty(RealServers.MODE_PROPERTY);
    }
  }
}
