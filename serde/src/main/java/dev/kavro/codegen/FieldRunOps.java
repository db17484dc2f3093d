package dev.kavro.codegen;

import dev.kavro.plan.Nullable;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.ScalarKind;
import dev.kavro.runtime.FieldRuns;
import dev.kavro.runtime.ScalarCode;
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
    Nullable<ReadPlan> optional = Nullable.of(plan);
    if (optional == null) {
      return scalarOp(plan);
    }
    int op = scalarOp(optional.value());
    if (op < 0) {
      return -1;
    }
    return op + (optional.valueBranch() == 0 ? FieldRuns.OPTIONAL_AT_0 : FieldRuns.OPTIONAL_AT_1);
  }

  /** A scalar's op: its code, a string's as {@code Utf8} or as {@code String}; bytes are not run-able. */
  private static int scalarOp(ReadPlan plan) {
    ScalarKind kind = ScalarKind.of(plan);
    if (kind == null || kind == ScalarKind.BYTES) {
      return -1;
    }
    return plan.kind() == ReadPlan.Kind.STRING_JAVA ? ScalarCode.JAVA_STRING : kind.code();
  }
}
