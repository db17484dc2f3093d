package dev.kavro.bench.ab;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A/B of the converter's own paths in two bench jars (say, before a change and after it) in one JVM: each jar is
 * loaded by its own class loader, the paths run in alternating turns of {@value #TURN_NANOS} ns of this thread's CPU
 * time, and the median of the turns is reported as records per CPU-second with the B/A ratio. Both jars see the same
 * machine at the same moments, which two JMH runs one after the other do not; on a quiet machine the JMH
 * {@code ConnectBenchmark} of each jar is the reference.
 *
 * <p>Usage: {@code java -jar kavro-bench.jar ab-connect A.jar B.jar [turns] [case...]}
 *
 * <p>One JVM's ratio is fixed by that JVM's JIT state and heap layout, and more turns do not average it out.
 * {@code --jvms N} runs the same comparison in N fresh JVMs, the jars' order swapped in every second one, and prints
 * each cell's B/A per JVM and their geometric mean: {@code ab-connect --jvms 6 A.jar B.jar [turns] [case...]}.
 * {@code --generic} (anywhere) adds the GenericRecord paths, whose B/A divides Kavro's to give the change of the
 * converter's Kavro / GenericRecord ratio.
 */
public final class ConnectJarAb {
  private static final long TURN_NANOS = 300_000_000L;
  private static final long WARMUP_NANOS = 3_000_000_000L;
  private static final List<String> KAVRO_PATHS = List.of("toConnectKavro", "fromConnectKavro");
  /** With {@code --generic}: also the GenericRecord paths, so that a change of Kavro / GenericRecord shows. */
  private static final List<String> ALL_PATHS = List.of("toConnectKavro", "fromConnectKavro", "toConnectGeneric",
      "fromConnectGeneric");
  private ConnectJarAb() {}

  public static void main(String[] args) throws Throwable {
    List<String> options = new ArrayList<>(Arrays.asList(args));
    boolean generic = options.remove("--generic");
    args = options.toArray(new String[0]);
    if (args.length > 1 && args[0].equals("--jvms")) {
      ConnectJarAbJvms.run(Integer.parseInt(args[1]), Arrays.asList(args).subList(2, args.length), generic);
      return;
    }
    if (args.length < 2) {
      System.err.println("usage: ab-connect [--jvms N] [--generic] A.jar B.jar [turns] [case...]");
      System.exit(2);
    }
    int turns = args.length > 2 ? Integer.parseInt(args[2]) : 7;
    List<String> cases = args.length > 3 ? Arrays.asList(args).subList(3, args.length)
        : List.of("organization", "ksql-metrics", "user80");
    Engine[] engines = {null, null};
    System.out.printf("%-14s %-17s %12s %12s %8s%n", "case", "path", "A rec/cpu-s", "B rec/cpu-s", "B/A");
    for (String name : cases) {
      engines[0] = new Engine(Path.of(args[0]), name);
      engines[1] = new Engine(Path.of(args[1]), name);
      for (String path : generic ? ALL_PATHS : KAVRO_PATHS) {
        for (Engine e : engines) {
          e.run(path, WARMUP_NANOS);
        }
        double[][] rates = new double[2][turns];
        for (int t = 0; t < turns; t++) {
          for (int j = 0; j < 2; j++) {
            int first = t % 2; // alternate which jar runs first
            int k = j == 0 ? first : 1 - first;
            rates[k][t] = engines[k].run(path, TURN_NANOS);
          }
        }
        double a = CpuTurn.median(rates[0]);
        double b = CpuTurn.median(rates[1]);
        System.out.printf("%-14s %-17s %,12.0f %,12.0f %7.2fx%n", name, path, a, b, b / a);
      }
    }
    if (CpuTurn.sinkIsMagic()) {
      System.out.println();
    }
  }

  /** One jar's {@code ConnectEngines} on one case. */
  private static final class Engine {
    private final Map<String, MethodHandle> paths = new HashMap<>();
    private final int records;

    Engine(Path jar, String name) throws Throwable {
      URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
          ClassLoader.getPlatformClassLoader());
      Class<?> benchCase = loader.loadClass("dev.kavro.bench.data.BenchCase");
      Class<?> engines = loader.loadClass("dev.kavro.bench.ConnectEngines");
      Object loaded = benchCase.getMethod("load", String.class).invoke(null, name);
      Object instance = engines.getConstructor(benchCase).newInstance(loaded);
      records = benchCase.getField("RECORDS").getInt(null);
      MethodHandles.Lookup lookup = MethodHandles.publicLookup();
      MethodType intToObject = MethodType.methodType(Object.class, int.class);
      Class<?> schemaAndValue = loader.loadClass("org.apache.kafka.connect.data.SchemaAndValue");
      for (String path : ALL_PATHS) {
        Class<?> result = path.startsWith("to") ? schemaAndValue : byte[].class;
        paths.put(path, lookup.findVirtual(engines, path, MethodType.methodType(result, int.class))
            .bindTo(instance).asType(intToObject));
      }
    }

    /** Runs one path for about {@code cpuNanos} of this thread's CPU time; answers records per CPU-second. */
    double run(String path, long cpuNanos) throws Throwable {
      return CpuTurn.run(paths.get(path), records, cpuNanos).recordsPerCpuSecond();
    }
  }
}
