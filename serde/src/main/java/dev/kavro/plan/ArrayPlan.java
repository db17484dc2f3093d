package dev.kavro.plan;

import java.util.List;
import dev.kavro.runtime.ReadSupport;
import org.apache.avro.Schema;

/** An array: its element plan, and the reader schema for the {@code GenericData.Array} it builds. */
public final class ArrayPlan extends ReadPlan {
  private final ReadPlan element;
  private final int minElementBytes;

  ArrayPlan(Schema writer, Schema reader, ReadPlan element) {
    super(Kind.ARRAY, writer, reader);
    this.element = element;
    // Sized by what the writer wrote, not by the reader's element type as Avro 1.12.2 does: a reader element that
    // adds fields with defaults takes no more bytes on the wire, and sizing by it rejects valid data.
    this.minElementBytes = ReadSupport.minimumBytes(writer.getElementType());
  }

  public ReadPlan element() {
    return element;
  }

  /**
   * The fewest bytes a written element takes; a block claiming more elements than the remaining bytes allow is rejected
   * before anything is allocated. Zero means elements can be empty, and Avro's allocation cap bounds them instead.
   */
  public int minElementBytes() {
    return minElementBytes;
  }

  @Override
  public List<ReadPlan> children() {
    return List.of(element);
  }
}
