package dev.kavro.it;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.connect.connector.Task;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.source.SourceConnector;
import org.apache.kafka.connect.source.SourceRecord;
import org.apache.kafka.connect.source.SourceTask;

/**
 * A test source connector: one task writes {@link OrderStructs#order(int)} for indexes 0 to {@code count - 1} to
 * {@code topic}, keyed by {@link OrderStructs#key(int)}, then idles. The index is the source offset, so a restarted
 * task resumes where the committed offset says.
 */
public class OrderSourceConnector extends SourceConnector {
  static final String TOPIC_CONFIG = "topic";
  static final String COUNT_CONFIG = "count";
  private static final ConfigDef CONFIG = new ConfigDef()
      .define(TOPIC_CONFIG, ConfigDef.Type.STRING, ConfigDef.Importance.HIGH, "Topic to write to.")
      .define(COUNT_CONFIG, ConfigDef.Type.INT, ConfigDef.Importance.HIGH, "How many orders to write.");

  private Map<String, String> config;

  @Override
  public void start(Map<String, String> props) {
    config = Map.copyOf(props);
  }

  @Override
  public Class<? extends Task> taskClass() {
    return OrderTask.class;
  }

  @Override
  public List<Map<String, String>> taskConfigs(int maxTasks) {
    return List.of(config); // one task: the order of the records is part of what the test checks
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

  /** Emits the orders in small batches. */
  public static class OrderTask extends SourceTask {
    private static final int BATCH = 10;
    private static final long IDLE_POLL_MS = 100;
    private String topic;
    private int count;
    private Map<String, String> partition;
    private int next;

    @Override
    public void start(Map<String, String> props) {
      topic = props.get(TOPIC_CONFIG);
      count = Integer.parseInt(props.get(COUNT_CONFIG));
      partition = Map.of("connector", props.get("name"));
      Map<String, Object> committed = context.offsetStorageReader().offset(partition);
      next = committed == null ? 0 : ((Number) committed.get("index")).intValue() + 1;
    }

    @Override
    public List<SourceRecord> poll() throws InterruptedException {
      if (next >= count) {
        Thread.sleep(IDLE_POLL_MS); // nothing left: don't spin the worker thread
        return null;
      }
      List<SourceRecord> batch = new ArrayList<>();
      for (; next < count && batch.size() < BATCH; next++) {
        batch.add(new SourceRecord(partition, Map.of("index", next), topic, null,
            Schema.STRING_SCHEMA, OrderStructs.key(next), OrderStructs.ORDER, OrderStructs.order(next)));
      }
      return batch;
    }

    @Override
    public void stop() {}

    @Override
    public String version() {
      return "test";
    }
  }
}
