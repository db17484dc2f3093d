package dev.kavro.cache;

import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import org.apache.avro.Schema;

/**
 * Bounds on what is compiled. A schema beyond them (too many fields in all, or nested too deeply) stays on the
 * fallback: hostile or accidental giants must not cost unbounded compile time or metaspace.
 *
 * <p>Depth is measured per position: the longest chain of nested types below the root, wherever a named type occurs.
 * A record first met shallow (as a union branch, say) and again at the end of a long chain counts at the deeper place,
 * so naming a type cannot hide nesting. A recursive reference ends a chain (compiled code reads it with a call).
 *
 * @param maxFields the most record fields, summed over every record type in the plan
 * @param maxDepth the deepest nesting of records, arrays, maps and unions
 */
record CodegenLimits(int maxFields, int maxDepth) {
  static final CodegenLimits DEFAULT = new CodegenLimits(10_000, 64);

  /** @throws CodegenLimitException if {@code plan} is beyond a limit */
  void check(ReadPlan plan) {
    int fields = 0;
    for (ReadPlan record : distinct(plan, ReadPlan::children, p -> p.kind() == ReadPlan.Kind.RECORD)) {
      RecordPlan r = (RecordPlan) record;
      fields += r.fields().size() + r.defaults().size();
    }
    checkFields(fields);
    // A logical type wraps its value without nesting it.
    checkDepth(new Heights<ReadPlan>(ReadPlan::children, p -> p.kind() == ReadPlan.Kind.LOGICAL ? 0 : 1).of(plan));
  }

  /** @throws CodegenLimitException if {@code schema} (as written, by a compiled writer) is beyond a limit */
  void check(Schema schema) {
    int fields = 0;
    for (Schema record : distinct(schema, CodegenLimits::children, s -> s.getType() == Schema.Type.RECORD)) {
      fields += record.getFields().size();
    }
    checkFields(fields);
    checkDepth(new Heights<Schema>(CodegenLimits::children, s -> 1).of(schema));
  }

  private void checkFields(int fields) {
    if (fields > maxFields) {
      throw new CodegenLimitException("Schema has more than " + maxFields + " fields; not compiled");
    }
  }

  private void checkDepth(int depth) {
    if (depth > maxDepth) {
      throw new CodegenLimitException("Schema nesting deeper than " + maxDepth + "; not compiled");
    }
  }

  private static List<Schema> children(Schema schema) {
    return switch (schema.getType()) {
      case RECORD -> schema.getFields().stream().map(Schema.Field::schema).toList();
      case ARRAY -> List.of(schema.getElementType());
      case MAP -> List.of(schema.getValueType());
      case UNION -> schema.getTypes();
      default -> List.of();
    };
  }

  /** Every node of the graph below {@code root} that {@code counted} selects, each once. */
  private static <T> Set<T> distinct(T root, Function<T, List<T>> children, java.util.function.Predicate<T> counted) {
    Set<T> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Set<T> selected = Collections.newSetFromMap(new IdentityHashMap<>());
    java.util.ArrayDeque<T> todo = new java.util.ArrayDeque<>();
    todo.push(root);
    while (!todo.isEmpty()) {
      T node = todo.pop();
      if (seen.add(node)) {
        if (counted.test(node)) {
          selected.add(node);
        }
        children.apply(node).forEach(todo::push);
      }
    }
    return selected;
  }

  /**
   * The longest chain of nesting below a node, memoized per node so that shared types cost one visit; a reference
   * back to a node still being measured (recursion) adds nothing.
   */
  private static final class Heights<T> {
    private final Function<T, List<T>> children;
    private final java.util.function.ToIntFunction<T> weight;
    private final Map<T, Integer> heights = new IdentityHashMap<>();
    private final Set<T> inProgress = Collections.newSetFromMap(new IdentityHashMap<>());

    Heights(Function<T, List<T>> children, java.util.function.ToIntFunction<T> weight) {
      this.children = children;
      this.weight = weight;
    }

    int of(T node) {
      Integer known = heights.get(node);
      if (known != null) {
        return known;
      }
      if (!inProgress.add(node)) {
        return 0;
      }
      int deepest = 0;
      for (T child : children.apply(node)) {
        deepest = Math.max(deepest, of(child));
      }
      inProgress.remove(node);
      int height = weight.applyAsInt(node) + deepest;
      heights.put(node, height);
      return height;
    }
  }
}
