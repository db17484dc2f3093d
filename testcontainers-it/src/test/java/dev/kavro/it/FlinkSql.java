package dev.kavro.it;

import dev.kavro.bench.servers.Loopback;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.UUID;
import org.apache.flink.api.common.RuntimeExecutionMode;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.JobManagerOptions;
import org.apache.flink.configuration.RestOptions;
import org.apache.flink.configuration.TaskManagerOptions;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.testutils.MiniClusterResourceConfiguration;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.Table;
import org.apache.flink.table.api.bridge.java.StreamTableEnvironment;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.flink.util.CloseableIterator;

/**
 * SQL on the test MiniCluster for the Flink ITs: Kafka tables of either format over the real broker and registry,
 * rows handed in and collected in Flink's internal form ({@link RowData}), so that nothing converts them on the way.
 * One instance is one table environment in batch mode; not thread-safe.
 */
final class FlinkSql {
  static final String AVRO_CONFLUENT = "avro-confluent";
  static final String KAVRO = "kavro";

  private final ServerPair servers;
  private final StreamExecutionEnvironment env;
  private final StreamTableEnvironment tables;
  private final Map<String, CloseableIterator<RowData>> pendingReads = new LinkedHashMap<>();

  private FlinkSql(ServerPair servers, StreamExecutionEnvironment env, StreamTableEnvironment tables) {
    this.servers = servers;
    this.env = env;
    this.tables = tables;
  }

  /**
   * The MiniCluster of one IT class: one task manager with two slots, every server socket (RPC, blob server, REST,
   * shuffle, the collect sinks' result servers) on the loopback address.
   */
  static MiniClusterExtension miniCluster() {
    Configuration config = new Configuration();
    config.set(JobManagerOptions.BIND_HOST, Loopback.HOST);
    config.set(JobManagerOptions.ADDRESS, Loopback.HOST);
    config.set(TaskManagerOptions.BIND_HOST, Loopback.HOST);
    config.set(TaskManagerOptions.HOST, Loopback.HOST);
    config.set(RestOptions.BIND_ADDRESS, Loopback.HOST);
    config.set(RestOptions.ADDRESS, Loopback.HOST);
    return new MiniClusterExtension(new MiniClusterResourceConfiguration.Builder()
        .setConfiguration(config)
        .setNumberTaskManagers(1)
        .setNumberSlotsPerTaskManager(2)
        .build());
  }

  /** Bounded reads and writes: a batch job per statement (set), parallelism 1 (the topics have one partition). */
  static FlinkSql batch(ServerPair servers) {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setRuntimeMode(RuntimeExecutionMode.BATCH);
    env.setParallelism(1);
    return new FlinkSql(servers, env, StreamTableEnvironment.create(env, EnvironmentSettings.inBatchMode()));
  }

  /** Unbounded reads: a streaming job, which runs until it is cancelled. */
  static FlinkSql streaming(ServerPair servers) {
    StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
    env.setParallelism(1);
    return new FlinkSql(servers, env, StreamTableEnvironment.create(env, EnvironmentSettings.inStreamingMode()));
  }

  StreamTableEnvironment tables() {
    return tables;
  }

  /** The registry URL each format is given: the Confluent REST API's base URL (Apicurio's ccompat path). */
  String registryUrl() {
    return servers.registryUrl();
  }

  /**
   * Creates a Kafka table over {@code topic} in {@code format}, read from the topic's start to the end it has when a
   * job starts (or without end, in streaming mode), with the registry as the format's {@code url}.
   *
   * @param formatOptions further options of the format, without its prefix: {@code "timestamp-mapping", "legacy"}
   */
  void createTable(String name, String columns, String topic, String format, String... formatOptions) {
    StringJoiner options = new StringJoiner(", ");
    options.add(option("connector", "kafka"));
    options.add(option("topic", topic));
    options.add(option("properties.bootstrap.servers", servers.bootstrapServers()));
    options.add(option("properties.group.id", name + "-" + UUID.randomUUID()));
    options.add(option("scan.startup.mode", "earliest-offset"));
    if (env.getConfiguration().get(ExecutionOptions.RUNTIME_MODE)
        == RuntimeExecutionMode.BATCH) {
      options.add(option("scan.bounded.mode", "latest-offset"));
    }
    options.add(option("format", format));
    options.add(option(format + ".url", servers.registryUrl()));
    for (int i = 0; i < formatOptions.length; i += 2) {
      options.add(option(format + "." + formatOptions[i], formatOptions[i + 1]));
    }
    tables.executeSql("CREATE TABLE `" + name + "` (" + columns + ") WITH (" + options + ")");
  }

