package dev.kavro.flink.row;

import dev.kavro.runtime.ByteArrayEncoder;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;

/**
 * One value position of the writer schema: a record field, an array element or a map value. It writes the union index
 * where the writer's schema is a union (the null branch where it has one, wherever it stands), then the value: plain
 * scalars by a typed getter and a switch, everything else through the value's getter and writer.
 */
final class Slot {
  static final byte NODE = 0;
  static final byte BOOLEAN = 1;
  static final byte INT = 2;
  static final byte LONG = 3;
  static final byte FLOAT = 4;
  static final byte DOUBLE = 5;
  static final byte STRING = 6;
  static final byte BYTES = 7;
  /** The writer's type is null: nothing to write. */
  static final byte NULL = 8;

  private final int pos;
  private final boolean checkNull;
  private final int nullIndex;
  private final int valueIndex;
  private final byte scalar;
  private final RowData.FieldGetter fieldGetter;
  private final ArrayData.ElementGetter elementGetter;
  private final ValueWriter writer;

  /**
   * @param pos the row position (record fields), ignored for elements
   * @param checkNull whether the value may be null (a nullable column, or a writer union with a null branch)
   * @param nullIndex the writer's null branch, or -1 if it has none
   * @param valueIndex the writer's branch for the value, or -1 if the writer's schema is not a union
   */
  Slot(int pos, boolean checkNull, int nullIndex, int valueIndex, byte scalar, RowData.FieldGetter fieldGetter,
      ArrayData.ElementGetter elementGetter, ValueWriter writer) {
    this.pos = pos;
    this.checkNull = checkNull;
    this.nullIndex = nullIndex;
    this.valueIndex = valueIndex;
    this.scalar = scalar;
    this.fieldGetter = fieldGetter;
    this.elementGetter = elementGetter;
    this.writer = writer;
  }

  void writeField(RowData row, ByteArrayEncoder out) {
    int p = pos;
    if (checkNull && row.isNullAt(p)) {
      writeNull(out);
      return;
    }
    if (valueIndex >= 0) {
      out.writeIndex(valueIndex);
    }
    switch (scalar) {
      case STRING -> StringBytes.write(row.getString(p), out);
      case INT -> out.writeInt(row.getInt(p));
      case LONG -> out.writeLong(row.getLong(p));
      case DOUBLE -> out.writeDouble(row.getDouble(p));
      case BOOLEAN -> out.writeBoolean(row.getBoolean(p));
      case FLOAT -> out.writeFloat(row.getFloat(p));
      case BYTES -> writeBytes(row.getBinary(p), out);
      case NULL -> { }
      default -> writer.write(fieldGetter.getFieldOrNull(row), out);
    }
  }

  void writeElement(ArrayData array, int i, ByteArrayEncoder out) {
    if (checkNull && array.isNullAt(i)) {
      writeNull(out);
      return;
    }
    if (valueIndex >= 0) {
      out.writeIndex(valueIndex);
    }
    switch (scalar) {
      case STRING -> StringBytes.write(array.getString(i), out);
      case INT -> out.writeInt(array.getInt(i));
      case LONG -> out.writeLong(array.getLong(i));
      case DOUBLE -> out.writeDouble(array.getDouble(i));
      case BOOLEAN -> out.writeBoolean(array.getBoolean(i));
      case FLOAT -> out.writeFloat(array.getFloat(i));
      case BYTES -> writeBytes(array.getBinary(i), out);
      case NULL -> { }
      default -> writer.write(elementGetter.getElementOrNull(array, i), out);
    }
  }

  private static void writeBytes(byte[] bytes, ByteArrayEncoder out) {
    out.writeBytes(bytes, 0, bytes.length);
  }

  private void writeNull(ByteArrayEncoder out) {
    if (scalar == NULL) {
      return;
    }
    if (nullIndex < 0) {
      throw new IllegalArgumentException("The value is null, which the writer schema does not allow here");
    }
    out.writeIndex(nullIndex);
  }
}
