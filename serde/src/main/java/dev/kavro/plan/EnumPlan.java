package dev.kavro.plan;

import dev.kavro.runtime.ReadSupport;
import java.util.List;
import org.apache.avro.Schema;

/**
 * An enum read by writer ordinal. The reader's values are built once, in writer order; a writer symbol that the
 * reader lacks maps to the reader's default, or to {@code null} (an error when a datum carries it).
 */
public final class EnumPlan extends ReadPlan {
  private final Object[] values;

  EnumPlan(Schema writer, Schema reader, Object[] values) {
    super(Kind.ENUM, writer, reader);
    this.values = values.clone();
  }

  /** The reader value for each writer ordinal; {@code null} where the symbol has no match. A copy. */
  public Object[] values() {
    return values.clone();
  }

  /** The reader value for a writer ordinal read from the wire. */
  public Object valueFor(int ordinal) {
    return ReadSupport.enumValue(values, ordinal, writer());
  }

  /** The writer's symbols, for error messages. */
  public List<String> writerSymbols() {
    return writer().getEnumSymbols();
  }
}
