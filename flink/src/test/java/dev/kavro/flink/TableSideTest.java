package dev.kavro.flink;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegistryException;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.junit.jupiter.api.Test;

/**
 * The default subject of a table's key and value formats: {@code <topic>-key} and {@code <topic>-value}, as Flink's
 * Kafka connectors give their own formats, with the side told from the table's options and, where those are the
 * same for both sides, from the columns each format is handed.
 */
class TableSideTest {
  private static TableHarness table() {
    return TableHarness.kafka("orders")
        .column("id", DataTypes.INT().notNull())
        .column("name", DataTypes.STRING());
  }

  /** Writes a row through the format under {@code prefix} handed {@code type} (INT and STRING columns). */
  private static void write(TableHarness table, String prefix, DataType type) throws Exception {
    var columns = type.getLogicalType().getChildren();
    GenericRowData row = new GenericRowData(columns.size());
    for (int i = 0; i < columns.size(); i++) {
      row.setField(i, columns.get(i).getTypeRoot() == LogicalTypeRoot.INTEGER ? (Object) 1
          : StringData.fromString("a"));
    }
    table.encoder(prefix, type, new TaskContext()).serialize(row);
  }

  private static boolean registered(String scope, String subject) {
    try {
      MockSchemaRegistry.forScope(scope).latest(subject);
      return true;
    } catch (RegistryException e) {
      return false;
    }
  }

  @Test
  void theOnlyKavroFormatOfATableIsItsValueFormat() throws Exception {
    TableHarness table = table().option("format", "kavro").option("kavro.url", "mock://side-value");
    write(table, "kavro.", table.physical());
    assertTrue(registered("side-value", "orders-value"));
  }

  @Test
  void aKavroKeyFormatBesideAnotherValueFormatIsTheKeyFormat() throws Exception {
    TableHarness table = table().option("key.format", "kavro").option("key.kavro.url", "mock://side-key")
        .option("key.fields", "id").option("value.format", "json");
    write(table, "key.kavro.", table.physical("id"));
    assertTrue(registered("side-key", "orders-key"));
    assertTrue(!registered("side-key", "orders-value"));
  }

  @Test
  void formatsWithDifferentOptionsAreToldApartByThem() throws Exception {
    TableHarness table = table().option("key.format", "kavro").option("key.fields", "id")
        .option("key.kavro.url", "mock://side-options").option("value.format", "kavro")
        .option("value.kavro.url", "mock://side-options").option("value.kavro.ignore-parse-errors", "true");
    // Handed the same columns, so only the options can tell them apart.
    write(table, "key.kavro.", table.physical());
    assertTrue(registered("side-options", "orders-key"));
    write(table, "value.kavro.", table.physical());
    assertTrue(registered("side-options", "orders-value"));
  }

  @Test
  void formatsWithTheSameOptionsAreToldApartByTheirColumns() throws Exception {
    TableHarness kafka = table().option("key.format", "kavro").option("key.fields", "id")
        .option("value.fields-include", "EXCEPT_KEY").option("key.kavro.url", "mock://side-columns")
        .option("value.format", "kavro").option("value.kavro.url", "mock://side-columns");
    write(kafka, "key.kavro.", kafka.physical("id"));
    write(kafka, "value.kavro.", kafka.physical("name"));
    assertEquals("orders-key", MockSchemaRegistry.forScope("side-columns").latest("orders-key").subject());
    assertEquals(1, MockSchemaRegistry.forScope("side-columns").latest("orders-key").schema().getFields().size());
    assertEquals("name", MockSchemaRegistry.forScope("side-columns").latest("orders-value").schema().getFields()
        .get(0).name());

    TableHarness upsert = new TableHarness().option("connector", "upsert-kafka").option("topic", "users")
        .column("id", DataTypes.INT().notNull()).column("name", DataTypes.STRING()).primaryKey("id")
        .option("key.format", "kavro").option("key.kavro.url", "mock://side-upsert")
        .option("value.format", "kavro").option("value.kavro.url", "mock://side-upsert");
    write(upsert, "key.kavro.", upsert.physical("id"));
    write(upsert, "value.kavro.", upsert.physical());
    assertEquals(1, MockSchemaRegistry.forScope("side-upsert").latest("users-key").schema().getFields().size());
    assertEquals(2, MockSchemaRegistry.forScope("side-upsert").latest("users-value").schema().getFields().size());
  }

  @Test
  void formatsThatNothingTellsApartFailAskingForASubject() {
    TableHarness table = TableHarness.kafka("ids").column("id", DataTypes.INT().notNull())
        .option("key.format", "kavro").option("key.fields", "id").option("key.kavro.url", "mock://side-same")
        .option("value.format", "kavro").option("value.kavro.url", "mock://side-same");
    ValidationException e = assertThrows(ValidationException.class, () -> write(table, "key.kavro.",
        table.physical()));
    assertTrue(e.getMessage().contains("Set 'key.kavro.subject' or 'value.kavro.subject'"), e.getMessage());
  }
}
