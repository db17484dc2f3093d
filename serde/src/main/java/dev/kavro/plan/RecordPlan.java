package dev.kavro.plan;

import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * A record: one step per writer field, in writer order (read into a reader position, or skip), then one step per
 * reader field the writer lacks (its default). This is Avro's {@code RecordAdjust}, laid out for straight-line
 * execution.
 *
 * <p>Built in two phases so that recursive schemas can point at a plan that is still being filled; it is immutable
 * once {@link PlanBuilder} returns.
 */
public final class RecordPlan extends ReadPlan {
  private final GenericData.InstanceSupplier supplier;
  private final boolean genericRecords;
  private List<FieldStep> fields;
  private List<DefaultStep> defaults;

  RecordPlan(Schema writer, Schema reader, GenericData.InstanceSupplier supplier, boolean genericRecords) {
    super(Kind.RECORD, writer, reader);
    this.supplier = supplier;
    this.genericRecords = genericRecords;
  }

  void complete(List<FieldStep> fields, List<DefaultStep> defaults) {
    this.fields = List.copyOf(fields);
    this.defaults = List.copyOf(defaults);
  }

  /** Creates or reuses the record instance, as the data model does. */
  public GenericData.InstanceSupplier supplier() {
    return supplier;
  }

  /**
   * Whether instances are plain {@code GenericData.Record}s, which executors may create and reuse directly
   * (reuse when the old record has this very reader schema, as {@code GenericData.newRecord} does).
   */
  public boolean genericRecords() {
    return genericRecords;
  }

  /** One step per writer field, in writer order. */
  public List<FieldStep> fields() {
    return fields;
  }

  /** Reader fields the writer lacks, filled from their defaults after the writer's fields. */
  public List<DefaultStep> defaults() {
    return defaults;
  }

  /** What to do with one writer field. */
  public record FieldStep(int readerPos, ReadPlan plan, Schema skipSchema) {
    static FieldStep read(int readerPos, ReadPlan plan) {
      return new FieldStep(readerPos, plan, null);
    }

    static FieldStep skip(Schema writerSchema) {
      return new FieldStep(-1, null, writerSchema);
    }

    /** Whether the writer's value is skipped: the reader has no field for it. */
    public boolean isSkip() {
      return plan == null;
    }
  }

  /** The plans of the writer fields that are read (skipped fields have none). */
  @Override
  public List<ReadPlan> children() {
    return fields.stream().filter(step -> !step.isSkip()).map(FieldStep::plan).toList();
  }
}
