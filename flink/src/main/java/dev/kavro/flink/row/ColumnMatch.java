package dev.kavro.flink.row;

import java.util.Arrays;
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
    return fields(writerRecord, columns, null);
  }

  /**
   * As {@link #fields(Schema, List)}, and then, as Avro's resolution does, a column whose field in a reader schema
   * ({@code declared}, by column index; may be null) has an alias takes the writer field of that name.
   */
  static Schema.Field[] fields(Schema writerRecord, List<String> columns, Schema.Field[] declared) {
    Schema.Field[] matched = byName(writerRecord, columns);
    if (declared == null) {
      return matched;
    }
    for (int i = 0; i < matched.length; i++) {
      if (matched[i] == null && declared[i] != null) {
        for (String alias : declared[i].aliases()) {
          Schema.Field aliased = writerRecord.getField(alias);
          if (aliased != null && !Arrays.asList(matched).contains(aliased)) {
            matched[i] = aliased;
            break;
          }
        }
      }
    }
    return matched;
  }

  private static Schema.Field[] byName(Schema writerRecord, List<String> columns) {
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
