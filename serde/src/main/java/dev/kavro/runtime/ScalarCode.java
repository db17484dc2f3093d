package dev.kavro.runtime;

/**
 * The byte codes of the scalar kinds ({@code dev.kavro.plan.ScalarKind}) for loops that keep one code per field in a
 * {@code byte[]} and switch over it: {@link FieldRuns}, {@link BoxedFields} and the Connect converter's node trees. A
 * byte switch needs no lookup of an enum's ordinal, and a whole record's codes are one small array.
 *
 * <p>Two codes are variants that only some loops take: {@link #JAVA_STRING} and {@link #NUMBER_AS_INT}. The values are
 * ordered so that every loop's codes form one range without gaps (the variants sit at either end of the kinds, bytes
 * next to the one that uses them).
 */
public final class ScalarCode {
  /** No scalar: the field is read or written some other way. The default of a new {@code byte[]}. */
  public static final byte NONE = 0;
  /** A string as {@code java.lang.String}, where a loop otherwise reads {@code Utf8} ({@link FieldRuns}). */
  public static final byte JAVA_STRING = 1;
  /** A {@code Boolean}. */
  public static final byte BOOLEAN = 2;
  /** An {@code Integer}. */
  public static final byte INT = 3;
  /** A {@code Long}. */
  public static final byte LONG = 4;
  /** A {@code Float}. */
  public static final byte FLOAT = 5;
  /** A {@code Double}. */
  public static final byte DOUBLE = 6;
  /** A string: each loop says which Java class. */
  public static final byte STRING = 7;
  /** Avro bytes: each loop says which Java classes. */
  public static final byte BYTES = 8;
  /** Any {@code Number} written as an Avro int by {@code intValue()} (a {@code Byte} or a {@code Short}). */
  public static final byte NUMBER_AS_INT = 9;

  private ScalarCode() {}
}
