package dev.kavro.connect;

import dev.kavro.connect.runtime.ConnectReadSupport;
import dev.kavro.connect.runtime.ConnectWriteSupport;
import dev.kavro.connect.runtime.ScalarFinish;
import dev.kavro.plan.Nullable;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.ScalarKind;
import dev.kavro.runtime.BoxedFields;
import dev.kavro.runtime.ScalarCode;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.Encoder;

/**
 * Plain scalar values of Connect (the core's {@link ScalarKind}s whose Connect value is the decoded value itself),
 * which the node trees read and write by a switch over their {@link ScalarCode} in a record's, array's or map's loop
 * instead of a call through a node each: the nodes of a record make that call megamorphic. The same reads, boxes,
 * casts and writes as the nodes the trees build for these shapes. Write codes are {@link BoxedFields}'s, so that a
 * plain record's codes are its program. Stateless.
 */
final class ConnectScalars {
  static final byte NONE = ScalarCode.NONE;

  private ConnectScalars() {}

  /** The code of a non-union plan read as {@code connect}, or NONE where its node does more than read and box. */
  static byte readCode(ReadPlan plan, org.apache.kafka.connect.data.Schema connect) {
    if (ConnectShape.isGeneralUnion(connect) || !ScalarFinish.isIdentity(connect)) {
      return NONE;
    }
    ScalarKind kind = ScalarKind.of(plan);
    return kind == null ? NONE : kind.code();
  }

  /** {@code plan} as a union of null and a value {@link #readCode read} by code as {@code connect}, or null. */
  static Nullable<ReadPlan> nullableRead(ReadPlan plan, org.apache.kafka.connect.data.Schema connect) {
    Nullable<ReadPlan> optional = Nullable.of(plan);
    return optional != null && readCode(optional.value(), connect) != NONE ? optional : null;
  }

  static Object read(byte code, Decoder in) throws IOException {
    return switch (code) {
      case ScalarCode.STRING -> in.readString();
      case ScalarCode.INT -> Integer.valueOf(in.readInt());
      case ScalarCode.LONG -> Long.valueOf(in.readLong());
      case ScalarCode.FLOAT -> Float.valueOf(in.readFloat());
      case ScalarCode.DOUBLE -> Double.valueOf(in.readDouble());
      case ScalarCode.BOOLEAN -> Boolean.valueOf(in.readBoolean());
      case ScalarCode.BYTES -> ConnectReadSupport.readBytes(in);
      default -> throw new IllegalStateException("Not a scalar code: " + code);
    };
  }

  /**
   * The code of a non-null value of {@code connect} written as the non-union {@code avro}, or NONE. Connect's int8 and
   * int16 write any {@code Number}; logical types (Date, Time, Timestamp, Decimal), named types and decimal bytes keep
   * their nodes.
   */
  static byte writeCode(org.apache.kafka.connect.data.Schema connect, Schema avro) {
    ScalarKind kind = ScalarKind.ofType(avro);
    if (connect.name() != null || kind == null || kind != kindOf(connect.type())
        || kind == ScalarKind.BYTES && avro.getLogicalType() != null) {
      return NONE;
    }
    return switch (connect.type()) {
      case INT8, INT16 -> ScalarCode.NUMBER_AS_INT;
      default -> kind.code();
    };
  }

  /** The Avro scalar a Connect type is written as, or null for the types that are not scalars. */
  private static ScalarKind kindOf(org.apache.kafka.connect.data.Schema.Type type) {
    return switch (type) {
      case INT8, INT16, INT32 -> ScalarKind.INT;
      case INT64 -> ScalarKind.LONG;
      case FLOAT32 -> ScalarKind.FLOAT;
      case FLOAT64 -> ScalarKind.DOUBLE;
      case BOOLEAN -> ScalarKind.BOOLEAN;
      case STRING -> ScalarKind.STRING;
      case BYTES -> ScalarKind.BYTES;
      default -> null;
    };
  }

  /** Writes {@code v} as {@code code}, as {@link BoxedFields} does, through any encoder. */
  static void write(byte code, Object v, Encoder out) throws IOException {
    switch (code) {
      case ScalarCode.STRING -> out.writeString((String) v);
      case ScalarCode.INT -> out.writeInt((Integer) v);
      case ScalarCode.NUMBER_AS_INT -> out.writeInt(((Number) v).intValue());
      case ScalarCode.LONG -> out.writeLong((Long) v);
      case ScalarCode.FLOAT -> out.writeFloat((Float) v);
      case ScalarCode.DOUBLE -> out.writeDouble((Double) v);
      case ScalarCode.BOOLEAN -> out.writeBoolean((Boolean) v);
      case ScalarCode.BYTES -> ConnectWriteSupport.writeBytes(v, out);
      default -> throw new IllegalStateException("Not a scalar code: " + code);
    }
  }
}
