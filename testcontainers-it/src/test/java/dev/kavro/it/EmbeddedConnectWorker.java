package dev.kavro.it;

import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.common.utils.Time;
import org.apache.kafka.connect.connector.policy.ConnectorClientConfigOverridePolicy;
import org.apache.kafka.connect.json.JsonConverter;
import org.apache.kafka.connect.json.JsonConverterConfig;
import org.apache.kafka.connect.runtime.Worker;
import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.runtime.isolation.LoaderSwap;
import org.apache.kafka.connect.runtime.isolation.Plugins;
import org.apache.kafka.connect.runtime.rest.RestServerConfig;
import org.apache.kafka.connect.runtime.rest.entities.ConnectorStateInfo;
import org.apache.kafka.connect.runtime.standalone.StandaloneConfig;
import org.apache.kafka.connect.runtime.standalone.StandaloneHerder;
import org.apache.kafka.connect.storage.FileOffsetBackingStore;
import org.apache.kafka.connect.util.FutureCallback;

/**
 * A standalone Kafka Connect worker in this JVM, wired as {@code bin/connect-standalone} wires it ({@link Worker},
 * {@link StandaloneHerder}, file offset store) but without the REST server: the tests drive the herder directly, so
 * the worker opens no listening socket at all. Plugins come from the classpath, and from {@code plugin.path} when the
 * given properties set it.
 *
 * <p>Not thread-safe: start it, add connectors and close it from one thread.
 */
final class EmbeddedConnectWorker implements AutoCloseable {
  private static final long CONNECTOR_START_TIMEOUT_SECONDS = 30;

  private final StandaloneHerder herder;

  private EmbeddedConnectWorker(StandaloneHerder herder) {
    this.herder = herder;
  }

  /**
   * Starts a worker on {@code bootstrapServers}. {@code converterConfigs} are worker properties such as
   * {@code value.converter} and {@code value.converter.schema.registry.url}; the offsets file goes under
   * {@code workDir}.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the worker configuration is invalid
   */
  static EmbeddedConnectWorker start(String bootstrapServers, Map<String, String> converterConfigs, Path workDir) {
    Map<String, String> props = new HashMap<>(converterConfigs);
    props.put(WorkerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
    props.put(StandaloneConfig.OFFSET_STORAGE_FILE_FILENAME_CONFIG, workDir.resolve("connect.offsets").toString());
    props.put(WorkerConfig.OFFSET_COMMIT_INTERVAL_MS_CONFIG, "500");
    // Scanned as connect-standalone scans: the classpath, plus plugin.path when the caller sets one.
    props.put(WorkerConfig.PLUGIN_DISCOVERY_CONFIG, "only_scan");
    // Unused (no REST server is started), but keeps any listener off the network should one ever be added.
    props.put(RestServerConfig.LISTENERS_CONFIG, "http://127.0.0.1:0");

    Plugins plugins = new Plugins(props);
    StandaloneConfig config = workerConfig(plugins, props);
    ConnectorClientConfigOverridePolicy policy = plugins.newPlugin(
        config.getString(WorkerConfig.CONNECTOR_CLIENT_POLICY_CLASS_CONFIG), config,
        ConnectorClientConfigOverridePolicy.class);
    // Source offsets as connect-standalone stores them: schemaless JSON in a file.
    FileOffsetBackingStore offsets = new FileOffsetBackingStore(plugins.newInternalConverter(
        true, JsonConverter.class.getName(), Map.of(JsonConverterConfig.SCHEMAS_ENABLE_CONFIG, "false")));
    offsets.configure(config);
    Worker worker = new Worker("kavro-it-connect", Time.SYSTEM, plugins, config, offsets, policy);
    StandaloneHerder herder = new StandaloneHerder(worker, config.kafkaClusterId(), policy);
    herder.start();
    return new EmbeddedConnectWorker(herder);
  }

  /** Worker properties that make {@code converterClass} the key and value converter, on the registry at {@code url}. */
  static Map<String, String> converters(String converterClass, String url) {
    return Map.of(
        "key.converter", converterClass,
        "key.converter.schema.registry.url", url,
        "value.converter", converterClass,
        "value.converter.schema.registry.url", url);
  }

  /**
   * Parses worker properties as connect-standalone does, with the plugins' delegating loader as the context class
   * loader, so that class names of isolated plugins (on {@code plugin.path}) resolve.
   */
  static StandaloneConfig workerConfig(Plugins plugins, Map<String, String> props) {
    try (LoaderSwap swap = plugins.withClassLoader(plugins.delegatingLoader())) {
      return new StandaloneConfig(props);
    }
  }

  /**
   * Creates a connector and waits until the herder accepted it (its tasks then start asynchronously).
   *
   * @throws IllegalStateException if the herder rejects the configuration or does not answer in time
   */
  void addConnector(String name, Map<String, String> config) {
    Map<String, String> withName = new HashMap<>(config);
    withName.put("name", name);
    FutureCallback<Object> created = new FutureCallback<>();
    herder.putConnectorConfig(name, withName, false, (error, info) -> created.onCompletion(error, info));
    try {
      created.get(CONNECTOR_START_TIMEOUT_SECONDS, TimeUnit.SECONDS);
    } catch (Exception e) {
      if (e instanceof InterruptedException) {
        Thread.currentThread().interrupt();
      }
      throw new IllegalStateException("Connector " + name + " was not created", e);
    }
  }

  /** The worker's plugins, as the herder loaded them (with their class loaders and locations). */
  Plugins plugins() {
    return herder.plugins();
  }

  /** The connector's and its tasks' states with failure traces, for failure messages. */
  String status(String name) {
    try {
      ConnectorStateInfo info = herder.connectorStatus(name);
      StringBuilder text = new StringBuilder(name).append(": ").append(info.connector().state());
      for (ConnectorStateInfo.TaskState task : info.tasks()) {
        text.append("; task ").append(task.id()).append(' ').append(task.state());
        if (task.trace() != null) {
          text.append('\n').append(task.trace());
        }
      }
      return text.toString();
    } catch (RuntimeException e) {
      return name + ": no status (" + e + ")";
    }
  }

  /** Stops the connectors (committing source offsets and sink consumer offsets) and the worker. */
  @Override
  public void close() {
    herder.stop();
  }
}
