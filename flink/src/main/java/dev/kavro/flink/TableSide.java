package dev.kavro.flink;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.types.logical.RowType;

/**
 * Whether a format is its table's key or value format, and the table's single topic: what the default subject
 * ({@code <topic>-key} / {@code <topic>-value}) and the id lookups need. Flink's Kafka connectors fill the subject in
 * only for their own formats, and a format is not told which of the two it is; it sees the table's options.
 *
 * <p>The side, in order: a table whose {@code key.format} is not {@code kavro} has this format as its value format
 * ({@code format} or {@code value.format}, or another connector's only format), and one whose value format is not
 * {@code kavro} as its key format. With both {@code kavro}, the format's own options tell them apart when they differ
 * from the other side's ({@code key.kavro.*} against {@code kavro.*} / {@code value.kavro.*}); when they are the
 * same, the row type the connector hands the format does: the key format gets the key columns ({@code key.fields},
 * or the primary key of {@code upsert-kafka}, without {@code key.fields-prefix}), the value format the value columns
 * ({@code value.fields-include}). A table where even those are the same fails, asking for a subject on one side.
 */
final class TableSide {
  private static final String IDENTIFIER = KavroFormatFactory.IDENTIFIER;

  private final String table;
  private final Boolean isKey;
  private final String topic;
  private final List<String> keyColumns;
  private final List<String> valueColumns;

  private TableSide(String table, Boolean isKey, String topic, List<String> keyColumns, List<String> valueColumns) {
    this.table = table;
    this.isKey = isKey;
    this.topic = topic;
    this.keyColumns = keyColumns;
    this.valueColumns = valueColumns;
  }

  static TableSide of(DynamicTableFactory.Context context, ReadableConfig formatOptions) {
    ResolvedCatalogTable catalogTable = context.getCatalogTable();
    Map<String, String> table = catalogTable.getOptions();
    boolean keyKavro = IDENTIFIER.equals(table.get("key.format"));
    boolean valueKavro = IDENTIFIER.equals(table.get("value.format")) || IDENTIFIER.equals(table.get("format"));
    Boolean isKey = null;
    if (!keyKavro) {
      isKey = false;
    } else if (!valueKavro) {
      isKey = true;
    } else {
      Map<String, String> own = formatOptions.toMap();
      boolean asKey = own.equals(under(table, "key." + IDENTIFIER + "."));
      boolean asValue = own.equals(under(table, (table.containsKey("format") ? "" : "value.") + IDENTIFIER + "."));
      isKey = asKey == asValue ? null : asKey;
    }
    List<String> keyColumns = keyColumns(catalogTable);
    return new TableSide(context.getObjectIdentifier().asSummaryString(), isKey, singleTopic(table), keyColumns,
        valueColumns(catalogTable, table, keyColumns));
  }

  /** The table's options under {@code prefix}, without it. */
  private static Map<String, String> under(Map<String, String> options, String prefix) {
    Map<String, String> found = new TreeMap<>();
    options.forEach((key, value) -> {
      if (key.startsWith(prefix)) {
        found.put(key.substring(prefix.length()), value);
      }
    });
    return found;
  }

  /** The one topic of a Kafka table's {@code topic} option, or null (a list, a pattern, another connector). */
  private static String singleTopic(Map<String, String> table) {
    String topic = table.get("topic");
    if (topic == null || table.containsKey("topic-pattern")) {
      return null;
    }
    String[] topics = Arrays.stream(topic.split(";")).map(String::trim).filter(t -> !t.isEmpty())
        .toArray(String[]::new);
    return topics.length == 1 ? topics[0] : null;
  }

  /** The key format's columns: {@code key.fields}, else the primary key; without {@code key.fields-prefix}. */
  private static List<String> keyColumns(ResolvedCatalogTable table) {
    Map<String, String> options = table.getOptions();
    List<String> keys = new ArrayList<>();
    String fields = options.get("key.fields");
    if (fields != null) {
      Arrays.stream(fields.split(";")).map(String::trim).filter(f -> !f.isEmpty()).forEach(keys::add);
    } else {
      table.getResolvedSchema().getPrimaryKey().map(UniqueConstraint::getColumns).ifPresent(keys::addAll);
    }
    String prefix = options.getOrDefault("key.fields-prefix", "");
    return keys.stream().map(k -> k.startsWith(prefix) ? k.substring(prefix.length()) : k).toList();
  }

  /** The value format's columns: every physical column, or with {@code value.fields-include=EXCEPT_KEY} the rest. */
  private static List<String> valueColumns(ResolvedCatalogTable table, Map<String, String> options,
      List<String> keyColumns) {
    boolean exceptKey = "EXCEPT_KEY".equalsIgnoreCase(options.get("value.fields-include"));
    String prefix = options.getOrDefault("key.fields-prefix", "");
    List<String> values = new ArrayList<>();
    for (Column column : table.getResolvedSchema().getColumns()) {
      String name = column.getName();
      boolean isKeyColumn = name.startsWith(prefix) && keyColumns.contains(name.substring(prefix.length()));
      if (column.isPhysical() && !(exceptKey && isKeyColumn)) {
        values.add(name);
      }
    }
    return values;
  }

  /** The table's single topic, or null. */
  String topic() {
    return topic;
  }

  /**
   * Whether the format, handed rows of {@code type}, is the key format.
   *
   * @throws ValidationException when neither its options nor its columns tell the key and value formats apart
   */
  boolean isKey(RowType type) {
    if (isKey != null) {
      return isKey;
    }
    List<String> names = type.getFieldNames();
    boolean key = names.equals(keyColumns);
    boolean value = names.equals(valueColumns);
    if (key != value) {
      return key;
    }
    throw new ValidationException("Cannot tell whether the '" + IDENTIFIER + "' format of table " + table
        + " is its key or its value format: both are '" + IDENTIFIER + "' with the same options and the same columns. "
        + "Set 'key." + IDENTIFIER + ".subject' or 'value." + IDENTIFIER + ".subject' (the subject of that side), "
        + "which tells them apart");
  }
}
