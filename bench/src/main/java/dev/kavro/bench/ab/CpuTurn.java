package dev.kavro.bench.ab;

import java.lang.invoke.MethodHandle;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Arrays;

/**
 * One turn of the one-JVM A/B harnesses ({@link ConnectJarAb}, {@link DecodeJarAb}, {@link EncodeJarAb}): an engine
 * called over every record index, again and again, until a span of this thread's CPU time has passed. Thread CPU time
 * rather than wall time, because the harnesses exist for machines where other processes take the cores.
 */
final class CpuTurn {
  static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();
  /** Consumes every result, so that no engine call is dead code. */
  private static int sink;

  /** Records the turn ran. */
  final long records;
  /** This thread's CPU time the turn took, ns. */
  final long cpuNanos;

  private CpuTurn(long records, long cpuNanos) {
    this.records = records;
    this.cpuNanos = cpuNanos;
  }

  /**
   * Calls {@code engine} ({@code (int) -> Object}) for indexes {@code 0 .. records - 1}, repeatedly, until at least
   * {@code minCpuNanos} of this thread's CPU time have passed.
   */
  static CpuTurn run(MethodHandle engine, int records, long minCpuNanos) throws Throwable {
    long start = THREADS.getCurrentThreadCpuTime();
    long done = 0;
    long elapsed;
    do {
      for (int i = 0; i < records; i++) {
        Object result = (Object) engine.invokeExact(i);
        sink += result == null ? 0 : 1;
      }
      done += records;
      elapsed = THREADS.getCurrentThreadCpuTime() - start;
    } while (elapsed < minCpuNanos);
    return new CpuTurn(done, elapsed);
  }

  double recordsPerCpuSecond() {
    return records * 1e9 / cpuNanos;
  }

  /** The upper median of the turns' rates (the middle one for an odd count). */
  static double median(double[] rates) {
    double[] sorted = rates.clone();
    Arrays.sort(sorted);
    return sorted[sorted.length / 2];
  }

  /** Never true; read once at the end of a run, so the JIT cannot prove {@link #sink} unused. */
  static boolean sinkIsMagic() {
    return sink == 42;
  }
}
