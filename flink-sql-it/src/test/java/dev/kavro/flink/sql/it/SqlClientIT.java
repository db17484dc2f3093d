package dev.kavro.flink.sql.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.bench.servers.Directories;
import dev.kavro.bench.servers.EmbeddedKafkaBroker;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * A SQL-client user's setup: Flink's lib/ with kavro-flink-sql dropped in, and nothing else. A child JVM with only
 * that class path runs SQL (an {@code INSERT} of random rows into a {@code kafka} table, then a bounded
 * {@code SELECT} of them) against this JVM's broker, once with Flink's own {@code json} format, and once with
 * {@code 'format' = 'kavro'} when the jar has that format. Both must give back the rows inserted; Kavro's bytes
 * must be Confluent-framed Avro that vanilla Avro reads with the schema the child's registry holds.
 */
class SqlClientIT {
  private static final int ROWS = 40;
  private static final String MOCK_SCOPE = "sql-client";
  private static final Duration TIMEOUT = Duration.ofSeconds(150);

  private static Path workDir;
  private static EmbeddedKafkaBroker broker;
  private static long seed;
  private static List<SqlRows.Row> rows;
  private static String kavroTopic;
  private static ChildJvm.Result client;
  private static Path clientLog;

  @BeforeAll
  static void runTheClient() throws Exception {
    workDir = Files.createTempDirectory(FlinkLib.workDir(), "sql-client-");
    clientLog = FlinkLib.workDir().resolve("sql-client.log");
    broker = EmbeddedKafkaBroker.start(workDir);
    seed = System.nanoTime();
    rows = SqlRows.random(new Random(seed), ROWS);
    assertTrue(FlinkLib.hasKavroFormat(), "the jar has no Kavro table factory (" + FlinkLib.FACTORY_SERVICE + ")");
    String run = UUID.randomUUID().toString();
    kavroTopic = "sql-kavro-" + run;
    List<String> script = new ArrayList<>(roundTrip("json", "sql-json-" + run, "'format' = 'json'"));
    script.addAll(roundTrip("kavro", kavroTopic, "'format' = 'kavro', 'kavro.url' = 'mock://" + MOCK_SCOPE + "'"));
    Path scriptFile = Files.write(workDir.resolve("script.sql"), script, StandardCharsets.UTF_8);
    client = ChildJvm.run(FlinkLib.classPathWithChildren(), "dev.kavro.flink.sql.client.SqlClient",
        List.of("-Xmx1g", "-Djava.io.tmpdir=" + workDir, "-Dkavro.mock.scope=" + MOCK_SCOPE),
        List.of(scriptFile.toString()), TIMEOUT, clientLog);
  }

  @AfterAll
  static void stopBroker() {
    try {
      if (broker != null) {
        broker.close();
      }
    } finally {
      Directories.deleteRecursively(workDir);
    }
  }

  /** Proves the harness, and that the jar in lib/ leaves Flink's planner, Janino and Kafka connector working. */
  @Test
  void flinksJsonFormatGivesBackTheInsertedRowsWithTheJarInLib() {
    client.assertCompleted();
    assertEquals(expected(), printedRows("json"), message());
  }

  @Test
  void kavroFormatGivesBackTheInsertedRows() {
    client.assertCompleted();
    assertEquals(expected(), printedRows("kavro"), message());
  }

  @Test
  void kavroWritesConfluentFramedAvroThatVanillaAvroReads() throws Exception {
    client.assertCompleted();
    Map<Integer, Schema> schemas = new HashMap<>();
    for (List<String> fields : client.tagged("SCHEMA")) {
      schemas.put(Integer.parseInt(fields.get(0)), new Schema.Parser().parse(fields.get(1)));
    }
    List<byte[]> values = TopicBytes.values(broker.bootstrapServers(), kavroTopic, ROWS, Duration.ofSeconds(30));
    assertEquals(ROWS, values.size(), "records in " + kavroTopic);
    List<Integer> ids = new ArrayList<>();
    for (int i = 0; i < ROWS; i++) {
      ByteBuffer value = ByteBuffer.wrap(values.get(i));
      assertEquals(0, value.get(), "magic byte of record " + i);
      int id = value.getInt();
      Schema writer = schemas.get(id);
      assertNotNull(writer, "record " + i + " names schema id " + id + "; registered: " + schemas.keySet());
      GenericRecord record = new GenericDatumReader<GenericRecord>(writer).read(null,
          DecoderFactory.get().binaryDecoder(value.array(), value.position(), value.remaining(), null));
      SqlRows.Row row = rows.get((Integer) record.get("id"));
      ids.add(row.id());
      assertAll("record " + i + ": " + record + ", " + message(),
          () -> assertEquals(row.id(), record.get("id")),
          () -> assertEquals(row.name(), record.get("name") == null ? null : record.get("name").toString()),
          () -> assertEquals(row.amount(), record.get("amount")),
          () -> assertEquals(row.flag(), record.get("flag")));
    }
    assertEquals(rows.stream().map(SqlRows.Row::id).collect(Collectors.toList()), ids.stream().sorted().toList(),
        "every row once");
  }

  private static List<String> roundTrip(String label, String topic, String format) {
    String table = label + "_rows";
    return List.of(
        "CREATE TABLE " + table + " (" + SqlRows.COLUMNS + ") WITH ('connector' = 'kafka', 'topic' = '" + topic
            + "', 'properties.bootstrap.servers' = '" + broker.bootstrapServers() + "', "
            + "'scan.startup.mode' = 'earliest-offset', 'scan.bounded.mode' = 'latest-offset', " + format + ")",
        SqlRows.insert(table, rows),
        "-- label: " + label,
        "SELECT * FROM " + table);
  }

  private static List<String> expected() {
    return rows.stream().map(SqlRows.Row::printed).collect(Collectors.toList());
  }

  /** The rows the client printed for {@code label}, by id: SQL promises no order, and Flink may reorder VALUES. */
  private static List<String> printedRows(String label) {
    return client.tagged("ROW").stream()
        .filter(fields -> fields.get(0).equals(label))
        .map(fields -> fields.get(1))
        .sorted(Comparator.comparingInt(SqlClientIT::leadingId))
        .collect(Collectors.toList());
  }

  private static int leadingId(String printedRow) {
    return Integer.parseInt(printedRow.substring(1, printedRow.indexOf(',')));
  }

  private static String message() {
    return "seed " + seed + ", Flink " + FlinkLib.flinkVersion() + ", the client's log: " + clientLog;
  }
}
