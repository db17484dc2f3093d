package dev.kavro.flink;

import java.net.URL;
import java.net.URLClassLoader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Metric;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.SimpleCounter;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.util.UserCodeClassLoader;

/**
 * What a task hands a schema's {@code open}, for tests outside a cluster: a job class loader of its own whose release
 * hooks run on {@link Job#release()}, and a metric group that records what is registered under its dotted name.
 */
public final class TaskContext
    implements DeserializationSchema.InitializationContext, SerializationSchema.InitializationContext {
  private final Job job;
  private final Map<String, Metric> metrics = new ConcurrentHashMap<>();

  public TaskContext(Job job) {
    this.job = job;
  }

  public TaskContext() {
    this(new Job());
  }

  @Override
  public MetricGroup getMetricGroup() {
    return new Group("", metrics);
  }

  @Override
  public UserCodeClassLoader getUserCodeClassLoader() {
    return job;
  }

  public Job job() {
    return job;
  }

  /** The metric registered as {@code name} (such as {@code kavro.recordsSkipped}), or null. */
  public Metric metric(String name) {
    return metrics.get(name);
  }

  public long count(String name) {
    Metric metric = metrics.get(name);
    if (metric instanceof Counter counter) {
      return counter.getCount();
    }
    return ((Number) ((Gauge<?>) metric).getValue()).longValue();
  }

  /** A job's user-code class loader, with Flink's release hooks. */
  public static final class Job implements UserCodeClassLoader {
    private final ClassLoader loader = new URLClassLoader(new URL[0], Job.class.getClassLoader());
    private final Map<String, Runnable> hooks = new LinkedHashMap<>();

    @Override
    public ClassLoader asClassLoader() {
      return loader;
    }

    @Override
    public synchronized void registerReleaseHookIfAbsent(String name, Runnable hook) {
      hooks.putIfAbsent(name, hook);
    }

    /** Runs the release hooks, as Flink does when the job's last task on a task manager is gone. */
    public void release() {
      List<Runnable> run;
      synchronized (this) {
        run = new ArrayList<>(hooks.values());
        hooks.clear();
      }
      run.forEach(Runnable::run);
    }

    public synchronized int hooks() {
      return hooks.size();
    }
  }

  private static final class Group extends UnregisteredMetricsGroup {
    private final String prefix;
    private final Map<String, Metric> metrics;

    Group(String prefix, Map<String, Metric> metrics) {
      this.prefix = prefix;
      this.metrics = metrics;
    }

    @Override
    public MetricGroup addGroup(String name) {
      return new Group(prefix + name + ".", metrics);
    }

    @Override
    public Counter counter(String name) {
      return counter(name, new SimpleCounter());
    }

    @Override
    public <C extends Counter> C counter(String name, C counter) {
      metrics.put(prefix + name, counter);
      return counter;
    }

    @Override
    public <T, G extends Gauge<T>> G gauge(String name, G gauge) {
      metrics.put(prefix + name, gauge);
      return gauge;
    }
  }
}
