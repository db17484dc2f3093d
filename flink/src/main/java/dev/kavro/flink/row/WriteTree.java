package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/** Builds the write tree for a row type and a writer schema, once: a record's write inspects no schema. */
final class WriteTree {
  private final TimestampMapping mapping;

  WriteTree(TimestampMapping mapping) {
    this.mapping = mapping;
  }

  /**
   * The slot of a value of {@code type} written as {@code writer}: at row position {@code pos}, or an element.
   *
   * @throws IllegalArgumentException when no branch of the writer's schema can hold the type
   */
  Slot slot(LogicalType type, Schema writer, int pos, boolean element, String path) {
    AvroShapes.checkLegacy(type, mapping);
    int nullIndex = -1;
    int valueIndex = -1;
    Schema branch = writer;
    if (writer.getType() == Schema.Type.UNION) {
      nullIndex = AvroShapes.nullBranch(writer);
      valueIndex = branchIndex(writer, type);
      branch = valueIndex >= 0 ? writer.getTypes().get(valueIndex) : null;
    } else if (!AvroShapes.writableTypes(type).contains(writer.getType())) {
      branch = null;
    }
    if (branch == null && type.getTypeRoot() != LogicalTypeRoot.NULL) {
      throw new IllegalArgumentException("Column '" + path + "' of type " + type.asSummaryString()
          + " cannot be written as Avro " + writer);
    }
    boolean checkNull = type.isNullable() || nullIndex >= 0;
    if (branch != null && branch.getType() == Schema.Type.NULL) {
      return new Slot(pos, true, checkNull, nullIndex, valueIndex, Scalars.NONE, null, null, null);
    }
    byte scalar = branch == null ? Scalars.NONE : Scalars.writeCode(type, branch);
    if (scalar != Scalars.NONE) {
      return new Slot(pos, false, checkNull, nullIndex, valueIndex, scalar, null, null, null);
    }
    ValueWriter value = branch == null ? (v, out) -> {
      throw new IllegalArgumentException("A value where the writer schema allows only null");
    } : value(type, branch, path);
    return new Slot(pos, false, checkNull, nullIndex, valueIndex, Scalars.NONE,
        element ? null : RowData.createFieldGetter(type, pos), element ? ArrayData.createElementGetter(type) : null,
        value);
  }

  /** The writer union's branch for {@code type}: the first of the most direct Avro type, or -1. */
  private static int branchIndex(Schema union, LogicalType type) {
    List<Schema> branches = union.getTypes();
    for (Schema.Type wanted : AvroShapes.writableTypes(type)) {
      for (int i = 0; i < branches.size(); i++) {
        if (branches.get(i).getType() == wanted && wanted != Schema.Type.NULL) {
          return i;
        }
      }
    }
    return -1;
  }

  private ValueWriter value(LogicalType type, Schema branch, String path) {
    return switch (type.getTypeRoot()) {
      case TINYINT, SMALLINT, INTEGER, BIGINT, FLOAT -> number(branch.getType());
      case TIME_WITHOUT_TIME_ZONE -> AvroShapes.isTimeMicros(branch)
          ? (v, out) -> out.writeLong((Integer) v * 1000L) : (v, out) -> out.writeLong((Integer) v);
      case CHAR, VARCHAR -> enumSymbols(branch);
      case BINARY, VARBINARY -> fixed(branch.getFixedSize());
      case DECIMAL -> decimal((DecimalType) type, branch);
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp(branch);
      case ARRAY -> array(((ArrayType) type).getElementType(), branch.getElementType(), path);
      case MAP, MULTISET -> map(AvroShapes.mapValueType(type), branch.getValueType(), path);
      case ROW -> {
        RecordWriter record = record((RowType) type, branch, path + ".");
        yield (v, out) -> record.write((RowData) v, out);
      }
      default -> throw new IllegalStateException("No writer of " + type + " as " + branch);
    };
  }

  /** A number widened to the writer's type, as Avro's promotions widen it on read. */
  private static ValueWriter number(Schema.Type avro) {
    return switch (avro) {
      case INT -> (v, out) -> out.writeInt(((Number) v).intValue());
      case LONG -> (v, out) -> out.writeLong(((Number) v).longValue());
      case FLOAT -> (v, out) -> out.writeFloat(((Number) v).floatValue());
      default -> (v, out) -> out.writeDouble(((Number) v).doubleValue());
    };
  }

