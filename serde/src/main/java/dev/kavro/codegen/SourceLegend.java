package dev.kavro.codegen;

import dev.kavro.plan.ReadPlan;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import org.apache.avro.Schema;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The debugging view of generated classes. Every successful compile logs one DEBUG line (class name, root type,
 * fingerprints) on the compiling cache's logger; with the logger {@value #LOGGER_NAME} at TRACE, it also logs the
 * class's numbered source and a legend of its synthetic names: what each method {@code mN}/{@code wN} reads or writes
 * (the plan node or schema, by type and full name; a record or array reader's fresh and reusing twins name each
 * other) and what each constant {@code kN} holds.
 *
 * <p>The legend is built beside the source and printed after it; it never enters the compiled text, so schema names,
 * docs and defaults still never become Java source. Method names are recorded while the generator runs on the
 * compiling thread ({@link MethodQueue} reports them), and only while that logger is at TRACE.
 */
public final class SourceLegend {
  /** The logger that prints every compiled class's numbered source and legend at TRACE. */
  public static final String LOGGER_NAME = "dev.kavro.codegen.source";

  private static final Logger SOURCE_LOG = LoggerFactory.getLogger(LOGGER_NAME);
  private static final ThreadLocal<SourceLegend> RECORDING = new ThreadLocal<>();
  private static final int MAX_TEXT = 60;

  /** Method name to what the generator keyed it by (a plan node, a schema). */
  private final Map<String, Object> methods = new LinkedHashMap<>();

  private SourceLegend() {}

  /**
   * Runs {@code generator} on this thread; while it runs, the method names it hands out are recorded when the source
   * logger is at TRACE.
   */
  public static Generated generate(Callable<GeneratedSource> generator) throws Exception {
    if (!SOURCE_LOG.isTraceEnabled()) {
      return new Generated(generator.call(), null);
    }
    SourceLegend legend = new SourceLegend();
    SourceLegend outer = RECORDING.get();
    RECORDING.set(legend);
    try {
      return new Generated(generator.call(), legend);
    } finally {
      if (outer == null) {
        RECORDING.remove();
      } else {
        RECORDING.set(outer);
      }
    }
  }

  /** Called by {@link MethodQueue} when it names the method for {@code key}; does nothing unless recording. */
  static void methodNamed(String name, Object key) {
    SourceLegend legend = RECORDING.get();
    if (legend != null) {
      legend.methods.put(name, key);
    }
  }

  /** A generated source, and the legend of its method names when it was recorded. */
  public record Generated(GeneratedSource source, SourceLegend legend) {
    /**
     * Logs a successful compile: one line at DEBUG on {@code log}; the numbered source and the legend at TRACE on
     * {@value #LOGGER_NAME}.
     *
     * @param what "reader", "writer", ... ; {@code subject} names the root type and the fingerprints
     */
    public void logCompiled(Logger log, String what, Object subject, long nanos) {
      if (log.isDebugEnabled()) {
        log.debug("Compiled Kavro {} {} for {} in {} ms", what, source.className(), subject, nanos / 1_000_000);
      }
      if (SOURCE_LOG.isTraceEnabled()) {
        SOURCE_LOG.trace("Source of Kavro {} {} for {}:\n{}Legend (not part of the compiled source):\n{}", what,
            source.className(), subject, source.numberedSource(), legendText());
      }
    }

    /** The legend: one line per method (when recorded), then one per constant. */
    public String legendText() {
      StringBuilder text = new StringBuilder();
      if (legend != null) {
        Map<Object, String> names = new HashMap<>();
        legend.methods.forEach((name, key) -> names.put(key, name));
        legend.methods.forEach((name, key) -> text.append(String.format("  %-6s %s%n", name, method(key, names))));
      }
      Object[] constants = source.constants();
      for (int i = 0; i < constants.length; i++) {
        text.append(String.format("  %-6s %s%n", "k" + i, describe(constants[i])));
      }
      return text.toString();
    }
  }

  /** What the method keyed {@code key} reads or writes; a reader method names its twin, when there is one. */
  private static String method(Object key, Map<Object, String> names) {
    if (!(key instanceof ReaderGenerator.MethodKey method)) {
      return describe(key);
    }
    String text = describe(method.plan());
    ReaderGenerator.MethodKey twin = method.twin();
    if (twin == null) {
      return text;
    }
    String twinName = names.get(twin);
    return text + (method.fresh() ? ", fresh values" : ", reusing old values")
        + (twinName == null ? "" : " (twin of " + twinName + ")");
  }

  /** A short, one-line description: types and full names, sizes; never a schema's JSON. */
  static String describe(Object value) {
    if (value == null) {
      return "null";
    }
    if (value instanceof ReadPlan plan) {
      return plan.kind() + " " + describe(plan.writer()) + " -> " + describe(plan.reader());
    }
    if (value instanceof Schema schema) {
      return switch (schema.getType()) {
        case RECORD, ENUM, FIXED -> schema.getType().getName() + " " + schema.getFullName();
        case ARRAY -> "array<" + describe(schema.getElementType()) + ">";
        case MAP -> "map<" + describe(schema.getValueType()) + ">";
        case UNION -> "union" + schema.getTypes().stream().map(SourceLegend::describe).toList();
        default -> schema.getType().getName()
            + (schema.getLogicalType() == null ? "" : " (" + schema.getLogicalType().getName() + ")");
      };
    }
    if (value instanceof CharSequence text) {
      return value.getClass().getSimpleName() + " \"" + shortened(text.toString()) + "\"";
    }
    if (value.getClass().isArray()) {
      return value.getClass().getComponentType().getSimpleName() + "[" + java.lang.reflect.Array.getLength(value)
          + "]";
    }
    if (value instanceof Enum<?> || value instanceof Number || value instanceof Boolean) {
      return String.valueOf(value);
    }
    String type = value.getClass().getName();
    return type.substring(type.lastIndexOf('.') + 1);
  }

  private static String shortened(String text) {
    String oneLine = text.replace('\n', ' ').replace('\r', ' ');
    return oneLine.length() <= MAX_TEXT ? oneLine : oneLine.substring(0, MAX_TEXT) + "...";
  }
}
