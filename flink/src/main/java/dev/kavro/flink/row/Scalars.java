package dev.kavro.flink.row;

import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.UnionPlan;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ReadSupport;
import java.io.IOException;
import java.util.List;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * Values a record, array or map reads by a switch instead of a call through a node: plain scalars whose node would only
 * read and box, and their unions with null. A record's nodes make that call megamorphic, which costs most on records
 * of small fields.
 */
final class Scalars {
  static final byte NONE = 0;
  static final byte BOOLEAN = 1;
  static final byte INT = 2;
  static final byte LONG = 3;
  static final byte FLOAT = 4;
  static final byte DOUBLE = 5;
  static final byte STRING = 6;
  static final byte BYTES = 7;

  private Scalars() {}

  /** The scalar a plan reads into a column of {@code type}, or NONE where its node does more than read and box. */
  static byte of(ReadPlan plan, LogicalType type) {
    LogicalTypeRoot root = type.getTypeRoot();
    return switch (plan.kind()) {
      case BOOLEAN -> root == LogicalTypeRoot.BOOLEAN ? BOOLEAN : NONE;
      case INT -> root == LogicalTypeRoot.INTEGER || root == LogicalTypeRoot.DATE
          || root == LogicalTypeRoot.TIME_WITHOUT_TIME_ZONE ? INT : NONE;
      case LONG -> root == LogicalTypeRoot.BIGINT ? LONG : NONE;
      case FLOAT -> root == LogicalTypeRoot.FLOAT ? FLOAT : NONE;
      case DOUBLE -> root == LogicalTypeRoot.DOUBLE ? DOUBLE : NONE;
      case STRING_UTF8, STRING_JAVA -> root == LogicalTypeRoot.CHAR || root == LogicalTypeRoot.VARCHAR ? STRING : NONE;
      case BYTES -> root == LogicalTypeRoot.BINARY || root == LogicalTypeRoot.VARBINARY ? BYTES : NONE;
      default -> NONE;
    };
  }

  /**
   * The one answer to "is this null plus one scalar": the index of the null branch when {@code plan} is a writer union
   * of null and one value that {@link #of} reads as a scalar into {@code type}, else -1.
   */
  static int nullBranch(ReadPlan plan, LogicalType type) {
    if (plan.kind() != ReadPlan.Kind.UNION) {
      return -1;
    }
    List<ReadPlan> branches = ((UnionPlan) plan).branches();
    if (branches.size() != 2) {
      return -1;
    }
    for (int b = 0; b < 2; b++) {
      if (branches.get(b).kind() == ReadPlan.Kind.NULL && of(branches.get(1 - b), type) != NONE) {
        return b;
      }
    }
    return -1;
  }

  /** The value branch's scalar of a union that {@link #nullBranch} accepted. */
  static byte valueOf(ReadPlan union, int nullBranch, LogicalType type) {
    return of(((UnionPlan) union).branches().get(1 - nullBranch), type);
  }

  static Object read(byte kind, ByteArrayDecoder in) throws IOException {
    return switch (kind) {
      case STRING -> StringData.fromBytes(in.readStringBytes());
      case INT -> in.readInt();
      case LONG -> in.readLong();
      case DOUBLE -> in.readDouble();
      case BOOLEAN -> in.readBoolean();
      case FLOAT -> in.readFloat();
      case BYTES -> in.readBytesArray();
      default -> throw new IllegalStateException("Not a scalar: " + kind);
    };
  }

  /** A union of null and a scalar: null, or the scalar; any other branch index is bad data. */
  static Object readNullable(byte kind, int nullBranch, ByteArrayDecoder in) throws IOException {
    int b = in.readIndex();
    if (b == nullBranch) {
      return null;
    }
    if (b == 1 - nullBranch) {
      return read(kind, in);
    }
    throw ReadSupport.badUnionIndex(b, 2);
  }
}
