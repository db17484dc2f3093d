package dev.kavro.plan;

import java.util.List;
import org.apache.avro.Schema;

/**
 * A writer union: the branch index on the wire selects one plan per writer branch. (A reader union under a
 * non-union writer needs no node: the builder resolves the branch once and returns its plan directly.)
 */
public final class UnionPlan extends ReadPlan {
  private final List<ReadPlan> branches;

  UnionPlan(Schema writer, Schema reader, List<ReadPlan> branches) {
    super(Kind.UNION, writer, reader);
    this.branches = List.copyOf(branches);
  }

  /** One plan per writer branch, by branch index. */
  public List<ReadPlan> branches() {
    return branches;
  }

  @Override
  public List<ReadPlan> children() {
    return branches;
  }
}
