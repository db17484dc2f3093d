package dev.kavro.cache;

import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;
import org.apache.avro.Schema;

/**
 * Bounds on what is compiled. A schema beyond them (too many fields in all, or nested too deeply) stays on the
 * fallback: hostile or accidental giants must not cost unbounded compile time or metaspace.
 *
 * @param maxFields the most record fields, summed over every record type in the plan
 * @param maxDepth the deepest nesting of records, arrays, maps and unions
 */
record CodegenLimits(int maxFields, int maxDepth) {
  static final CodegenLimits DEFAULT = new CodegenLimits(10_000, 64);

  /** @throws CodegenLimitException if {@code plan} is beyond a limit */
  void check(ReadPlan plan) {
    int[] fields = new int[1];
    walk(plan, 1, fields, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private void walk(ReadPlan plan, int depth, int[] fields, Set<ReadPlan> seen) {
    if (depth > maxDepth) {
      throw new CodegenLimitException("Schema nesting deeper than " + maxDepth + "; not compiled");
    }
    if (plan.kind() == ReadPlan.Kind.RECORD) {
      if (!seen.add(plan)) {
        return;
      }
      RecordPlan record = (RecordPlan) plan;
      fields[0] += record.fields().size() + record.defaults().size();
      if (fields[0] > maxFields) {
        throw new CodegenLimitException("Schema has more than " + maxFields + " fields; not compiled");
      }
    }
    // A logical type wraps its value without nesting it.
    int childDepth = plan.kind() == ReadPlan.Kind.LOGICAL ? depth : depth + 1;
    for (ReadPlan child : plan.children()) {
      walk(child, childDepth, fields, seen);
    }
  }

  /** @throws CodegenLimitException if {@code schema} (as written, by a compiled writer) is beyond a limit */
  void check(Schema schema) {
    walk(schema, 1, new int[1], Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private void walk(Schema schema, int depth, int[] fields, Set<Schema> seen) {
    if (depth > maxDepth) {
      throw new CodegenLimitException("Schema nesting deeper than " + maxDepth + "; not compiled");
    }
    switch (schema.getType()) {
      case RECORD -> {
        if (!seen.add(schema)) {
          return;
        }
        fields[0] += schema.getFields().size();
        if (fields[0] > maxFields) {
          throw new CodegenLimitException("Schema has more than " + maxFields + " fields; not compiled");
        }
        schema.getFields().forEach(f -> walk(f.schema(), depth + 1, fields, seen));
      }
      case ARRAY -> walk(schema.getElementType(), depth + 1, fields, seen);
      case MAP -> walk(schema.getValueType(), depth + 1, fields, seen);
      case UNION -> schema.getTypes().forEach(b -> walk(b, depth + 1, fields, seen));
      default -> { }
    }
  }
}
