package dev.kavro.cache;

import dev.kavro.codegen.ClassCompiler;
import dev.kavro.codegen.GeneratedSource;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.LongAdder;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a cache needs to compile in the background: a small bounded executor of daemon threads, the compiler, the
 * limits, and the counters that JMX reports. One per cache. Thread-safe.
 */
final class CompileService {
  private static final Logger LOG = LoggerFactory.getLogger(CompileService.class);
  private static final int QUEUE = 1024;

  final LongAdder compiles = new LongAdder();
  final LongAdder compileFailures = new LongAdder();
  final LongAdder compileNanos = new LongAdder();

  private final ThreadPoolExecutor executor;
  private final ClassCompiler compiler;
  private final CodegenLimits limits;
  private final AtomicBoolean warnedQueueFull = new AtomicBoolean();

  CompileService(String threadName, int threads, ClassCompiler compiler, CodegenLimits limits) {
    this.executor = new ThreadPoolExecutor(threads, threads, 60, TimeUnit.SECONDS, new LinkedBlockingQueue<>(QUEUE),
        daemonThreads(threadName));
    this.executor.allowCoreThreadTimeOut(true);
    this.compiler = compiler;
    this.limits = limits;
  }

  /**
   * Runs {@code task} on a compile thread.
   *
   * @return false when the queue is full; the caller stays on its fallback and may ask again later
   */
  boolean submit(Runnable task, Object key) {
    try {
      executor.execute(task);
      return true;
    } catch (RejectedExecutionException e) {
      // Warn once per service, so that a burst of new schemas cannot flood the log.
      if (warnedQueueFull.compareAndSet(false, true)) {
        LOG.warn("Kavro's compile queue is full ({} waiting); new readers and writers stay on the fallback until "
            + "it drains, and are compiled when next requested", QUEUE);
      }
      LOG.debug("Compile queue full; {} stays on the fallback for now", key);
      return false;
    }
  }

  /** Compiles {@code source} and instantiates the class with its constants. */
  Object instantiate(GeneratedSource source) throws Exception {
    Class<?> type = compiler.compile(source);
    return type.getConstructor(Object[].class).newInstance((Object) source.constants());
  }

  CodegenLimits limits() {
    return limits;
  }

  void resize(int threads) {
    if (threads > executor.getMaximumPoolSize()) {
      executor.setMaximumPoolSize(threads);
      executor.setCorePoolSize(threads);
    } else {
      executor.setCorePoolSize(threads);
      executor.setMaximumPoolSize(threads);
    }
  }

  int threads() {
    return executor.getMaximumPoolSize();
  }

  long compileMillis() {
    return TimeUnit.NANOSECONDS.toMillis(compileNanos.sum());
  }

  private static ThreadFactory daemonThreads(String name) {
    AtomicInteger count = new AtomicInteger();
    return runnable -> {
      Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
