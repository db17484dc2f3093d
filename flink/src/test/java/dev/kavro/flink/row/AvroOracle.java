package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.testing.Oracle;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;
import org.apache.flink.table.data.DecimalData;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * The independent expectation for Kavro's decoder: vanilla Avro (fast reader on and off, through the serde's
 * {@link Oracle}, Kavro's case rule included) reads the bytes with the very reader schema Kavro derived, and a plain
 * conversion written here, value by value from the reader's schema, turns the record into Flink's internal row: what
 * a correct Avro-to-Flink path gives. A conversion that cannot hold the value (out of a column's range, a decimal that
 * would lose digits) is an expected failure.
 */
public final class AvroOracle {
  private final Oracle oracle;
  private final Schema reader;
  private final RowType rowType;
  private final TimestampMapping mapping;

  public AvroOracle(Schema writer, Schema reader, RowType rowType, TimestampMapping mapping) {
    this.oracle = Oracle.generic(writer, reader, false, true);
    this.reader = reader;
    this.rowType = rowType;
    this.mapping = mapping;
  }

  /** Whether Kavro's case rule pairs some writer field with a column that plain Avro would leave unmatched. */
  public boolean caseRuleInPlay() {
    return oracle.caseRuleInPlay();
  }

  /** The expected row, or the failure that reading or converting gives. */
  public Object expect(byte[] body) {
    Oracle.Outcome outcome = oracle.expect(body);
    if (outcome.failed()) {
      return outcome.failure();
    }
    try {
      return convert(outcome.value(), rowType, reader);
    } catch (RuntimeException e) {
      return e;
    }
  }

  private Object convert(Object value, LogicalType type, Schema schema) {
    if (schema.getType() == Schema.Type.UNION) {
      schema = schema.getTypes().get(GenericData.get().resolveUnion(schema, value));
    }
    if (value == null) {
      return null;
    }
    return switch (type.getTypeRoot()) {
      case BOOLEAN, INTEGER, BIGINT, FLOAT, DOUBLE, DATE -> value;
      case TINYINT -> {
        int v = (Integer) value;
        if (v != (byte) v) {
          throw new ArithmeticException("TINYINT " + v);
        }
        yield (byte) v;
      }
      case SMALLINT -> {
        int v = (Integer) value;
        if (v != (short) v) {
          throw new ArithmeticException("SMALLINT " + v);
        }
        yield (short) v;
      }
      case CHAR, VARCHAR -> value instanceof Utf8 utf8
          ? StringData.fromBytes(java.util.Arrays.copyOf(utf8.getBytes(), utf8.getByteLength()))
          : StringData.fromString(((GenericEnumSymbol<?>) value).toString());
      case BINARY, VARBINARY -> bytes(value);
      case DECIMAL -> decimal(bytes(value), schema, (DecimalType) type);
      case TIME_WITHOUT_TIME_ZONE -> value instanceof Long micros
          ? Math.toIntExact(schema.getLogicalType() instanceof LogicalTypes.TimeMicros
              ? Math.floorDiv(micros, 1000L) : micros) : value;
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          toPrecision(timestamp((Long) value, schema), LogicalTypeChecks.getPrecision(type));
      case ARRAY -> {
        List<?> list = (List<?>) value;
        LogicalType element = ((ArrayType) type).getElementType();
        Object[] values = new Object[list.size()];
        for (int i = 0; i < values.length; i++) {
          values[i] = convert(list.get(i), element, schema.getElementType());
        }
        yield new GenericArrayData(values);
      }
      case MAP, MULTISET -> {
        LogicalType valueType = AvroShapes.mapValueType(type);
        Map<Object, Object> map = new HashMap<>();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
          Utf8 key = (Utf8) entry.getKey();
          map.put(StringData.fromBytes(java.util.Arrays.copyOf(key.getBytes(), key.getByteLength())),
              convert(entry.getValue(), valueType, schema.getValueType()));
        }
        yield new GenericMapData(map);
      }
      case ROW -> {
        RowType row = (RowType) type;
        IndexedRecord record = (IndexedRecord) value;
        GenericRowData data = new GenericRowData(row.getFieldCount());
        for (int i = 0; i < row.getFieldCount(); i++) {
          data.setField(i, convert(record.get(i), row.getTypeAt(i), schema.getFields().get(i).schema()));
        }
        yield data;
      }
      case NULL -> null;
      default -> throw new IllegalArgumentException(type.toString());
    };
  }

  private static byte[] bytes(Object value) {
    if (value instanceof GenericFixed fixed) {
      return fixed.bytes().clone();
    }
    ByteBuffer buffer = ((ByteBuffer) value).duplicate();
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return bytes;
  }

  private static DecimalData decimal(byte[] unscaled, Schema schema, DecimalType type) {
    int writerScale = schema.getLogicalType() instanceof LogicalTypes.Decimal d ? d.getScale() : type.getScale();
    BigDecimal value = new BigDecimal(new BigInteger(unscaled), writerScale).setScale(type.getScale(),
        RoundingMode.UNNECESSARY);
    if (value.precision() > type.getPrecision()) {
      throw new ArithmeticException("precision");
    }
    return DecimalData.fromBigDecimal(value, type.getPrecision(), type.getScale());
  }

  /** A TIMESTAMP(p) holds no digit below p (below the millisecond for p up to 3, as Flink's binary rows). */
  private static TimestampData toPrecision(TimestampData value, int precision) {
    Instant instant = value.toInstant();
    long digit = (long) Math.pow(10, 9 - Math.max(precision, 3));
    return TimestampData.fromInstant(instant.minusNanos(instant.getNano() % digit));
  }

  private TimestampData timestamp(long value, Schema schema) {
    String unit = mapping == TimestampMapping.LEGACY || schema.getLogicalType() == null ? "millis"
        : schema.getLogicalType().getName();
    if (unit.endsWith("micros")) {
      return TimestampData.fromEpochMillis(Math.floorDiv(value, 1000), (int) Math.floorMod(value, 1000) * 1000);
    }
    if (unit.endsWith("nanos")) {
      return TimestampData.fromEpochMillis(Math.floorDiv(value, 1_000_000), (int) Math.floorMod(value, 1_000_000));
    }
    return TimestampData.fromEpochMillis(value);
  }
}
