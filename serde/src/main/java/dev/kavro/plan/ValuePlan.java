package dev.kavro.plan;

import org.apache.avro.Schema;

/** A leaf: a primitive, bytes, string or fixed value, possibly promoted from the writer's type. */
public final class ValuePlan extends ReadPlan {
  ValuePlan(Kind kind, Schema writer, Schema reader) {
    super(kind, writer, reader);
  }

  /** The size of a {@link Kind#FIXED} value; {@code -1} for other kinds. */
  public int fixedSize() {
    return kind() == Kind.FIXED ? reader().getFixedSize() : -1;
  }
}
