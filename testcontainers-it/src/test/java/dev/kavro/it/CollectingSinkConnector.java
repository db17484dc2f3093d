package dev.kavro.it;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.sink.SinkConnector;
import org.apache.kafka.connect.sink.SinkRecord;
import org.apache.kafka.connect.sink.SinkTask;

/**
 * A test sink connector: its task keeps every record it is given, as the converters produced it, in a queue the test
 * reads through {@link #received(String)}. Records are kept per {@code collector} config, so tests don't share them.
 */
public class CollectingSinkConnector extends SinkConnector {
  static final String COLLECTOR_CONFIG = "collector";
  private static final ConfigDef CONFIG = new ConfigDef()
      .define(COLLECTOR_CONFIG, ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "Where the records are kept.");
  private static final Map<String, Queue<SinkRecord>> RECEIVED = new ConcurrentHashMap<>();

  private Map<String, String> config;

  /** The records the sink received so far under {@code collector}, in arrival order. */
  static Queue<SinkRecord> received(String collector) {
    return RECEIVED.computeIfAbsent(collector, key -> new ConcurrentLinkedQueue<>());
  }

  /** Forgets the records of {@code collector}. */
  static void forget(String collector) {
    RECEIVED.remove(collector);
  }

  @Override
  public void start(Map<String, String> props) {
    config = Map.copyOf(props);
  }

  @Override
  public Class<? extends Task> taskClass() {
    return CollectingTask.class;
  }

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    return List.of(config);
  }

  @Override
  public void stop() {}

  @Override
  public ConfigDef config() {
    return CONFIG;
  }

  @Override
  public String version() {
    return "test";
  }

  /** Appends what it is given to the collector's queue. */
  public static class CollectingTask extends SinkTask {
    private Queue<SinkRecord> target;

    @Override
    public void start(Map<String, String> props) {
      target = received(props.get(COLLECTOR_CONFIG));
    }

    @Override
    public void put(Collection<SinkRecord> records) {
      target.addAll(records);
    }

    @Override
    public void stop() {}

    @Override
    public String version() {
      return "test";
    }
  }
}
