package dev.kavro.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.runtime.FormatMetrics;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.StubRegistry;
import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.data.RowData;
import org.junit.jupiter.api.Test;

/**
 * Records the table format cannot read, each next to good ones: a clear {@link IOException} naming the topic, the
 * side and the schema id, or with {@code ignore-parse-errors} the record skipped and counted, and no other record
 * lost. A registry that is down keeps serving the ids already met, and fails the rest whatever the option says.
 */
class BadRecordsTest {
  private static final Schema ORDER = new Schema.Parser().parse("""
      {"type":"record","name":"Order","fields":[{"name":"id","type":"int"},{"name":"name","type":"string"}]}""");
  private static final Schema NO_NAME = new Schema.Parser().parse("""
      {"type":"record","name":"Order","fields":[{"name":"id","type":"int"}]}""");

  private static TableHarness orders(String scope) {
    return TableHarness.kafka("orders").option("format", "kavro").option("kavro.url", scope)
        .column("id", DataTypes.INT().notNull())
        .column("name", DataTypes.STRING().notNull());
  }

  /** What each kind of bad record is, and what its error must say (parts between "|" in any order). */
  private static Map<byte[], String> badRecords(int goodId, int tableCannotReadId) {
    byte[] good = record(goodId, 1, "one");
    Map<byte[], String> bad = new LinkedHashMap<>();
    bad.put(new byte[] {0x7b, 0x22, 0x69, 0x64, 0x22, 0x3a, 0x31, 0x7d}, "schema id unknown]");
    bad.put(new byte[] {5, 0, 0, 0, (byte) goodId, 2, 2, 0x41}, "schema id unknown]");
    bad.put(new byte[] {0, 0}, "schema id unknown]");
    bad.put(TableFormatTest.framed(999, ORDER, order(ORDER, 1, "x")), "schema id 999]");
    bad.put(Arrays.copyOf(good, good.length - 2), "schema id " + goodId + "]|at field 'name': the data ends too early");
    bad.put(TableFormatTest.framed(tableCannotReadId, NO_NAME, order(NO_NAME, 1, null)),
        "schema id " + tableCannotReadId + "]: the writer schema cannot be read as the table's row");
    return bad;
  }

  @Test
  void eachBadRecordFailsNamingTopicAndSchemaId() throws Exception {
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("bad-fail");
    int id = registry.register("orders-value", ORDER, false);
    int other = registry.register("orders-value", NO_NAME, false);
    TableHarness table = orders("mock://bad-fail");
    DeserializationSchema<RowData> decoder = table.decoder("kavro.", table.physical(), new TaskContext());
    for (Map.Entry<byte[], String> bad : badRecords(id, other).entrySet()) {
      IOException e = assertThrows(IOException.class, () -> decoder.deserialize(bad.getKey()),
          Arrays.toString(bad.getKey()));
      assertTrue(e.getMessage().contains("[topic 'orders', value, ")
          && Arrays.stream(bad.getValue().split("\\|")).allMatch(e.getMessage()::contains), e.getMessage());
      assertEquals(2, decoder.deserialize(record(id, 2, "two")).getInt(0));
    }
  }

  @Test
  void withIgnoreParseErrorsEachBadRecordIsSkippedAndCountedAndNoOtherIsLost() throws Exception {
    MockSchemaRegistry registry = MockSchemaRegistry.forScope("bad-skip");
    int id = registry.register("orders-value", ORDER, false);
    int other = registry.register("orders-value", NO_NAME, false);
    TableHarness table = orders("mock://bad-skip").option("kavro.ignore-parse-errors", "true");
    TaskContext task = new TaskContext();
    DeserializationSchema<RowData> decoder = table.decoder("kavro.", table.physical(), task);
    int read = 0;
    for (byte[] bad : badRecords(id, other).keySet()) {
      assertNull(decoder.deserialize(bad));
      RowData good = decoder.deserialize(record(id, read, "n" + read));
      assertEquals(read, good.getInt(0));
      assertEquals("n" + read, good.getString(1).toString());
      read++;
    }
    assertEquals(6, task.count(FormatMetrics.GROUP + "." + FormatMetrics.RECORDS_SKIPPED));
    assertEquals(2, task.count(FormatMetrics.GROUP + "." + FormatMetrics.SCHEMA_LOOKUPS),
        "the good id and the id the table cannot read; 999 was asked for and not found");
    assertEquals(2, task.count(FormatMetrics.GROUP + "." + FormatMetrics.SCHEMAS_CACHED));
  }

  @Test
  void aRegistryThatIsDownKeepsKnownIdsAndFailsNewOnesEvenWhenSkippingBadRecords() throws Exception {
    try (StubRegistry stub = StubRegistry.start()) {
      stub.on("GET /schemas/ids/1?subject=orders-value", StubRegistry.Response.ok(Map.of("schema", ORDER.toString())));
      TableHarness table = orders(stub.url()).option("kavro.ignore-parse-errors", "true")
          .option("kavro.properties.max.retries", "0");
      TaskContext task = new TaskContext();
      DeserializationSchema<RowData> decoder = table.decoder("kavro.", table.physical(), task);
      assertEquals(1, decoder.deserialize(record(1, 1, "a")).getInt(0));
      // An id the registry answers 404 for is about the record: skipped.
      assertNull(decoder.deserialize(record(3, 3, "c")));

      stub.close();
      assertEquals(4, decoder.deserialize(record(1, 4, "d")).getInt(0));
      IOException e = assertThrows(IOException.class, () -> decoder.deserialize(record(2, 5, "e")));
      assertTrue(e.getMessage().contains("[topic 'orders', value, schema id 2]"), e.getMessage());
      assertEquals(1, task.count(FormatMetrics.GROUP + "." + FormatMetrics.RECORDS_SKIPPED));
      // A subtask started after the outage shares the task manager's client, which has id 1.
      DeserializationSchema<RowData> restarted = table.decoder("kavro.", table.physical(),
          new TaskContext(task.job()));
      assertEquals(6, restarted.deserialize(record(1, 6, "f")).getInt(0));
    }
  }

  private static GenericRecord order(Schema schema, int id, String name) {
    GenericRecord record = new GenericData.Record(schema);
    record.put("id", id);
    if (name != null) {
      record.put("name", name);
    }
    return record;
  }

  private static byte[] record(int schemaId, int id, String name) {
    return TableFormatTest.framed(schemaId, ORDER, order(ORDER, id, name));
  }
}
