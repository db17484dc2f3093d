package dev.kavro.codegen;

import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnionPlan;
import dev.kavro.runtime.FieldRuns;
import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * When and how a generic record's simple fields are read by {@link FieldRuns} instead of straight-line code.
 *
 * <p>Straight-line code is fastest while a reader's code fits the CPU's instruction cache. A plan with hundreds of
 * simple fields does not fit: there straight-line code runs fewer instructions than Avro's FastReader but misses the
 * instruction cache so often that it is no faster, while one shared loop over the fields is faster than both (the
 * bench's {@code unionHeavy} case, 600 optional fields). Small plans stay straight-line, where runs are slower.
 */
final class FieldRunOps {
  /** Plans with at least this many run-able fields (over their distinct records) use runs. */
  static final int MIN_PLAN_FIELDS = 64;
  /** Shorter stretches of run-able fields stay straight-line: the loop's setup is not worth it. */
  static final int MIN_RUN = 4;

  private FieldRunOps() {}

  /** Whether {@code root} is large enough for runs to pay. */
  static boolean worthwhile(ReadPlan root) {
    int fields = 0;
    Set<ReadPlan> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Deque<ReadPlan> todo = new ArrayDeque<>(List.of(root));
    while (!todo.isEmpty()) {
      ReadPlan plan = todo.pop();
      if (!seen.add(plan)) {
        continue;
      }
      if (plan instanceof RecordPlan record && record.genericRecords()) {
        for (RecordPlan.FieldStep step : record.fields()) {
          fields += !step.isSkip() && op(step.plan()) >= 0 ? 1 : 0;
        }
      }
      plan.children().forEach(todo::push);
    }
    return fields >= MIN_PLAN_FIELDS;
  }

  /** The {@link FieldRuns} op that reads {@code plan}, or -1 when it is not a run-able field. */
  static int op(ReadPlan plan) {
    int simple = simpleOp(plan);
    if (simple >= 0 || plan.kind() != ReadPlan.Kind.UNION) {
      return simple;
    }
    List<ReadPlan> branches = ((UnionPlan) plan).branches();
    if (branches.size() != 2) {
      return -1;
    }
    for (int value = 0; value < 2; value++) {
      int op = simpleOp(branches.get(value));
      if (op >= 0 && branches.get(1 - value).kind() == ReadPlan.Kind.NULL) {
        return op + (value == 0 ? FieldRuns.OPTIONAL_AT_0 : FieldRuns.OPTIONAL_AT_1);
      }
    }
    return -1;
  }

  private static int simpleOp(ReadPlan plan) {
    return switch (plan.kind()) {
      case BOOLEAN -> FieldRuns.BOOLEAN;
      case INT -> FieldRuns.INT;
      case LONG -> FieldRuns.LONG;
      case FLOAT -> FieldRuns.FLOAT;
      case DOUBLE -> FieldRuns.DOUBLE;
      case STRING_UTF8 -> FieldRuns.UTF8;
      case STRING_JAVA -> FieldRuns.STRING;
      default -> -1;
    };
  }
}
