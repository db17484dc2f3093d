package dev.kavro.bench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** The JVM and CPU that produced a result, for the header of every committed table. */
public final class MachineInfo {
  private MachineInfo() {}

  public static String jvm() {
    return System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version") + " ("
        + System.getProperty("java.vm.vendor") + ")";
  }

  public static String cpu() {
    String model = "unknown CPU";
    try {
      List<String> lines = Files.readAllLines(Path.of("/proc/cpuinfo"));
      model = lines.stream()
          .filter(l -> l.startsWith("model name"))
          .map(l -> l.substring(l.indexOf(':') + 1).trim())
          .findFirst()
          .orElse(model);
    } catch (IOException | RuntimeException e) {
      // Not Linux: the model stays unknown; the core count still comes from the JVM.
    }
    return model + ", " + Runtime.getRuntime().availableProcessors() + " cores available";
  }

  public static String os() {
    return System.getProperty("os.name") + " " + System.getProperty("os.version") + " " + System.getProperty("os.arch");
  }
}
