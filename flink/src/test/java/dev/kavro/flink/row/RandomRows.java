package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.DateType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.DoubleType;
import org.apache.flink.table.types.logical.FloatType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.MapType;
import org.apache.flink.table.types.logical.MultisetType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.SmallIntType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarBinaryType;
import org.apache.flink.table.types.logical.VarCharType;

/**
 * Seeded random Flink row types (the types a table can have under a timestamp mapping) and random rows of them in
 * Flink's internal form, strings both as Java strings and as UTF-8 bytes. Not thread-safe.
 */
public final class RandomRows {
  private static final int[] CODE_POINTS = {'a', 'Z', '0', ' ', 'é', 'ñ', 'ı', 'Ω', 'ж', '中', 0x1F600};
  private static final List<String> NAMES = List.of("id", "name", "amount", "tags", "when", "x", "value", "n_1",
      "payload", "count", "kind", "price");

  private final Random random;
  private final TimestampMapping mapping;

  public RandomRows(Random random, TimestampMapping mapping) {
    this.random = random;
    this.mapping = mapping;
  }

  /** A row type of 1..6 columns, nesting up to 3 levels. */
  public RowType rowType() {
    return rowType(0);
  }

  private RowType rowType(int depth) {
    int count = 1 + random.nextInt(6);
    List<RowType.RowField> fields = new ArrayList<>();
    List<String> names = new ArrayList<>(NAMES);
    java.util.Collections.shuffle(names, random);
    for (int i = 0; i < count; i++) {
      fields.add(new RowType.RowField(names.get(i), type(depth + 1)));
    }
    return new RowType(false, fields);
  }

  LogicalType type(int depth) {
    boolean nullable = random.nextInt(3) != 0;
    int roll = random.nextInt(depth >= 3 ? 18 : 22);
    LogicalType type = switch (roll) {
      case 0 -> new BooleanType();
      case 1 -> new TinyIntType();
      case 2 -> new SmallIntType();
      case 3, 4 -> new IntType();
      case 5 -> new BigIntType();
      case 6 -> new FloatType();
      case 7 -> new DoubleType();
      case 8, 9 -> VarCharType.STRING_TYPE;
      case 10 -> new VarBinaryType(VarBinaryType.MAX_LENGTH);
      case 11 -> decimal();
      case 12 -> new DateType();
      case 13 -> new TimeType(random.nextInt(4));
      case 14, 15 -> timestamp();
      case 16 -> new DecimalType(18, random.nextInt(19));
      case 17 -> VarCharType.STRING_TYPE;
      case 18 -> new ArrayType(type(depth + 1));
      case 19 -> random.nextInt(4) == 0 ? new MultisetType(VarCharType.STRING_TYPE.copy(false))
          : new MapType(VarCharType.STRING_TYPE.copy(false), type(depth + 1));
      default -> rowType(depth + 1);
    };
    return type.copy(nullable);
  }

  private LogicalType decimal() {
    int precision = 1 + random.nextInt(38);
    return new DecimalType(precision, random.nextInt(precision + 1));
  }

  private LogicalType timestamp() {
    if (mapping == TimestampMapping.LEGACY) {
      return new TimestampType(random.nextInt(4));
    }
    int precision = random.nextBoolean() ? 3 : random.nextInt(7);
    return random.nextBoolean() ? new TimestampType(precision) : new LocalZonedTimestampType(precision);
  }

  /** A random row of {@code type}. */
  public GenericRowData row(RowType type) {
    return (GenericRowData) value(type, 0);
  }

  Object value(LogicalType type, int depth) {
    if (type.isNullable() && random.nextInt(5) == 0) {
      return null;
    }
    return switch (type.getTypeRoot()) {
      case BOOLEAN -> random.nextBoolean();
      case TINYINT -> (byte) random.nextInt();
      case SMALLINT -> (short) random.nextInt();
      case INTEGER -> random.nextInt(3) == 0 ? random.nextInt(100) : random.nextInt();
      case BIGINT -> random.nextInt(3) == 0 ? (long) random.nextInt(100) : random.nextLong();
      case FLOAT -> random.nextInt(10) == 0 ? Float.NaN : (random.nextFloat() - 0.5f) * 1e6f;
      case DOUBLE -> random.nextInt(10) == 0 ? Double.NEGATIVE_INFINITY : (random.nextDouble() - 0.5) * 1e12;
      case CHAR, VARCHAR -> string();
      case BINARY, VARBINARY -> bytes(random.nextInt(12));
      case DECIMAL -> decimal((DecimalType) type);
      case DATE -> random.nextInt(100_000) - 50_000;
      case TIME_WITHOUT_TIME_ZONE -> random.nextInt(86_400_000);
      case TIMESTAMP_WITHOUT_TIME_ZONE -> timestamp(((TimestampType) type).getPrecision());
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp(((LocalZonedTimestampType) type).getPrecision());
      case ARRAY -> array(((ArrayType) type).getElementType(), depth);
      case MAP -> map(((MapType) type).getValueType(), depth);
      case MULTISET -> map(new IntType(false), depth);
      case ROW -> {
        RowType row = (RowType) type;
        GenericRowData data = new GenericRowData(row.getFieldCount());
        for (int i = 0; i < row.getFieldCount(); i++) {
          data.setField(i, value(row.getTypeAt(i), depth + 1));
        }
        yield data;
      }
      default -> throw new IllegalArgumentException(type.toString());
    };
  }

  private Object array(LogicalType element, int depth) {
    int size = depth > 3 ? 0 : random.nextInt(5);
    Object[] values = new Object[size];
    for (int i = 0; i < size; i++) {
      values[i] = value(element, depth + 1);
    }
    return new GenericArrayData(values);
  }

  private Object map(LogicalType value, int depth) {
    int size = depth > 3 ? 0 : random.nextInt(4);
    Map<Object, Object> map = new HashMap<>();
    while (map.size() < size) {
      map.put(string(), value(value, depth + 1));
    }
    return new GenericMapData(map);
  }

  private StringData string() {
    int length = random.nextInt(12);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.appendCodePoint(CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
    }
    String s = text.toString();
    return random.nextBoolean() ? StringData.fromString(s) : StringData.fromBytes(s.getBytes(StandardCharsets.UTF_8));
  }

  private byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private DecimalData decimal(DecimalType type) {
    int digits = 1 + random.nextInt(type.getPrecision());
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < digits; i++) {
      text.append((char) ('0' + random.nextInt(10)));
    }
    BigInteger unscaled = new BigInteger(text.toString());
    return DecimalData.fromBigDecimal(new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(),
        type.getScale()), type.getPrecision(), type.getScale());
  }

  /**
   * Millis for precision up to 3 (all Flink's legacy path keeps), above it the precision's digits (up to 6: all Avro's
   * timestamp-micros keeps).
   */
  private TimestampData timestamp(int precision) {
    long millis = (long) (random.nextDouble() * 8_000_000_000_000L) - 4_000_000_000_000L;
    int digit = (int) Math.pow(10, 9 - Math.max(precision, 3));
    return TimestampData.fromEpochMillis(millis, random.nextInt(1_000_000 / digit) * digit);
  }
}
