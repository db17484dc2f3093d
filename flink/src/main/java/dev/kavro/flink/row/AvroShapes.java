package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import java.util.ArrayList;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeFamily;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;

/** Facts about Avro schemas and Flink column types that the read and write sides share. */
final class AvroShapes {
  private AvroShapes() {}

  /** The unit of an Avro long that a timestamp column reads or writes. */
  enum TimeUnit {
    MILLIS, MICROS, NANOS
  }

  /**
   * The unit of {@code writer}'s timestamps: its {@code timestamp-*} or {@code local-timestamp-*} logical type, else
   * milliseconds (a plain long or an int, as Flink takes them); always milliseconds under the legacy mapping.
   */
  static TimeUnit timestampUnit(Schema writer, TimestampMapping mapping) {
    org.apache.avro.LogicalType logical = writer.getLogicalType();
    if (mapping == TimestampMapping.LEGACY || logical == null) {
      return TimeUnit.MILLIS;
    }
    return switch (logical.getName()) {
      case "timestamp-micros", "local-timestamp-micros" -> TimeUnit.MICROS;
      case "timestamp-nanos", "local-timestamp-nanos" -> TimeUnit.NANOS;
      default -> TimeUnit.MILLIS;
    };
  }

  /** Whether a long of {@code writer} holds microseconds of the day ({@code time-micros}). */
  static boolean isTimeMicros(Schema writer) {
    return writer.getType() == Schema.Type.LONG && writer.getLogicalType() instanceof LogicalTypes.TimeMicros;
  }

  /** The decimal scale of {@code writer}'s bytes or fixed, or {@code columnScale} when it has no decimal type. */
  static int decimalScale(Schema writer, int columnScale) {
    return writer.getLogicalType() instanceof LogicalTypes.Decimal decimal ? decimal.getScale() : columnScale;
  }

  /** The decimal precision of {@code writer}, or {@code columnPrecision} when it has no decimal type. */
  static int decimalPrecision(Schema writer, int columnPrecision) {
    return writer.getLogicalType() instanceof LogicalTypes.Decimal decimal ? decimal.getPrecision() : columnPrecision;
  }

  /** The Avro types whose values can fill a column of {@code type}, the most direct first. */
  static List<Schema.Type> fillingTypes(LogicalType type) {
    return switch (type.getTypeRoot()) {
      case BOOLEAN -> List.of(Schema.Type.BOOLEAN);
      case TINYINT, SMALLINT, INTEGER, DATE -> List.of(Schema.Type.INT);
      case BIGINT -> List.of(Schema.Type.LONG, Schema.Type.INT);
      case FLOAT -> List.of(Schema.Type.FLOAT, Schema.Type.INT, Schema.Type.LONG);
      case DOUBLE -> List.of(Schema.Type.DOUBLE, Schema.Type.FLOAT, Schema.Type.INT, Schema.Type.LONG);
      case CHAR, VARCHAR -> List.of(Schema.Type.STRING, Schema.Type.ENUM, Schema.Type.BYTES);
      case BINARY, VARBINARY -> List.of(Schema.Type.BYTES, Schema.Type.FIXED, Schema.Type.STRING);
      case DECIMAL -> List.of(Schema.Type.BYTES, Schema.Type.FIXED);
      case TIME_WITHOUT_TIME_ZONE -> List.of(Schema.Type.INT, Schema.Type.LONG);
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> List.of(Schema.Type.LONG, Schema.Type.INT);
      case ARRAY -> List.of(Schema.Type.ARRAY);
      case MAP, MULTISET -> List.of(Schema.Type.MAP);
      case ROW -> List.of(Schema.Type.RECORD);
      case NULL -> List.of(Schema.Type.NULL);
      default -> throw unsupported(type);
    };
  }

