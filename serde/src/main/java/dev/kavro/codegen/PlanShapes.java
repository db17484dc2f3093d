package dev.kavro.codegen;

import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.MapPlan;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.UnionPlan;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * Which arrays, maps and unions of one reader read alike, so that they share one generated method. Schemas repeat
 * such types field after field (a hundred-field record with ten {@code map<string>} fields has ten map plans), and
 * before this each got its own copy of the same code: more to compile, more instruction cache, and a JIT profile
 * split ten ways.
 *
 * <p>A shape key is a string built from the plan's structure: the kinds of its leaves (which take no constants),
 * {@link #idOf ids} of the plans that bring constants of their own (records, enums, fixed, logical types, errors) so
 * that those share only when they are the same plan, and for arrays the reader schema by equality. Equal array
 * schemas are one constant ({@link #arraySchema}): the arrays of fields that share a method hold the first such
 * field's schema, which equals their own. Not thread-safe: one per generated class.
 */
final class PlanShapes {
  private final Map<Object, Integer> ids = new IdentityHashMap<>();
  private final Map<Schema, Schema> arraySchemas = new HashMap<>();
  private final Map<ReadPlan, String> keys = new IdentityHashMap<>();

  /** The shape key of an array, map or union plan; {@code null} for other kinds, which keep a method each. */
  String of(ReadPlan plan) {
    return switch (plan.kind()) {
      case ARRAY, MAP, UNION -> key(plan);
      default -> null;
    };
  }

  /** The one instance of the array schemas equal to {@code schema} that this class's arrays carry. */
  Schema arraySchema(Schema schema) {
    return arraySchemas.computeIfAbsent(schema, s -> s);
  }

  private String key(ReadPlan plan) {
    String known = keys.get(plan);
    if (known != null) {
      return known;
    }
    String key = switch (plan.kind()) {
      case ARRAY -> {
        ArrayPlan array = (ArrayPlan) plan;
        yield "A(" + idOf(arraySchema(plan.reader())) + "," + array.minElementBytes() + "," + key(array.element())
            + ")";
      }
      case MAP -> {
        MapPlan map = (MapPlan) plan;
        yield "M(" + map.javaStringKeys() + "," + key(map.value()) + ")";
      }
      case UNION -> {
        StringBuilder union = new StringBuilder("U(");
        for (ReadPlan branch : ((UnionPlan) plan).branches()) {
          union.append(key(branch)).append(',');
        }
        yield union.append(')').toString();
      }
      // Leaves whose code takes no constant read alike wherever they are.
      case NULL, BOOLEAN, INT, LONG, FLOAT, DOUBLE, STRING_UTF8, STRING_JAVA, BYTES, INT_TO_LONG, INT_TO_FLOAT,
          INT_TO_DOUBLE, LONG_TO_FLOAT, LONG_TO_DOUBLE, FLOAT_TO_DOUBLE, STRING_TO_BYTES, BYTES_TO_UTF8,
          BYTES_TO_STRING -> plan.kind().name();
      // Plans with constants of their own (schemas, tables, conversions, messages), and records: by identity.
      case FIXED, ENUM, LOGICAL, ERROR, RECORD -> "#" + idOf(plan);
    };
    keys.put(plan, key);
    return key;
  }

  /** A number for {@code node} (a plan or a schema instance), the same for the same instance. */
  private int idOf(Object node) {
    return ids.computeIfAbsent(node, n -> ids.size());
  }
}
