package dev.kavro.plan;

import dev.kavro.runtime.ScalarCode;
import org.apache.avro.Schema;

/**
 * Internal API: the plain scalar values that every executor reads and writes alike, whatever its data model (generic
 * records, Connect structs, Flink rows): one value of one Avro primitive type, read or written as it stands on the
 * wire, without promotion, conversion or lookup. Executors read such fields by a switch over the kind instead of a
 * node or method per field, so this is where the generator, the field runs and the adapters agree what a plain scalar
 * is. How a kind is represented (a string as {@code Utf8} or {@code String}, bytes as a buffer or an array) is the
 * executor's choice.
 *
 * <p>The union of null and one value, the common optional field, is described by {@link Nullable}.
 */
public enum ScalarKind {
  BOOLEAN(ScalarCode.BOOLEAN),
  INT(ScalarCode.INT),
  LONG(ScalarCode.LONG),
  FLOAT(ScalarCode.FLOAT),
  DOUBLE(ScalarCode.DOUBLE),
  STRING(ScalarCode.STRING),
  BYTES(ScalarCode.BYTES);

  private final byte code;

  ScalarKind(byte code) {
    this.code = code;
  }

  /** This kind's {@link ScalarCode}, for loops that switch over a {@code byte[]} of codes. */
  public byte code() {
    return code;
  }

  /**
   * The kind that {@code plan} reads as it stands: a boolean, int, long, float, double, string (as {@code Utf8} or as
   * {@code String}) or bytes read into the writer's own type. {@code null} for every other plan: null, fixed, enums,
   * promotions, logical types (the {@link LogicalPlan} converts; its {@link LogicalPlan#inner() inner} plan may be a
   * scalar), containers, records, unions and errors.
   */
  public static ScalarKind of(ReadPlan plan) {
    return switch (plan.kind()) {
      case BOOLEAN -> BOOLEAN;
      case INT -> INT;
      case LONG -> LONG;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case STRING_UTF8, STRING_JAVA -> STRING;
      case BYTES -> BYTES;
      default -> null;
    };
  }

  /**
   * The kind of {@code schema}'s Avro type, what a writer puts on the wire for it: its logical type, if any, is not
   * looked at (a {@code date} is an {@link #INT}), the writer decides about conversions. {@code null} for null, fixed,
   * enums, arrays, maps, records and unions.
   */
  public static ScalarKind ofType(Schema schema) {
    return switch (schema.getType()) {
      case BOOLEAN -> BOOLEAN;
      case INT -> INT;
      case LONG -> LONG;
      case FLOAT -> FLOAT;
      case DOUBLE -> DOUBLE;
      case STRING -> STRING;
      case BYTES -> BYTES;
      default -> null;
    };
  }
}
