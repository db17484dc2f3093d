package dev.kavro.plan;

import org.apache.avro.Schema;

/** An array: its element plan, and the reader schema for the {@code GenericData.Array} it builds. */
public final class ArrayPlan extends ReadPlan {
  private final ReadPlan element;

  ArrayPlan(Schema writer, Schema reader, ReadPlan element) {
    super(Kind.ARRAY, writer, reader);
    this.element = element;
  }

  public ReadPlan element() {
    return element;
  }
}
