package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.flink.row.RandomRows;
import dev.kavro.flink.row.Rows;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.flink.table.api.StatementSet;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Kavro's {@code kavro} format against Flink's own {@code avro-confluent} (the jar
 * {@code flink-sql-avro-confluent-registry} a SQL client has in lib/), both in one table environment, over the same
 * topics and the same registry over HTTP: random tables written by either format and read by both, rows compared as
 * Flink's first network hop sees them ({@code RowDataSerializer.toBinaryRow}).
 */
@ExtendWith({FlinkClassPath.class, RealServers.class})
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FlinkFormatsIT {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = FlinkSql.miniCluster();

  private static final int TABLES = 10;
  private static final int ROWS_PER_WRITER = 6;

  private static ServerPair servers;
  private static SchemaRegistry registry;

  @BeforeAll
  static void connect(ServerPair pair) {
    servers = pair;
    registry = SchemaRegistries.create(Map.of("schema.registry.url", pair.registryUrl()));
  }

  @AfterAll
  static void disconnect() {
    if (registry != null) {
      registry.close();
    }
  }

  /**
   * Random tables, each over one topic: {@code avro-confluent} writes rows, then {@code kavro} writes more, and both
   * formats read the topic back. Each reads every row as it was written, and both register the same schema under the
   * topic's subject: Kavro's table-derived schema is Flink's, record names included.
   */
  @Test
  void randomTablesReadTheSameInBothFormatsWhicheverWroteThem() throws Exception {
    Random random = new Random(20261201);
    FlinkSql sql = FlinkSql.batch(servers);
    StatementSet flinkWrites = sql.tables().createStatementSet();
    StatementSet kavroWrites = sql.tables().createStatementSet();
    List<RandomTable> cases = new ArrayList<>();
    for (int i = 0; i < TABLES; i++) {
      RandomRows generator = new RandomRows(random, TimestampMapping.LEGACY);
      RowType type = generator.rowType();
      RandomTable table = new RandomTable(i, type, "flink-random-" + i + "-" + UUID.randomUUID(),
          rows(generator, type), rows(generator, type));
      cases.add(table);
      sql.createTable(table.flinkTable(), FlinkSql.columns(type), table.topic, FlinkSql.AVRO_CONFLUENT);
      sql.createTable(table.kavroTable(), FlinkSql.columns(type), table.topic, FlinkSql.KAVRO);
      flinkWrites.addInsert("`" + table.flinkTable() + "`", sql.rows(type, table.byFlink));
      kavroWrites.addInsert("`" + table.kavroTable() + "`", sql.rows(type, table.byKavro));
    }
    TopicDrain.createTopics(servers.bootstrapServers(), cases.stream().map(c -> c.topic).toArray(String[]::new));
    // One after the other: the second writer finds the schema the first registered.
    flinkWrites.execute().await();
    kavroWrites.execute().await();
    for (RandomTable table : cases) {
      sql.read(table.flinkTable());
      sql.read(table.kavroTable());
    }
    Map<String, List<RowData>> read = sql.collect();

    for (RandomTable table : cases) {
      List<GenericRowData> written = new ArrayList<>(table.byFlink);
      written.addAll(table.byKavro);
      table.assertRead(written, read.get(table.flinkTable()), "avro-confluent");
      table.assertRead(written, read.get(table.kavroTable()), "kavro");
      table.assertOneSchema();
    }
  }

  private static List<GenericRowData> rows(RandomRows generator, RowType type) {
    List<GenericRowData> rows = new ArrayList<>();
    for (int r = 0; r < ROWS_PER_WRITER; r++) {
      rows.add(generator.row(type));
    }
    return rows;
  }

  /** One random table: its type, its topic, and the rows each format wrote into it. */
  private record RandomTable(int index, RowType type, String topic, List<GenericRowData> byFlink,
      List<GenericRowData> byKavro) {
    String flinkTable() {
      return "flink_" + index;
    }

    String kavroTable() {
      return "kavro_" + index;
    }

    void assertRead(List<GenericRowData> written, List<RowData> read, String reader) {
      String context = "table " + index + " " + type + ", read by " + reader;
      assertEquals(written.size(), read.size(), context);
      for (int r = 0; r < written.size(); r++) {
        Rows.assertSameRow(written.get(r), read.get(r), type, context + ", row " + r + " (written by "
            + (r < byFlink.size() ? "avro-confluent" : "kavro") + ")");
      }
    }

    /** Both writers framed every record with one schema id, the subject's only version. */
    void assertOneSchema() {
      int count = byFlink.size() + byKavro.size();
      List<ConsumerRecord<byte[], byte[]>> records =
          TopicDrain.read(servers.bootstrapServers(), topic, count, Duration.ofSeconds(30));
      assertEquals(count, records.size(), topic);
      Set<Integer> ids = new TreeSet<>();
      records.forEach(record -> ids.add(VanillaAvro.schemaId(record.value())));
      int latest = registry.latest(topic + "-value").id();
      assertEquals(Set.of(latest), ids, "table " + index + " " + type + ": schema ids in " + topic);
      assertEquals(1, registry.latest(topic + "-value").version(), "versions of " + topic + "-value");
    }
  }
}
