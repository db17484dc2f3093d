package dev.kavro.plan;

import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;

/**
 * Internal API: a union of exactly two branches, null and one value, the common optional field ({@code ["null", T]}
 * or {@code [T, "null"]}). Executors read and write it inline, one branch index then the value, instead of through a
 * general union; this is the one place that decides which unions qualify.
 *
 * @param nullBranch the index of the null branch: 0 or 1
 * @param value the value branch: its plan (of a writer union) or its schema (of a union schema)
 * @param <T> {@link ReadPlan} or {@link Schema}
 */
public record Nullable<T>(int nullBranch, T value) {

  /**
   * @throws IllegalArgumentException if {@code nullBranch} is neither 0 nor 1
   * @throws NullPointerException if {@code value} is null
   */
  public Nullable {
    if (nullBranch != 0 && nullBranch != 1) {
      throw new IllegalArgumentException("The null branch of a two-branch union is 0 or 1, not " + nullBranch);
    }
    Objects.requireNonNull(value, "value");
  }

  /** The index of the value branch: the other one. */
  public int valueBranch() {
    return 1 - nullBranch;
  }

  /**
   * The nullable shape of {@code plan}: a writer union of two branches of which one reads null ({@link
   * ReadPlan.Kind#NULL}); {@code null} for any other plan. A null branch the reader cannot take is an error plan, not
   * a null one, so such a union is not nullable here: it reads as a general union, failing on null as Avro does.
   */
  public static Nullable<ReadPlan> of(ReadPlan plan) {
    if (plan.kind() != ReadPlan.Kind.UNION) {
      return null;
    }
    List<ReadPlan> branches = ((UnionPlan) plan).branches();
    int nullBranch = branches.size() == 2 ? nullIndex(branches.get(0).kind() == ReadPlan.Kind.NULL,
        branches.get(1).kind() == ReadPlan.Kind.NULL) : -1;
    return nullBranch < 0 ? null : new Nullable<>(nullBranch, branches.get(1 - nullBranch));
  }

  /** The nullable shape of {@code schema}: a union of two types of which one is null; {@code null} for any other. */
  public static Nullable<Schema> of(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return null;
    }
    List<Schema> types = schema.getTypes();
    int nullBranch = types.size() == 2 ? nullIndex(types.get(0).getType() == Schema.Type.NULL,
        types.get(1).getType() == Schema.Type.NULL) : -1;
    return nullBranch < 0 ? null : new Nullable<>(nullBranch, types.get(1 - nullBranch));
  }

  /** Which of two branches is the only null one, or -1 when none or both are. */
  private static int nullIndex(boolean firstIsNull, boolean secondIsNull) {
    if (firstIsNull == secondIsNull) {
      return -1;
    }
    return firstIsNull ? 0 : 1;
  }
}
