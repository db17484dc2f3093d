package dev.kavro.bench.flink;

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
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.RowType;

/**
 * Equality of rows as Flink's first hop sees them ({@link BinaryRowData}): byte for byte where the row type has no
 * map; with maps, entry by entry, since a map's binary form follows its hash map's order, which two equal maps filled
 * in different orders need not share.
 */
final class SameRows {
  private SameRows() {}

  static boolean same(BinaryRowData a, BinaryRowData b, RowType type) {
    return hasMap(type) ? canonical(a, type).equals(canonical(b, type)) : a.equals(b);
  }

  static boolean hasMap(LogicalType type) {
    return switch (type.getTypeRoot()) {
      case MAP -> true;
      default -> type.getChildren().stream().anyMatch(SameRows::hasMap);
    };
  }

  /** A structure of lists, sorted maps and plain values, equal exactly when the two values are. */
  static Object canonical(Object value, LogicalType type) {
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
          fields.add(canonical(RowData.createFieldGetter(row.getTypeAt(i), i).getFieldOrNull(data), row.getTypeAt(i)));
        }
        yield fields;
      }
      case ARRAY -> elements((ArrayData) value, ((ArrayType) type).getElementType());
      case MAP -> {
        MapType mapType = (MapType) type;
        MapData map = (MapData) value;
        List<Object> keys = elements(map.keyArray(), mapType.getKeyType());
        List<Object> values = elements(map.valueArray(), mapType.getValueType());
        Map<String, Object> entries = new TreeMap<>();
        for (int i = 0; i < keys.size(); i++) {
          entries.put(String.valueOf(keys.get(i)), values.get(i));
        }
        yield entries;
      }
      case CHAR, VARCHAR -> "s:" + HexFormat.of().formatHex(((StringData) value).toBytes());
      case BINARY, VARBINARY -> "b:" + HexFormat.of().formatHex((byte[]) value);
      case DECIMAL -> "d:" + ((DecimalData) value).toBigDecimal().toPlainString();
      default -> value.getClass().getSimpleName() + ":" + value;
    };
  }

  private static List<Object> elements(ArrayData array, LogicalType type) {
    ArrayData.ElementGetter getter = ArrayData.createElementGetter(type);
    List<Object> list = new ArrayList<>(array.size());
    for (int i = 0; i < array.size(); i++) {
      list.add(canonical(getter.getElementOrNull(array, i), type));
    }
    return list;
  }
}
