package dev.kavro.flink.sql.client;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeMap;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableResult;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

/**
 * A minimal SQL client, compiled against Flink's API only and run in a JVM whose class path is Flink's lib/: it runs
 * a script's statements (one per line) in a local batch TableEnvironment, as the SQL client would, and prints each
 * query's rows as {@code ROW <label> <row>} in a form that does not depend on map order. A line
 * {@code -- label: NAME} names the next query. With {@code -Dkavro.mock.scope=S} it then prints the schemas of
 * Kavro's in-memory registry {@code mock://S} as {@code SCHEMA <id> <json>}: that registry lives in this JVM, so
 * the test that started it can decode the topic only with what this prints.
 */
public final class SqlClient {
  private static final String LABEL = "-- label:";
  /**
   * The local cluster listens on loopback only, as test servers must, and runs one task per operator (rows are
   * few; the machine may be small).
   */
  private static final Configuration LOCAL_CLUSTER = Configuration.fromMap(Map.of(
      "parallelism.default", "1",
      "jobmanager.bind-host", "127.0.0.1",
      "jobmanager.rpc.address", "127.0.0.1",
      "taskmanager.bind-host", "127.0.0.1",
      "taskmanager.host", "127.0.0.1",
      "rest.bind-address", "127.0.0.1",
      "rest.address", "127.0.0.1"));

  private SqlClient() {}

  public static void main(String[] args) throws Exception {
    TableEnvironment tables = TableEnvironment.create(
        EnvironmentSettings.newInstance().inBatchMode().withConfiguration(LOCAL_CLUSTER).build());
    String label = "unlabelled";
    for (String line : Files.readAllLines(Path.of(args[0]), StandardCharsets.UTF_8)) {
      String statement = line.trim();
      if (statement.startsWith(LABEL)) {
        label = statement.substring(LABEL.length()).trim();
      } else if (!statement.isEmpty() && !statement.startsWith("--")) {
        run(tables, statement, label);
      }
    }
    String scope = System.getProperty("kavro.mock.scope");
    if (scope != null) {
      printSchemas(scope);
    }
    System.out.println("DONE");
    System.out.flush();
    // The local cluster's threads would keep the JVM alive.
    System.exit(0);
  }

  private static void run(TableEnvironment tables, String statement, String label) throws Exception {
    TableResult result = tables.executeSql(statement);
    if (!statement.regionMatches(true, 0, "SELECT", 0, 6)) {
      result.await();
      return;
    }
    try (CloseableIterator<Row> rows = result.collect()) {
      for (Iterator<Row> it = rows; it.hasNext(); ) {
        System.out.println("ROW\t" + label + "\t" + render(it.next()));
      }
    }
  }

  static String render(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof Row) {
      Row row = (Row) value;
      StringJoiner fields = new StringJoiner(", ", "(", ")");
      for (int i = 0; i < row.getArity(); i++) {
        fields.add(render(row.getField(i)));
      }
      return fields.toString();
    }
    if (value instanceof Object[]) {
      StringJoiner elements = new StringJoiner(", ", "[", "]");
      for (Object element : (Object[]) value) {
        elements.add(render(element));
      }
      return elements.toString();
    }
    if (value instanceof Map) {
      Map<String, String> sorted = new TreeMap<>();
      ((Map<?, ?>) value).forEach((k, v) -> sorted.put(render(k), render(v)));
      StringJoiner entries = new StringJoiner(", ", "{", "}");
      sorted.forEach((k, v) -> entries.add(k + "=" + v));
      return entries.toString();
    }
    if (value instanceof String) {
      return '"' + ((String) value).replace("\\", "\\\\").replace("\"", "\\\"") + '"';
    }
    if (value instanceof BigDecimal) {
      return ((BigDecimal) value).toPlainString();
    }
    return value.toString();
  }

  /** Kavro's test registry is in the jar under its own name; reached by reflection, as this client knows Flink only. */
  private static void printSchemas(String scope) throws ReflectiveOperationException {
    Class<?> registry = Class.forName("dev.kavro.registry.MockSchemaRegistry");
    Object mock = registry.getMethod("forScope", String.class).invoke(null, scope);
    Method byId = registry.getMethod("schemaById", int.class);
    for (int id = 1; ; id++) {
      try {
        System.out.println("SCHEMA\t" + id + "\t" + byId.invoke(mock, id));
      } catch (InvocationTargetException unknownId) {
        return;
      }
    }
  }
}
