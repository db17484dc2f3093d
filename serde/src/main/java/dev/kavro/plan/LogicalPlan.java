package dev.kavro.plan;

import java.util.List;
import org.apache.avro.Conversion;
import org.apache.avro.LogicalType;

/**
 * A logical type: the inner plan reads the underlying value, then the data model's conversion turns it into the
 * logical value (for example {@code BigDecimal} for {@code decimal}).
 */
public final class LogicalPlan extends ReadPlan {
  private final ReadPlan inner;
  private final Conversion<?> conversion;

  LogicalPlan(ReadPlan inner, Conversion<?> conversion) {
    super(Kind.LOGICAL, inner.writer(), inner.reader());
    this.inner = inner;
    this.conversion = conversion;
  }

  public ReadPlan inner() {
    return inner;
  }

  public Conversion<?> conversion() {
    return conversion;
  }

  public LogicalType logicalType() {
    return reader().getLogicalType();
  }

  /** Converted values are never reused, as in Avro's fast reader: the old value is a logical object. */
  @Override
  public boolean reusesOldValue() {
    return false;
  }

  @Override
  public List<ReadPlan> children() {
    return List.of(inner);
  }
}