  /**
   * A STRING column written as an Avro enum: a symbol of the enum, else an error naming the symbol. The enum's
   * declared default is not substituted: the specification defines it for readers resolving a writer's unknown
   * symbol, and a writer that replaced a value by it would change the data silently.
   */
  private static ValueWriter enumSymbols(Schema enumSchema) {
    Map<StringData, Integer> ordinals = new HashMap<>();
    List<String> symbols = enumSchema.getEnumSymbols();
    for (int i = 0; i < symbols.size(); i++) {
      ordinals.put(StringData.fromString(symbols.get(i)), i);
    }
    return (v, out) -> {
      Integer ordinal = ordinals.get((StringData) v);
      if (ordinal == null) {
        throw new IllegalArgumentException("'" + v + "' is not a symbol of the enum " + enumSchema.getFullName()
            + " " + symbols);
      }
      out.writeEnum(ordinal);
    };
  }

  private static ValueWriter fixed(int size) {
    return (v, out) -> {
      byte[] bytes = (byte[]) v;
      if (bytes.length != size) {
        throw new IllegalArgumentException("A value of " + bytes.length + " bytes for a fixed of " + size);
      }
      out.writeFixed(bytes, 0, size);
    };
  }

  private static ValueWriter decimal(DecimalType type, Schema branch) {
    int precision = AvroShapes.decimalPrecision(branch, type.getPrecision());
    int scale = AvroShapes.decimalScale(branch, type.getScale());
    if (branch.getType() == Schema.Type.FIXED) {
      int size = branch.getFixedSize();
      return (v, out) -> out.writeFixed(Decimals.toFixed(Decimals.unscaledBytes((DecimalData) v, precision, scale),
          size), 0, size);
    }
    return (v, out) -> {
      byte[] bytes = Decimals.unscaledBytes((DecimalData) v, precision, scale);
      out.writeBytes(bytes, 0, bytes.length);
    };
  }

  private ValueWriter timestamp(Schema branch) {
    return switch (AvroShapes.timestampUnit(branch, mapping)) {
      case MICROS -> (v, out) -> {
        TimestampData t = (TimestampData) v;
        out.writeLong(Math.addExact(Math.multiplyExact(t.getMillisecond(), 1000L), t.getNanoOfMillisecond() / 1000));
      };
      case NANOS -> (v, out) -> {
        TimestampData t = (TimestampData) v;
        out.writeLong(Math.addExact(Math.multiplyExact(t.getMillisecond(), 1_000_000L), t.getNanoOfMillisecond()));
      };
      default -> (v, out) -> out.writeLong(((TimestampData) v).getMillisecond());
    };
  }

  private ValueWriter array(LogicalType elementType, Schema writerElement, String path) {
    Slot element = slot(elementType, writerElement, -1, true, path + "[]");
    return (v, out) -> {
      ArrayData array = (ArrayData) v;
      int n = array.size();
      out.writeArrayStart();
      out.setItemCount(n);
      for (int i = 0; i < n; i++) {
        element.writeElement(array, i, out);
      }
      out.writeArrayEnd();
    };
  }

  private ValueWriter map(LogicalType valueType, Schema writerValue, String path) {
    Slot value = slot(valueType, writerValue, -1, true, path + "{}");
    return (v, out) -> {
      MapData map = (MapData) v;
      ArrayData keys = map.keyArray();
      ArrayData values = map.valueArray();
      int n = map.size();
      out.writeMapStart();
      out.setItemCount(n);
      for (int i = 0; i < n; i++) {
        if (keys.isNullAt(i)) {
          throw new IllegalArgumentException("A map key is null; Avro map keys are strings");
        }
        StringBytes.write(keys.getString(i), out);
        value.writeElement(values, i, out);
      }
      out.writeMapEnd();
    };
  }

  RecordWriter record(RowType row, Schema writer, String path) {
    return RecordWriter.of(row, writer, this, path);
  }
}
