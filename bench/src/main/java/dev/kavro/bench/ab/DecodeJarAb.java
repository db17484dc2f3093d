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
 * A/B of decode engines ({@code DecodeEngines}' methods: {@code kavro}, {@code kavroFallback}, {@code binaryKavro},
 * {@code binaryKavroFallback}, {@code fast}, {@code classic}, {@code hand}, {@code binaryHand}) of one or more bench
 * jars in one JVM: each jar has its own class loader, the engines run in rotating turns of {@value #TURN_NANOS} ns of
 * this thread's CPU time, and the median of the turns is reported as records per CPU-second, with each engine's ratio
 * to the first. Not JMH: on a quiet machine, run the ratio runner.
 *
 * <p>Usage: {@code java -jar kavro-bench.jar ab-decode case turns jar=engine...}, for example
 * {@code wide 9 a.jar=kavro a.jar=kavroFallback b.jar=kavro}.
 */
public final class DecodeJarAb {
  private static final long TURN_NANOS = 300_000_000L;
  private static final long WARMUP_NANOS = 4_000_000_000L;
  private DecodeJarAb() {}

  public static void main(String[] args) throws Throwable {
    if (args.length < 3) {
      System.err.println("usage: ab-decode case turns jar=engine...");
      System.exit(2);
    }
    String name = args[0];
    int turns = Integer.parseInt(args[1]);
    Map<String, Object[]> cases = new HashMap<>();
    List<Engine> engines = new ArrayList<>();
    for (String spec : Arrays.asList(args).subList(2, args.length)) {
      int eq = spec.lastIndexOf('=');
      Object[] jar = cases.computeIfAbsent(spec.substring(0, eq), DecodeJarAb::load);
      engines.add(new Engine(name, spec, jar, spec.substring(eq + 1)));
    }
    for (Engine e : engines) {
      e.run(WARMUP_NANOS);
    }
    int n = engines.size();
    double[][] rates = new double[n][turns];
    for (int t = 0; t < turns; t++) {
      for (int j = 0; j < n; j++) {
        int k = (j + t) % n; // rotate which engine runs first
        rates[k][t] = engines.get(k).run(TURN_NANOS);
      }
    }
    double first = CpuTurn.median(rates[0]);
    System.out.printf("%s: %-60s %12s %8s  %s%n", name, "engine", "rec/cpu-s", "vs 1st", "turns (k rec/cpu-s)");
    for (int k = 0; k < n; k++) {
      double m = CpuTurn.median(rates[k]);
      StringBuilder all = new StringBuilder();
      for (double r : rates[k]) {
        all.append(String.format(" %.0f", r / 1000));
      }
      System.out.printf("%s: %-60s %,12.0f %7.2fx %s%n", name, engines.get(k).label, m, m / first, all);
    }
    if (CpuTurn.sinkIsMagic()) {
      System.out.println();
    }
  }

  private static Object[] load(String jar) {
    try {
      URLClassLoader loader = new URLClassLoader(new URL[] {Path.of(jar).toUri().toURL()},
          ClassLoader.getPlatformClassLoader());
      return new Object[] {loader};
    } catch (Exception e) {
      throw new IllegalStateException(e);
    }
  }

  /** One engine of one jar's {@code DecodeEngines} on one case. */
  private static final class Engine {
    private final String label;
    private final MethodHandle read;
    private final int records;

    Engine(String name, String label, Object[] jar, String engine) throws Throwable {
      this.label = label;
      ClassLoader loader = (ClassLoader) jar[0];
      Class<?> benchCase = loader.loadClass("dev.kavro.bench.data.BenchCase");
      Class<?> engines = loader.loadClass("dev.kavro.bench.DecodeEngines");
      // One DecodeEngines per engine, as JMH's state is per benchmark.
      Object loaded = benchCase.getMethod("load", String.class).invoke(null, name);
      Object instance = engines.getConstructor(benchCase).newInstance(loaded);
      records = benchCase.getField("RECORDS").getInt(null);
      read = MethodHandles.publicLookup().findVirtual(engines, engine, MethodType.methodType(Object.class, int.class))
          .bindTo(instance);
    }

    /** Runs for about {@code cpuNanos} of this thread's CPU time; answers records per CPU-second. */
    double run(long cpuNanos) throws Throwable {
      return CpuTurn.run(read, records, cpuNanos).recordsPerCpuSecond();
    }
  }
}
