package dev.kavro.flink.row;

import dev.kavro.plan.Nullable;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.ScalarKind;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ReadSupport;
import dev.kavro.runtime.ScalarCode;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * Plain scalar values of Flink rows (the core's {@link ScalarKind}s whose column value is the decoded value itself),
 * which records, arrays and maps read and write by a switch over their {@link ScalarCode} instead of a call through a
 * node each: a record's nodes make that call megamorphic, which costs most on records of small fields. Stateless.
 */
final class Scalars {
  static final byte NONE = ScalarCode.NONE;

  private Scalars() {}

  /** Whether a column of {@code root} holds a value of {@code kind} as it stands (a DATE is an int of days). */
  private static boolean holds(LogicalTypeRoot root, ScalarKind kind) {
    return switch (kind) {
      case BOOLEAN -> root == LogicalTypeRoot.BOOLEAN;
      case INT -> root == LogicalTypeRoot.INTEGER || root == LogicalTypeRoot.DATE
          || root == LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE;
      case LONG -> root == LogicalTypeRoot.BIGINT;
      case FLOAT -> root == LogicalTypeRoot.FLOAT;
      case DOUBLE -> root == LogicalTypeRoot.DOUBLE;
      case STRING -> root == LogicalTypeRoot.CHAR || root == LogicalTypeRoot.VARCHAR;
      case BYTES -> root == LogicalTypeRoot.BINARY || root == LogicalTypeRoot.VARBINARY;
    };
  }

  /** The code of a non-union plan read into a column of {@code type}, or NONE where its node does more. */
  static byte readCode(ReadPlan plan, LogicalType type) {
    ScalarKind kind = ScalarKind.of(plan);
    return kind != null && holds(type.getTypeRoot(), kind) ? kind.code() : NONE;
  }

  /** {@code plan} as a union of null and a value {@link #readCode read} by code into {@code type}, or null. */
  static Nullable<ReadPlan> nullableRead(ReadPlan plan, LogicalType type) {
    Nullable<ReadPlan> optional = Nullable.of(plan);
    return optional != null && readCode(optional.value(), type) != NONE ? optional : null;
  }

  /** The code of a column of {@code type} written as the non-union {@code avro}, or NONE where its writer does more. */
  static byte writeCode(LogicalType type, Schema avro) {
    ScalarKind kind = ScalarKind.ofType(avro);
    return kind != null && holds(type.getTypeRoot(), kind) ? kind.code() : NONE;
  }

  /**
   * How a value position reads by code: the code of its value, and the null branch of its union with null (-1 where it
   * is no such union); the code is NONE where the position reads through a node.
   */
  record Position(byte code, int nullBranch) {
    static Position of(ReadPlan plan, LogicalType type) {
      Nullable<ReadPlan> optional = nullableRead(plan, type);
      return optional != null ? new Position(readCode(optional.value(), type), optional.nullBranch())
          : new Position(readCode(plan, type), -1);
    }

    boolean isScalar() {
      return code != NONE;
    }
  }

  /** Reads a value by its code: the scalar, or with {@code nullBranch >= 0} a union of null and the scalar. */
  static Object read(byte code, int nullBranch, ByteArrayDecoder in) throws IOException {
    return nullBranch < 0 ? read(code, in) : readNullable(code, nullBranch, in);
  }

  static Object read(byte code, ByteArrayDecoder in) throws IOException {
    return switch (code) {
      case ScalarCode.STRING -> StringData.fromBytes(in.readStringBytes());
      case ScalarCode.INT -> in.readInt();
      case ScalarCode.LONG -> in.readLong();
      case ScalarCode.DOUBLE -> in.readDouble();
      case ScalarCode.BOOLEAN -> in.readBoolean();
      case ScalarCode.FLOAT -> in.readFloat();
      case ScalarCode.BYTES -> in.readBytesArray();
      default -> throw new IllegalStateException("Not a scalar code: " + code);
    };
  }

  /** A union of null and a scalar: null, or the scalar; any other branch index is bad data. */
  static Object readNullable(byte code, int nullBranch, ByteArrayDecoder in) throws IOException {
    int b = in.readIndex();
    if (b == nullBranch) {
      return null;
    }
    if (b == 1 - nullBranch) {
      return read(code, in);
    }
    throw ReadSupport.badUnionIndex(b, 2);
  }
}
