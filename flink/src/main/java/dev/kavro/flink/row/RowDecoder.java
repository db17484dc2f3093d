package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ThreadScratch;
import java.io.IOException;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.types.logical.RowType;

/**
 * Decodes Avro binary data of one writer schema straight into Flink's internal rows ({@link GenericRowData} with
 * {@code StringData}, {@code TimestampData}, {@code DecimalData}, {@code GenericArrayData}, {@code GenericMapData}),
 * with no {@code GenericRecord}, {@code Utf8} or {@code String} in between.
 *
 * <p>Built once per (writer schema, produced row type, timestamp mapping): the writer is resolved against a reader
 * schema derived from the row type and shaped after the writer (see {@code ReaderSchemas}) by Kavro's
 * {@link PlanBuilder}, so every Avro resolution rule and Kavro's case rule hold (promotions, writer fields the row
 * leaves out skipped, nullable columns the writer lacks read as null, unions resolved per branch, enums read as their
 * symbols); the plan becomes a tree of readers that inspects no schema per record.
 *
 * <p>Internal: the format builds these; not an API for users. Thread-safe: the tree is immutable and each thread
 * decodes with its own {@link ByteArrayDecoder}.
 */
public final class RowDecoder {
  /** A model without conversions: the tree converts logical types itself, from the writer's schema. */
  private static final GenericData MODEL = new GenericData();

  private final Schema writer;
  private final Schema reader;
  private final RowType producedType;
  private final RecordReader root;
  private final ThreadScratch<ByteArrayDecoder> decoders = new ThreadScratch<>(ByteArrayDecoder::new);

  private RowDecoder(Schema writer, Schema reader, RowType producedType, RecordReader root) {
    this.writer = writer;
    this.reader = reader;
    this.producedType = producedType;
    this.root = root;
  }

  /**
   * The decoder of data written with {@code writer} into rows of {@code producedType} (the table's row type after
   * projection: the writer's other fields are skipped).
   *
   * @throws IllegalArgumentException when the writer cannot be read as the row type whatever the data: it is not a
   *     record, it lacks a NOT NULL column, or a column type is not supported by {@code mapping}
   */
  public static RowDecoder create(Schema writer, RowType producedType, TimestampMapping mapping) {
    return create(writer, producedType, mapping, null);
  }

  /**
   * As {@link #create(Schema, RowType, TimestampMapping)}, reading as the reader schema {@code readerSchema} would
   * read the data, where it is not null: a column's field there may name the writer's field by an alias, and a
   * column the writer lacks takes that field's default. The columns' types still decide each value's type.
   *
   * @param readerSchema a record schema with a field for each column the writer may lack, or {@code null}
   * @throws IllegalArgumentException as {@link #create(Schema, RowType, TimestampMapping)}, or when a default cannot
   *     fill its column
   */
  public static RowDecoder create(Schema writer, RowType producedType, TimestampMapping mapping,
      Schema readerSchema) {
    Objects.requireNonNull(writer, "writer");
    Objects.requireNonNull(producedType, "producedType");
    Objects.requireNonNull(mapping, "mapping");
    Schema reader = ReaderSchemas.derive(writer, producedType, mapping, readerSchema);
    ReadPlan plan;
    try {
      plan = PlanBuilder.build(writer, reader, MODEL);
    } catch (UnsupportedSchemaException e) {
      throw new IllegalArgumentException("The writer schema " + writer.getFullName() + " cannot be read as "
          + producedType.asSummaryString() + ": " + e.getMessage(), e);
    }
    if (plan.kind() != ReadPlan.Kind.RECORD) {
      throw new IllegalArgumentException("The writer schema " + writer.getFullName() + " cannot be read as "
          + producedType.asSummaryString() + ": " + plan);
    }
    return new RowDecoder(writer, reader, producedType, new ReadTree(mapping).record((RecordPlan) plan,
        producedType));
  }

  /**
   * The row in {@code length} bytes of Avro binary data from {@code offset} of {@code message} (after the caller's
   * framing). Bytes after the datum are ignored, as Avro's and Flink's readers ignore them.
   *
   * @throws IOException for data that is not a valid datum of the writer schema (truncated, negative or huge lengths,
   *     bad union indexes or enum ordinals, values out of a column's range, branches the row type cannot take); the
   *     message names the field; memory stays bounded by {@code length}
   */
  public GenericRowData decode(byte[] message, int offset, int length) throws IOException {
    ByteArrayDecoder in = decoders.get().wrap(message, offset, length);
    try {
      return root.read(in);
    } catch (DecodeFailure e) {
      throw new IOException(failure() + e.getMessage(), e.getCause());
    } catch (IOException | RuntimeException e) {
      throw new IOException(failure() + DecodeFailure.describe(e), e);
    } catch (StackOverflowError e) {
      // Only skipping a writer field of a recursive type recurses with the data (the row type itself cannot).
      throw new IOException(failure() + "a skipped recursive field nests too deeply for the thread's stack", e);
    }
  }

  private String failure() {
    return "Invalid Avro data for writer schema " + writer.getFullName() + " read as "
        + producedType.asSummaryString() + ": ";
  }

  /** The reader schema the writer was resolved against (for diagnostics and tests). */
  public Schema readerSchema() {
    return reader;
  }

  /** The row type this decoder produces. */
  public RowType producedType() {
    return producedType;
  }
}