  /** The DDL column list of a row type: {@code `a` INT NOT NULL, `b` ROW<...>}. */
  static String columns(RowType type) {
    StringJoiner columns = new StringJoiner(", ");
    for (RowType.RowField field : type.getFields()) {
      columns.add("`" + field.getName() + "` " + field.getType().asSerializableString());
    }
    return columns.toString();
  }

  /** A view of {@code rows} as they stand (internal data), to insert from. */
  Table rows(RowType type, List<? extends RowData> rows) {
    return tables.fromDataStream(env.fromData(new ArrayList<RowData>(rows), InternalTypeInfo.of(type)));
  }

  /**
   * Adds a read of the whole table to the next {@link #collect} job. A table whose format cannot be planned fails
   * here, with the planner's exception, and leaves the job as it was.
   */
  void read(String table) {
    Table from = tables.from("`" + table + "`");
    pendingReads.put(table, tables.<RowData>toDataStream(from,
        from.getResolvedSchema().toPhysicalRowDataType().bridgedTo(RowData.class)).collectAsync());
  }

  /**
   * Runs one job reading every table added by {@link #read} and returns each table's rows in topic order.
   *
   * @throws Exception whatever fails the job
   */
  Map<String, List<RowData>> collect() throws Exception {
    try (Reads reads = start()) {
      return reads.drain();
    }
  }

  /** Starts one job reading every table added by {@link #read}, whose rows are taken as they come. */
  Reads start() throws Exception {
    Map<String, CloseableIterator<RowData>> iterators = new LinkedHashMap<>(pendingReads);
    pendingReads.clear();
    try {
      return new Reads(env.executeAsync("read " + iterators.keySet()), iterators);
    } catch (Exception e) {
      for (CloseableIterator<RowData> it : iterators.values()) {
        it.close();
      }
      throw e;
    }
  }

  /** The reads of a running job; closing them cancels it (see {@link #cancel}). */
  static final class Reads implements AutoCloseable {
    private final JobClient job;
    private final Map<String, CloseableIterator<RowData>> iterators;
    private boolean closed;

    private Reads(JobClient job, Map<String, CloseableIterator<RowData>> iterators) {
      this.job = job;
      this.iterators = iterators;
    }

    /** The next {@code count} rows of {@code table}, waiting for them. */
    List<RowData> take(String table, int count) {
      CloseableIterator<RowData> it = iterators.get(table);
      List<RowData> rows = new ArrayList<>();
      while (rows.size() < count && it.hasNext()) {
        rows.add(it.next());
      }
      return rows;
    }

    /** Every table's rows until the (bounded) job ends, then the job's outcome. */
    Map<String, List<RowData>> drain() throws Exception {
      Map<String, List<RowData>> rows = new LinkedHashMap<>();
      for (Map.Entry<String, CloseableIterator<RowData>> read : iterators.entrySet()) {
        List<RowData> list = new ArrayList<>();
        read.getValue().forEachRemaining(list::add);
        rows.put(read.getKey(), list);
      }
      job.getJobExecutionResult().get();
      return rows;
    }

    /** Cancels the job if it still runs and releases the reads; doing it again does nothing. */
    void cancel() {
      if (closed) {
        return;
      }
      closed = true;
      try {
        for (CloseableIterator<RowData> it : iterators.values()) {
          it.close();
        }
        if (!job.getJobStatus().get().isGloballyTerminalState()) {
          job.cancel().get();
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("Interrupted while cancelling " + job.getJobID(), e);
      } catch (Exception e) {
        throw new IllegalStateException("Cannot cancel " + job.getJobID(), e);
      }
    }

    @Override
    public void close() {
      cancel();
    }
  }

  /** Every exception down the cause chain, one per line, for asserting what failed a job or a statement. */
  static String causes(Throwable e) {
    StringBuilder all = new StringBuilder();
    for (Throwable t = e; t != null; t = t.getCause()) {
      all.append(t.getClass().getSimpleName()).append(": ").append(t.getMessage()).append('\n');
    }
    return all.toString();
  }

  private static String option(String key, String value) {
    return "'" + key + "' = '" + value.replace("'", "''") + "'";
  }
}
