package dev.kavro.flink.runtime;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.flink.util.UserCodeClassLoader;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * One registry client per task manager, job and configuration: every subtask of a job on this task manager whose
 * format has the same registry configuration shares it, so a schema id is fetched once however many subtasks read it,
 * and ids fetched before a task restarted keep working while the registry is down.
 *
 * <p>A client belongs to a job's user-code class loader: it is closed, and forgotten, when Flink releases that class
 * loader (the job's last task on this task manager is gone), through the loader's release hook. Flink's schemas have
 * no {@code close()}, so this is the one moment a client can be known to be unused; no client outlives its job, and
 * two jobs never share one. A {@code mock://} registry is the JVM's shared in-memory one and is never closed.
 *
 * <p>Thread-safe. Internal API.
 */
public final class SharedRegistries {
  private static final Logger LOG = LoggerFactory.getLogger(SharedRegistries.class);
  private static final String HOOK_PREFIX = "dev.kavro.flink.registry-";
  private static final Map<Key, Shared> CLIENTS = new HashMap<>();
  /** Release hooks are registered by name, once per name: each client gets a name of its own. */
  private static final AtomicLong HOOKS = new AtomicLong();

  private SharedRegistries() {}

  /**
   * The client for {@code configs} in the job of {@code loader}, created on first use.
   *
   * @throws org.apache.kafka.common.config.ConfigException when {@code configs} do not describe a registry client
   */
  public static SchemaRegistry acquire(UserCodeClassLoader loader, Map<String, String> configs) {
    Key key = new Key(loader.asClassLoader(), Map.copyOf(configs));
    synchronized (CLIENTS) {
      Shared shared = CLIENTS.get(key);
      if (shared == null) {
        shared = new Shared(SchemaRegistries.create(configs));
        CLIENTS.put(key, shared);
        loader.registerReleaseHookIfAbsent(HOOK_PREFIX + HOOKS.incrementAndGet(), () -> release(key));
      }
      shared.acquisitions++;
      return shared.registry;
    }
  }

  private static void release(Key key) {
    Shared shared;
    synchronized (CLIENTS) {
      shared = CLIENTS.remove(key);
    }
    if (shared != null && !(shared.registry instanceof MockSchemaRegistry)) {
      try {
        shared.registry.close();
      } catch (RuntimeException e) {
        LOG.warn("Closing the schema registry client of a released job failed", e);
      }
    }
  }

  /** The clients held now, over every job. */
  public static int clients() {
    synchronized (CLIENTS) {
      return CLIENTS.size();
    }
  }

  /** How many times format instances of the job of {@code loader} took a client, over its configurations. */
  public static long acquisitions(ClassLoader loader) {
    synchronized (CLIENTS) {
      return CLIENTS.entrySet().stream().filter(e -> e.getKey().loader == loader)
          .mapToLong(e -> e.getValue().acquisitions).sum();
    }
  }

  /** A job's class loader (compared by identity, as ClassLoader does) and a configuration. */
  private record Key(ClassLoader loader, Map<String, String> configs) {}

  private static final class Shared {
    final SchemaRegistry registry;
    long acquisitions;

    Shared(SchemaRegistry registry) {
      this.registry = registry;
    }
  }
}
