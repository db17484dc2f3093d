package dev.kavro.bench.ab;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.ManagementFactory;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * A/B of the encode engines ({@code EncodeEngines}) of one or more bench jars in one JVM, so that every engine sees the
 * same machine at the same moments. Every (jar, engine) pair gets a class loader of its own, so that no JIT
 * profile is shared (Avro's writer sees one encoder type, as in JMH's separate forks). The pairs run in rotating
 * turns of about {@value #TURN_NANOS} ns of this thread's CPU time; per pair it prints the medians over the turns of
 * records per second of this thread's CPU, records per second of the whole process's CPU (which counts GC and JIT
 * threads, as JMH's throughput does on few cores) and the bytes this thread allocated per record, then each engine's
 * ratio to the first engine of the same jar.
 *
 * <p>Usage: {@code java -jar kavro-bench.jar ab-encode turns jar[,jar...] engine[,engine...] case...}; an engine a
 * jar does not have is skipped.
 */
public final class EncodeJarAb {
  private static final long TURN_NANOS = 300_000_000L;
  private static final long WARMUP_NANOS = 3_000_000_000L;
  private static final com.sun.management.ThreadMXBean THREADS =
      (com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean();
  private static final com.sun.management.OperatingSystemMXBean OS =
      (com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean();
  private EncodeJarAb() {}

  public static void main(String[] args) throws Throwable {
    if (args.length < 4) {
      System.err.println("usage: ab-encode turns jar[,jar...] engine[,engine...] case...");
      System.exit(2);
    }
    int turns = Integer.parseInt(args[0]);
    String[] jars = args[1].split(",");
    String[] engineNames = args[2].split(",");
    for (String name : Arrays.asList(args).subList(3, args.length)) {
      List<Engine> engines = new ArrayList<>();
      for (int j = 0; j < jars.length; j++) {
        for (String engine : engineNames) {
          Engine e = Engine.load(Path.of(jars[j]), j, name, engine);
          if (e != null) {
            engines.add(e);
          }
        }
      }
      for (Engine e : engines) {
        e.turn(WARMUP_NANOS);
      }
      for (int t = 0; t < turns; t++) {
        for (int k = 0; k < engines.size(); k++) {
          engines.get((k + t) % engines.size()).turn(TURN_NANOS); // rotate which engine runs first
        }
      }
      System.out.printf("%n%-14s %-4s %-20s %14s %14s %12s %9s %9s%n", "case", "jar", "engine", "rec/thread-cpu-s",
          "rec/proc-cpu-s", "bytes/rec", "thread x", "proc x");
      for (Engine e : engines) {
        Engine base = engines.stream().filter(o -> o.jar == e.jar).findFirst().orElseThrow();
        System.out.printf("%-14s %-4s %-20s %,14.0f %,14.0f %,12.0f %8.2fx %8.2fx%n", name, (char) ('A' + e.jar),
            e.engine, median(e.threadRates), median(e.processRates), median(e.bytesPerRecord),
            median(e.threadRates) / median(base.threadRates), median(e.processRates) / median(base.processRates));
      }
    }
    if (CpuTurn.sinkIsMagic()) {
      System.out.println();
    }
  }

  private static double median(List<Double> values) {
    return CpuTurn.median(values.stream().mapToDouble(Double::doubleValue).toArray());
  }

  /** One jar's engine on one case, in a class loader of its own. */
  private static final class Engine {
    private final int jar;
    private final String engine;
    private final MethodHandle handle;
    private final int records;
    private final List<Double> threadRates = new ArrayList<>();
    private final List<Double> processRates = new ArrayList<>();
    private final List<Double> bytesPerRecord = new ArrayList<>();

    private Engine(int jar, String engine, MethodHandle handle, int records) {
      this.jar = jar;
      this.engine = engine;
      this.handle = handle;
      this.records = records;
    }

    /** The engine, or null if the jar's {@code EncodeEngines} has no such method. */
    static Engine load(Path jar, int index, String name, String engine) throws Throwable {
      URLClassLoader loader = new URLClassLoader(new URL[] {jar.toUri().toURL()},
          ClassLoader.getPlatformClassLoader());
      Class<?> benchCase = loader.loadClass("dev.kavro.bench.data.BenchCase");
      Class<?> engines = loader.loadClass("dev.kavro.bench.EncodeEngines");
      java.lang.reflect.Method method = Arrays.stream(engines.getMethods())
          .filter(m -> m.getName().equals(engine) && m.getParameterCount() == 1).findFirst().orElse(null);
      if (method == null) {
        return null;
      }
      Object loaded = benchCase.getMethod("load", String.class).invoke(null, name);
      Object instance = engines.getConstructor(benchCase).newInstance(loaded);
      MethodHandle handle = MethodHandles.publicLookup().unreflect(method).bindTo(instance)
          .asType(MethodType.methodType(Object.class, int.class));
      return new Engine(index, engine, handle, benchCase.getField("RECORDS").getInt(null));
    }

    /** Runs for about {@code cpuNanos} of this thread's CPU time and records the turn's rates. */
    void turn(long cpuNanos) throws Throwable {
      long threadId = Thread.currentThread().getId();
      long processStart = OS.getProcessCpuTime();
      long allocatedStart = THREADS.getThreadAllocatedBytes(threadId);
      CpuTurn turn = CpuTurn.run(handle, records, cpuNanos);
      long processElapsed = OS.getProcessCpuTime() - processStart;
      threadRates.add(turn.recordsPerCpuSecond());
      processRates.add(turn.records * 1e9 / processElapsed);
      bytesPerRecord.add((THREADS.getThreadAllocatedBytes(threadId) - allocatedStart) / (double) turn.records);
    }
  }
}
