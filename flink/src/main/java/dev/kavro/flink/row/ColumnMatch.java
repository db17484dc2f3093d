package dev.kavro.flink.row;

import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * Which writer field fills which column: the field of the column's name, else (Kavro's case rule, as ksqlDB) the first
 * writer field whose upper-cased name ({@code Locale.ROOT}) is the column's name and which is no column's name itself.
 * The same pairing as {@code dev.kavro.plan.CaseFallback} makes between a writer record and a reader record with the
 * columns' names, so the reader schema derived from it resolves field by field as the plan reads it.
 */
final class ColumnMatch {
  private ColumnMatch() {}

  /** The writer field for each column, by column index; {@code null} where the writer has none. */
  static Schema.Field[] fields(Schema writerRecord, List<String> columns) {
    Map<String, Integer> index = new HashMap<>();
    for (int i = 0; i < columns.size(); i++) {
      index.put(columns.get(i), i);
    }
    Schema.Field[] matched = new Schema.Field[columns.size()];
    for (Schema.Field field : writerRecord.getFields()) {
      Integer exact = index.get(field.name());
      if (exact != null) {
        matched[exact] = field;
      }
    }
    for (Schema.Field field : writerRecord.getFields()) {
      if (!index.containsKey(field.name())) {
        Integer upper = index.get(field.name().toUpperCase(Locale.ROOT));
        if (upper != null && matched[upper] == null) {
          matched[upper] = field;
        }
      }
    }
    return matched;
  }
}
