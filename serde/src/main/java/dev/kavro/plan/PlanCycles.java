package dev.kavro.plan;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

/** Whether a plan reaches itself: only then can a datum nest deeper than its schema (see {@code NestingLimit}). */
public final class PlanCycles {
  private final Set<ReadPlan> done = Collections.newSetFromMap(new IdentityHashMap<>());
  private final Set<ReadPlan> open = Collections.newSetFromMap(new IdentityHashMap<>());

  private PlanCycles() {}

  /** Whether some node of {@code root} appears again below itself: the schema is recursive. */
  public static boolean isRecursive(ReadPlan root) {
    return new PlanCycles().reachesOpen(root);
  }

  private boolean reachesOpen(ReadPlan plan) {
    if (open.contains(plan)) {
      return true;
    }
    if (!done.add(plan)) {
      return false;
    }
    open.add(plan);
    for (ReadPlan child : plan.children()) {
      if (reachesOpen(child)) {
        return true;
      }
    }
    open.remove(plan);
    return false;
  }
}