  /** The Avro types a value of {@code type} can be written as, the most direct first. */
  static List<Schema.Type> writableTypes(LogicalType type) {
    return switch (type.getTypeRoot()) {
      case BOOLEAN -> List.of(Schema.Type.BOOLEAN);
      case TINYINT, SMALLINT, INTEGER -> List.of(Schema.Type.INT, Schema.Type.LONG, Schema.Type.FLOAT,
          Schema.Type.DOUBLE);
      case BIGINT -> List.of(Schema.Type.LONG, Schema.Type.FLOAT, Schema.Type.DOUBLE);
      case FLOAT -> List.of(Schema.Type.FLOAT, Schema.Type.DOUBLE);
      case DOUBLE -> List.of(Schema.Type.DOUBLE);
      case CHAR, VARCHAR -> List.of(Schema.Type.STRING, Schema.Type.ENUM);
      case BINARY, VARBINARY, DECIMAL -> List.of(Schema.Type.BYTES, Schema.Type.FIXED);
      case DATE -> List.of(Schema.Type.INT);
      case TIME_WITHOUT_TIME_ZONE -> List.of(Schema.Type.INT, Schema.Type.LONG);
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> List.of(Schema.Type.LONG);
      case ARRAY -> List.of(Schema.Type.ARRAY);
      case MAP, MULTISET -> List.of(Schema.Type.MAP);
      case ROW -> List.of(Schema.Type.RECORD);
      case NULL -> List.of(Schema.Type.NULL);
      default -> throw unsupported(type);
    };
  }

  /** The non-null branches of {@code schema} (itself if not a union) that can fill {@code type}, most direct first. */
  static List<Schema> fillingBranches(Schema schema, LogicalType type) {
    List<Schema> branches = schema.getType() == Schema.Type.UNION ? schema.getTypes() : List.of(schema);
    List<Schema> filling = new ArrayList<>();
    for (Schema.Type wanted : fillingTypes(type)) {
      for (Schema branch : branches) {
        if (branch.getType() == wanted && wanted != Schema.Type.NULL) {
          filling.add(branch);
        }
      }
    }
    return filling;
  }

  /** The index of the null branch of a union, or -1. */
  static int nullBranch(Schema union) {
    List<Schema> branches = union.getTypes();
    for (int i = 0; i < branches.size(); i++) {
      if (branches.get(i).getType() == Schema.Type.NULL) {
        return i;
      }
    }
    return -1;
  }

  /** The value type of a MAP or MULTISET column (a multiset counts its elements); its key must be a string. */
  static LogicalType mapValueType(LogicalType type) {
    LogicalType key = type instanceof MapType map ? map.getKeyType() : ((MultisetType) type).getElementType();
    if (!key.is(LogicalTypeFamily.CHARACTER_STRING)) {
      throw new IllegalArgumentException("Avro maps have string keys; " + type.asSummaryString() + " has "
          + key.asSummaryString() + " keys");
    }
    return type instanceof MapType map ? map.getValueType() : new org.apache.flink.table.types.logical.IntType();
  }

  /** Fails for the precisions and types the legacy mapping rejects, with the messages of Flink's format. */
  static void checkLegacy(LogicalType type, TimestampMapping mapping) {
    if (mapping != TimestampMapping.LEGACY) {
      return;
    }
    if (type instanceof LocalZonedTimestampType) {
      throw new IllegalArgumentException("Unsupported to derive Schema for type: " + type.asSummaryString()
          + " (timestamp-mapping 'legacy', as avro-confluent; 'correct' maps it to Avro timestamp-millis/micros)");
    }
    if (type instanceof TimestampType timestamp && timestamp.getPrecision() > 3) {
      throw new IllegalArgumentException("Avro does not support TIMESTAMP type with precision: "
          + timestamp.getPrecision() + ", it only supports precision less than 3 (timestamp-mapping 'legacy')");
    }
    if (type instanceof TimeType time && time.getPrecision() > 3) {
      throw new IllegalArgumentException("Avro does not support TIME type with precision: " + time.getPrecision()
          + ", it only supports precision less than 3 (timestamp-mapping 'legacy')");
    }
  }

  static IllegalArgumentException unsupported(LogicalType type) {
    return new IllegalArgumentException("Kavro's Avro format does not support the type " + type.asSummaryString());
  }
}
