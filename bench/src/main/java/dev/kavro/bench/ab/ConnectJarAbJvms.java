package dev.kavro.bench.ab;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * {@link ConnectJarAb} repeated in fresh JVMs: the JIT state of each jar's code is fixed once per JVM and moves a
 * cell's ratio, so a comparison needs several JVMs, not more turns. Every second JVM gets the jars in the
 * other order (its ratios are inverted back to B/A). Prints each cell's ratio per JVM and their geometric mean.
 */
final class ConnectJarAbJvms {
  private ConnectJarAbJvms() {}

  /**
   * @param args {@code A.jar B.jar [turns] [case...]}, as {@link ConnectJarAb} takes them
   * @param generic whether the JVMs also run the GenericRecord paths ({@code --generic})
   */
  static void run(int jvms, List<String> args, boolean generic) throws IOException, InterruptedException {
    if (jvms < 1 || args.size() < 2) {
      throw new IllegalArgumentException("usage: ab-connect --jvms N [--generic] A.jar B.jar [turns] [case...]");
    }
    Map<String, List<Double>> ratios = new LinkedHashMap<>();
    for (int j = 0; j < jvms; j++) {
      boolean swapped = j % 2 == 1;
      List<String> command = new ArrayList<>(List.of(javaBinary(), "-Xms1g", "-Xmx1g", "-cp",
          System.getProperty("java.class.path"), ConnectJarAb.class.getName()));
      command.add(args.get(swapped ? 1 : 0));
      command.add(args.get(swapped ? 0 : 1));
      command.addAll(args.subList(2, args.size()));
      if (generic) {
        command.add("--generic");
      }
      Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
      try (BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(),
          StandardCharsets.UTF_8))) {
        for (String line = out.readLine(); line != null; line = out.readLine()) {
          String[] cols = line.trim().split("\\s+");
          if (cols.length == 5 && cols[4].endsWith("x") && !cols[0].equals("case")) {
            double ratio = Double.parseDouble(cols[4].substring(0, cols[4].length() - 1));
            ratios.computeIfAbsent(cols[0] + " " + cols[1], k -> new ArrayList<>()).add(swapped ? 1 / ratio : ratio);
          }
        }
      }
      if (process.waitFor() != 0) {
        throw new IllegalStateException("JVM " + (j + 1) + " failed: " + command);
      }
      System.out.printf("JVM %d of %d done (%s)%n", j + 1, jvms, swapped ? "B first" : "A first");
    }
    System.out.println("B/A per JVM (B first in every second one, inverted), and the geometric mean");
    for (Map.Entry<String, List<Double>> cell : ratios.entrySet()) {
      StringBuilder row = new StringBuilder(String.format("%-32s", cell.getKey()));
      double logSum = 0;
      for (double r : cell.getValue()) {
        row.append(String.format(" %5.2fx", r));
        logSum += Math.log(r);
      }
      row.append(String.format("   geomean %5.2fx", Math.exp(logSum / cell.getValue().size())));
      System.out.println(row);
    }
  }

  private static String javaBinary() {
    return System.getProperty("java.home") + "/bin/java";
  }
}
