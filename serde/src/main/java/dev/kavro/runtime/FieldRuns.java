package dev.kavro.runtime;

import java.io.IOException;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.Decoder;
import org.apache.avro.util.Utf8;

/**
 * Reads a run of a generic record's simple fields (primitives, strings, and unions of null with one of them) from a
 * program of {@code (reader position, op)} pairs that a generated reader passes in as a constant. An op is a
 * {@link ScalarCode} ({@code BOOLEAN} to {@code DOUBLE}; {@code STRING} as {@code Utf8}, reusing the record's old one
 * where there is one; {@code JAVA_STRING} as {@code String}), plus {@link #OPTIONAL_AT_0} or {@link #OPTIONAL_AT_1}
 * for a union with null.
 *
 * <p>Why a loop, for code generation's whole point is to avoid one: straight-line code for hundreds of fields
 * outgrows the CPU's instruction cache, and every record then refetches its reader's code. This one shared, compact
 * loop stays cached, and its {@code switch} on a fixed op sequence is a well-predicted jump, not a virtual call.
 * Results equal the straight-line expressions': same boxes, same {@code Utf8} reuse, same errors.
 *
 * <p>Stateless and thread-safe.
 */
public final class FieldRuns {
  /** Added to an op: a union of null (branch 1) and the op's type (branch 0). */
  public static final int OPTIONAL_AT_0 = 16;
  /** Added to an op: a union of null (branch 0) and the op's type (branch 1). */
  public static final int OPTIONAL_AT_1 = 32;

  private static final int TYPE_MASK = 15;

  private FieldRuns() {}

  /**
   * Reads the fields of {@code program} into {@code r}, in order.
   *
   * @throws IOException when the input ends early or is malformed
   */
  public static void read(GenericData.Record r, Decoder in, int[] program) throws IOException {
    for (int i = 0; i < program.length; i += 2) {
      int pos = program[i];
      int op = program[i + 1];
      int optional = op >>> 4;
      if (optional != 0 && !ReadSupport.isValueBranch(in, optional - 1)) {
        r.put(pos, null);
      } else {
        r.put(pos, value(op, r, pos, in));
      }
    }
  }

  private static Object value(int op, GenericData.Record r, int pos, Decoder in) throws IOException {
    switch (op & TYPE_MASK) {
      case ScalarCode.BOOLEAN:
        return Boolean.valueOf(in.readBoolean());
      case ScalarCode.INT:
        return Integer.valueOf(in.readInt());
      case ScalarCode.LONG:
        return Long.valueOf(in.readLong());
      case ScalarCode.FLOAT:
        return Float.valueOf(in.readFloat());
      case ScalarCode.DOUBLE:
        return Double.valueOf(in.readDouble());
      case ScalarCode.STRING:
        // Only a required string reuses the old Utf8, as straight-line code does; optional ones read fresh.
        return ReadSupport.readUtf8(in, op < OPTIONAL_AT_0 ? r.get(pos) : null);
      case ScalarCode.JAVA_STRING:
        return in.readString();
      default:
        throw new IllegalStateException("Unknown field-run op " + op);
    }
  }
}
