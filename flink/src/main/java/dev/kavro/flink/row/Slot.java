package dev.kavro.flink.row;

import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.runtime.ScalarCode;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.RowData;

/**
 * One value position of the writer schema: a record field, an array element or a map value. It writes the union index
 * where the writer's schema is a union (the null branch where it has one, wherever it stands), then the value: plain
 * scalars by a typed getter and a switch over their {@link ScalarCode} ({@link Scalars#writeCode}), everything else
 * through the value's getter and writer.
 */
final class Slot {
  private final int pos;
  /** The writer's type is null: there is nothing to write. */
  private final boolean writesNothing;
  private final boolean checkNull;
  private final int nullIndex;
  private final int valueIndex;
  private final byte scalar;
  private final RowData.FieldGetter fieldGetter;
  private final ArrayData.ElementGetter elementGetter;
  private final ValueWriter writer;

  /**
   * @param pos the row position (record fields), ignored for elements
   * @param writesNothing whether the writer's type is null, so that the slot writes no byte
   * @param checkNull whether the value may be null (a nullable column, or a writer union with a null branch)
   * @param nullIndex the writer's null branch, or -1 if it has none
   * @param valueIndex the writer's branch for the value, or -1 if the writer's schema is not a union
   * @param scalar the value's {@link ScalarCode}, or NONE where {@code writer} writes it
   */
  Slot(int pos, boolean writesNothing, boolean checkNull, int nullIndex, int valueIndex, byte scalar,
      RowData.FieldGetter fieldGetter, ArrayData.ElementGetter elementGetter, ValueWriter writer) {
    this.pos = pos;
    this.writesNothing = writesNothing;
    this.checkNull = checkNull;
    this.nullIndex = nullIndex;
    this.valueIndex = valueIndex;
    this.scalar = scalar;
    this.fieldGetter = fieldGetter;
    this.elementGetter = elementGetter;
    this.writer = writer;
  }

  void writeField(RowData row, ByteArrayEncoder out) {
    if (writesNothing) {
      return;
    }
    int p = pos;
    if (checkNull && row.isNullAt(p)) {
      writeNull(out);
      return;
    }
    if (valueIndex >= 0) {
      out.writeIndex(valueIndex);
    }
    switch (scalar) {
      case ScalarCode.STRING -> StringBytes.write(row.getString(p), out);
      case ScalarCode.INT -> out.writeInt(row.getInt(p));
      case ScalarCode.LONG -> out.writeLong(row.getLong(p));
      case ScalarCode.DOUBLE -> out.writeDouble(row.getDouble(p));
      case ScalarCode.BOOLEAN -> out.writeBoolean(row.getBoolean(p));
      case ScalarCode.FLOAT -> out.writeFloat(row.getFloat(p));
      case ScalarCode.BYTES -> writeBytes(row.getBinary(p), out);
      default -> writer.write(fieldGetter.getFieldOrNull(row), out);
    }
  }

  void writeElement(ArrayData array, int i, ByteArrayEncoder out) {
    if (writesNothing) {
      return;
    }
    if (checkNull && array.isNullAt(i)) {
      writeNull(out);
      return;
    }
    if (valueIndex >= 0) {
      out.writeIndex(valueIndex);
    }
    switch (scalar) {
      case ScalarCode.STRING -> StringBytes.write(array.getString(i), out);
      case ScalarCode.INT -> out.writeInt(array.getInt(i));
      case ScalarCode.LONG -> out.writeLong(array.getLong(i));
      case ScalarCode.DOUBLE -> out.writeDouble(array.getDouble(i));
      case ScalarCode.BOOLEAN -> out.writeBoolean(array.getBoolean(i));
      case ScalarCode.FLOAT -> out.writeFloat(array.getFloat(i));
      case ScalarCode.BYTES -> writeBytes(array.getBinary(i), out);
      default -> writer.write(elementGetter.getElementOrNull(array, i), out);
    }
  }

  private static void writeBytes(byte[] bytes, ByteArrayEncoder out) {
    out.writeBytes(bytes, 0, bytes.length);
  }

  private void writeNull(ByteArrayEncoder out) {
    if (nullIndex < 0) {
      throw new IllegalArgumentException("The value is null, which the writer schema does not allow here");
    }
    out.writeIndex(nullIndex);
  }
}
