package dev.kavro.flink.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Rows compared as Flink's first network or state hop sees them: through {@link RowDataSerializer#toBinaryRow}. Where
 * a row type has no map, the binary rows must be equal byte for byte; maps are compared as sets of entries, since a
 * map's binary form follows its hash map's iteration order, which two equal maps filled in different orders need not
 * share.
 */
public final class Rows {
  private Rows() {}

  public static BinaryRowData binary(RowData row, RowType type) {
    return new RowDataSerializer(type).toBinaryRow(row).copy();
  }

  public static void assertSameRow(RowData expected, RowData actual, RowType type, String context) {
    BinaryRowData e = binary(expected, type);
    BinaryRowData a = binary(actual, type);
    assertEquals(canonical(e, type, false), canonical(a, type, false), context);
    if (!hasMap(type)) {
      assertArrayEquals(bytes(e), bytes(a), context);
    }
  }

  /**
   * Whether two rows are equal with their strings compared as text: bytes that are not UTF-8 read as STRING are kept
   * by Kavro and replaced by Flink's path, which decodes them into a Java string.
   */
  public static boolean sameText(RowData expected, RowData actual, RowType type) {
    return canonical(binary(expected, type), type, true).equals(canonical(binary(actual, type), type, true));
  }

  private static byte[] bytes(BinaryRowData row) {
    byte[] bytes = new byte[row.getSizeInBytes()];
    row.getSegments()[0].get(row.getOffset(), bytes, 0, bytes.length);
    return bytes;
  }

  public static boolean hasMap(LogicalType type) {
    return switch (type.getTypeRoot()) {
      case MAP, MULTISET -> true;
      default -> type.getChildren().stream().anyMatch(Rows::hasMap);
    };
  }

  /** A structure of strings, lists and sorted maps equal exactly when the two values are. */
  public static Object canonical(Object value, LogicalType type, boolean text) {
    if (value == null) {
      return "null";
    }
    return switch (type.getTypeRoot()) {
      case ROW -> {
        RowType row = (RowType) type;
        RowData data = (RowData) value;
        List<Object> fields = new ArrayList<>();
        fields.add(data.getRowKind());
        for (int i = 0; i < row.getFieldCount(); i++) {
          fields.add(canonical(RowData.createFieldGetter(row.getTypeAt(i), i).getFieldOrNull(data), row.getTypeAt(i),
              text));
        }
        yield fields;
      }
      case ARRAY -> elements((ArrayData) value, ((ArrayType) type).getElementType(), text);
      case MAP, MULTISET -> {
        MapData map = (MapData) value;
        LogicalType keyType = type instanceof MapType m ? m.getKeyType() : type.getChildren().get(0);
        LogicalType valueType = type instanceof MapType m ? m.getValueType() : new IntType(false);
        List<Object> keys = elements(map.keyArray(), keyType, text);
        List<Object> values = elements(map.valueArray(), valueType, text);
        Map<String, Object> entries = new TreeMap<>();
        for (int i = 0; i < keys.size(); i++) {
          entries.put(String.valueOf(keys.get(i)), values.get(i));
        }
        yield entries;
      }
      case CHAR, VARCHAR -> text ? "s:" + value : "s:" + HexFormat.of().formatHex(((StringData) value).toBytes());
      case BINARY, VARBINARY -> "b:" + HexFormat.of().formatHex((byte[]) value);
      case DECIMAL -> "d:" + ((DecimalData) value).toBigDecimal().toPlainString();
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          "t:" + ((TimestampData) value).getMillisecond() + "+" + ((TimestampData) value).getNanoOfMillisecond();
      case FLOAT -> "f:" + Float.floatToRawIntBits((Float) value);
      case DOUBLE -> "d:" + Double.doubleToRawLongBits((Double) value);
      default -> value.getClass().getSimpleName() + ":" + value;
    };
  }

  private static List<Object> elements(ArrayData array, LogicalType type, boolean text) {
    ArrayData.ElementGetter getter = ArrayData.createElementGetter(type);
    List<Object> list = new ArrayList<>();
    for (int i = 0; i < array.size(); i++) {
      list.add(canonical(getter.getElementOrNull(array, i), type, text));
    }
    return list;
  }
}
