package dev.kavro.flink.sql.it;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.StringJoiner;
import java.util.TreeMap;

/**
 * Random rows of one table, each known three ways: as SQL literals for an {@code INSERT}, as the values a decoder of
 * the topic must find, and as the child's {@code SqlClient} prints a row it read back (strings quoted and escaped,
 * map entries sorted).
 */
final class SqlRows {
  /** Scalars, a decimal, date and time, and the three nested kinds, every column but the key nullable. */
  static final String COLUMNS = "id INT NOT NULL, name STRING, amount DOUBLE, flag BOOLEAN, price DECIMAL(10, 2), "
      + "shipped DATE, created TIMESTAMP(3), tags ARRAY<STRING>, attrs MAP<STRING, INT>, point ROW<x INT, y STRING>";
  private static final String POINT_TYPE = "ROW<x INT, y STRING>";
  /** ASCII, the SQL quote, a double quote, a backslash, accents, CJK and a character outside the BMP. */
  private static final String[] TEXT = {"a", "b", "z", " ", "'", "\"", "\\", "\u00e9", "\u4e2d", "\ud834\udd1e"};
  private static final LocalDate FIRST_DAY = LocalDate.of(1970, 1, 1);
  private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

  /** One row: its values, in column order ({@code null} for SQL NULL). */
  record Row(int id, String name, Double amount, Boolean flag, BigDecimal price, LocalDate day, LocalDateTime ts,
      List<String> tags, Map<String, Integer> attrs, Point point) {

    /** The row as a parenthesized list of SQL literals, typed by casts so that every row has the table's types. */
    String sql() {
      StringJoiner values = new StringJoiner(", ", "(", ")");
      values.add(cast(Integer.toString(id), "INT"))
          .add(cast(name == null ? null : sqlText(name), "STRING"))
          .add(cast(amount == null ? null : amount.toString(), "DOUBLE"))
          .add(cast(flag == null ? null : flag.toString().toUpperCase(), "BOOLEAN"))
          .add(cast(price == null ? null : price.toPlainString(), "DECIMAL(10, 2)"))
          .add(day == null ? cast(null, "DATE") : "DATE '" + day + "'")
          .add(ts == null ? cast(null, "TIMESTAMP(3)") : "TIMESTAMP '" + TIMESTAMP.format(ts) + "'")
          .add(tags == null ? cast(null, "ARRAY<STRING>") : array(tags))
          .add(attrs == null ? cast(null, "MAP<STRING, INT>") : map(attrs))
          .add(point == null ? cast(null, POINT_TYPE) : "CAST(ROW(" + cast(int32(point.x()), "INT") + ", "
              + cast(point.y() == null ? null : sqlText(point.y()), "STRING") + ") AS " + POINT_TYPE + ")");
      return values.toString();
    }

    /** As {@code SqlClient.render} prints the row read back. */
    String printed() {
      StringJoiner fields = new StringJoiner(", ", "(", ")");
      fields.add(Integer.toString(id)).add(printedText(name)).add(String.valueOf(amount)).add(String.valueOf(flag))
          .add(price == null ? "null" : price.toPlainString()).add(String.valueOf(day)).add(String.valueOf(ts));
      if (tags == null) {
        fields.add("null");
      } else {
        StringJoiner elements = new StringJoiner(", ", "[", "]");
        tags.forEach(tag -> elements.add(printedText(tag)));
        fields.add(elements.toString());
      }
      if (attrs == null) {
        fields.add("null");
      } else {
        Map<String, String> sorted = new TreeMap<>();
        attrs.forEach((k, v) -> sorted.put(printedText(k), String.valueOf(v)));
        StringJoiner entries = new StringJoiner(", ", "{", "}");
        sorted.forEach((k, v) -> entries.add(k + "=" + v));
        fields.add(entries.toString());
      }
      fields.add(point == null ? "null" : "(" + point.x() + ", " + printedText(point.y()) + ")");
      return fields.toString();
    }
  }

  /** The {@code point} column's value. */
  record Point(Integer x, String y) {}

  private SqlRows() {}

  /** {@code count} rows with ids 0 to count - 1. */
  static List<Row> random(Random random, int count) {
    List<Row> rows = new ArrayList<>(count);
    for (int id = 0; id < count; id++) {
      rows.add(new Row(id,
          orNull(random, text(random)),
          orNull(random, (random.nextBoolean() ? 1 : -1) * Math.scalb(1 + random.nextDouble(), random.nextInt(80) - 40)),
          orNull(random, random.nextBoolean()),
          orNull(random, BigDecimal.valueOf(random.nextLong() % 10_000_000_000L, 2)),
          orNull(random, FIRST_DAY.plusDays(random.nextInt(40_000))),
          orNull(random, LocalDateTime.of(FIRST_DAY.plusDays(random.nextInt(40_000)),
              LocalTime.ofNanoOfDay(random.nextInt(86_400_000) * 1_000_000L))),
          orNull(random, tags(random)),
          orNull(random, attrs(random)),
          orNull(random, new Point(orNull(random, random.nextInt()), orNull(random, text(random))))));
    }
    return rows;
  }

  /** {@code INSERT INTO table VALUES ...} on one line. */
  static String insert(String table, List<Row> rows) {
    StringJoiner values = new StringJoiner(", ");
    rows.forEach(row -> values.add(row.sql()));
    return "INSERT INTO " + table + " VALUES " + values;
  }

  private static List<String> tags(Random random) {
    List<String> tags = new ArrayList<>();
    for (int i = 1 + random.nextInt(3); i > 0; i--) {
      tags.add(orNull(random, text(random)));
    }
    return tags;
  }

  private static Map<String, Integer> attrs(Random random) {
    Map<String, Integer> attrs = new TreeMap<>();
    for (int i = 1 + random.nextInt(3); i > 0; i--) {
      attrs.put(text(random) + i, orNull(random, random.nextInt()));
    }
    return attrs;
  }

  private static String text(Random random) {
    StringBuilder text = new StringBuilder();
    for (int i = random.nextInt(10); i > 0; i--) {
      text.append(TEXT[random.nextInt(TEXT.length)]);
    }
    return text.toString();
  }

  /** A fifth of the values are NULL. */
  private static <T> T orNull(Random random, T value) {
    return random.nextInt(5) == 0 ? null : value;
  }

  private static String array(List<String> tags) {
    StringJoiner elements = new StringJoiner(", ", "ARRAY[", "]");
    tags.forEach(tag -> elements.add(cast(tag == null ? null : sqlText(tag), "STRING")));
    return elements.toString();
  }

  private static String map(Map<String, Integer> attrs) {
    StringJoiner entries = new StringJoiner(", ", "MAP[", "]");
    attrs.forEach((k, v) -> entries.add(cast(sqlText(k), "STRING")).add(cast(int32(v), "INT")));
    return entries.toString();
  }

  private static String int32(Integer value) {
    return value == null ? null : value.toString();
  }

  private static String cast(String literal, String type) {
    return "CAST(" + (literal == null ? "NULL" : literal) + " AS " + type + ")";
  }

  private static String sqlText(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private static String printedText(String text) {
    return text == null ? "null" : '"' + text.replace("\\", "\\\\").replace("\"", "\\\"") + '"';
  }
}
