package dev.kavro.plan;

import java.util.List;
import org.apache.avro.Schema;

/**
 * One node of an immutable resolution plan: how to turn bytes written with {@link #writer()} into a value of the
 * reader's type. The compiled reader and the fallback both execute the same plan tree; neither looks at the schemas
 * again to decide what to do.
 *
 * <p>Plans are built once per (writer, reader, data model) by {@link PlanBuilder}. Record plans may be cyclic
 * (recursive schemas); walkers keep their own visited set.
 */
public abstract class ReadPlan {

  /** What a node does; executors switch over it. */
  public enum Kind {
    NULL, BOOLEAN, INT, LONG, FLOAT, DOUBLE,
    /** A string read as {@code Utf8}, reusing the old {@code Utf8} where there is one. */
    STRING_UTF8,
    /** A string read as {@code java.lang.String} ({@code avro.java.string: String}). */
    STRING_JAVA,
    BYTES, FIXED,
    INT_TO_LONG, INT_TO_FLOAT, INT_TO_DOUBLE, LONG_TO_FLOAT, LONG_TO_DOUBLE, FLOAT_TO_DOUBLE,
    STRING_TO_BYTES, BYTES_TO_UTF8, BYTES_TO_STRING,
    ENUM, ARRAY, MAP, RECORD, UNION,
    /** A logical-type conversion applied to the value its inner plan reads. */
    LOGICAL,
    /** Data that cannot be resolved; fails only when a datum reaches it, as Avro does. */
    ERROR
  }

  private final Kind kind;
  private final Schema writer;
  private final Schema reader;

  ReadPlan(Kind kind, Schema writer, Schema reader) {
    this.kind = kind;
    this.writer = writer;
    this.reader = reader;
  }

  public final Kind kind() {
    return kind;
  }

  /** The writer's schema at this node. */
  public final Schema writer() {
    return writer;
  }

  /** The reader's schema at this node; the type of the value produced. */
  public final Schema reader() {
    return reader;
  }

  /**
   * The plans this one reads through, for walks over the whole plan (a recursive record appears again below itself,
   * so walkers keep a set of plans seen): none for leaves.
   */
  public List<ReadPlan> children() {
    return List.of();
  }

  /**
   * Whether the executor passes the previous value at this position in as reuse. Follows Avro's fast reader:
   * records, arrays, fixed, bytes and {@code Utf8} strings reuse; everything else reads fresh.
   */
  public boolean reusesOldValue() {
    return switch (kind) {
      case RECORD, ARRAY, FIXED, BYTES, STRING_UTF8 -> true;
      default -> false;
    };
  }

  @Override
  public String toString() {
    return kind + "(" + writer.getType() + " -> " + reader.getType() + ")";
  }
}
