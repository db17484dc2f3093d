package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.DefaultStep;
import dev.kavro.plan.EnumPlan;
import dev.kavro.plan.ErrorPlan;
import dev.kavro.plan.MapPlan;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnionPlan;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ReadSupport;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.TimestampData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.utils.LogicalTypeChecks;

/**
 * Builds the read tree for a plan and the column types it fills, once per (writer, produced type, mapping): every
 * decision about schemas is made here, so that a record's read inspects none.
 */
final class ReadTree {
  private final TimestampMapping mapping;

  ReadTree(TimestampMapping mapping) {
    this.mapping = mapping;
  }

  /** The reader of a record plan into rows of {@code row}. */
  RecordReader record(RecordPlan plan, RowType row) {
    List<RecordPlan.FieldStep> steps = plan.fields();
    int n = steps.size();
    byte[] scalars = new byte[n];
    int[] nullBranches = new int[n];
    int[] positions = new int[n];
    ReadNode[] nodes = new ReadNode[n];
    Schema[] skips = new Schema[n];
    String[] names = new String[n];
    for (int i = 0; i < n; i++) {
      RecordPlan.FieldStep step = steps.get(i);
      nullBranches[i] = -1;
      if (step.isSkip()) {
        skips[i] = step.skipSchema();
        positions[i] = -1;
        names[i] = plan.writer().getFields().get(i).name();
        continue;
      }
      int pos = step.readerPos();
      LogicalType type = row.getTypeAt(pos);
      positions[i] = pos;
      names[i] = row.getFieldNames().get(pos);
      Scalars.Position position = Scalars.Position.of(step.plan(), type);
      scalars[i] = position.code();
      nullBranches[i] = position.nullBranch();
      if (!position.isScalar()) {
        nodes[i] = node(step.plan(), type);
      }
    }
    List<DefaultStep> valueDefaults = plan.defaults().stream().filter(ReadTree::hasValue).toList();
    int[] defaultPositions = new int[valueDefaults.size()];
    ColumnDefault[] defaults = new ColumnDefault[valueDefaults.size()];
    for (int d = 0; d < defaults.length; d++) {
      int pos = valueDefaults.get(d).pos();
      defaultPositions[d] = pos;
      defaults[d] = ColumnDefault.of(plan.reader().getFields().get(pos), row.getTypeAt(pos), mapping,
          row.getFieldNames().get(pos));
    }
    return new RecordReader(row.getFieldCount(), scalars, nullBranches, positions, nodes, skips, names,
        defaultPositions, defaults);
  }

  /** Whether a default fills its column with a value: a null default leaves the new row's field null already. */
  private static boolean hasValue(DefaultStep step) {
    return step.kind() != DefaultStep.Kind.SHARED || step.shared() != null;
  }

  /** The node that reads {@code plan} into a value of column type {@code type}. */
  ReadNode node(ReadPlan plan, LogicalType type) {
    switch (plan.kind()) {
      case ERROR -> {
        String message = ((ErrorPlan) plan).message();
        return in -> ReadSupport.fail(message);
      }
      case UNION -> {
        return union((UnionPlan) plan, type);
      }
      case NULL -> {
        return ReadSupport::readNull;
      }
      default -> {
        return value(plan, type);
      }
    }
  }

  private ReadNode value(ReadPlan plan, LogicalType type) {
    byte scalar = Scalars.readCode(plan, type);
    if (scalar != Scalars.NONE) {
      return in -> Scalars.read(scalar, in);
    }
    ReadPlan.Kind kind = plan.kind();
    return switch (type.getTypeRoot()) {
      case TINYINT -> in -> tinyint(in.readInt());
      case SMALLINT -> in -> smallint(in.readInt());
      case BIGINT -> in -> (long) in.readInt();
      case FLOAT -> kind == ReadPlan.Kind.INT_TO_FLOAT ? in -> (float) in.readInt() : in -> (float) in.readLong();
      case DOUBLE -> switch (kind) {
        case INT_TO_DOUBLE -> in -> (double) in.readInt();
        case LONG_TO_DOUBLE -> in -> (double) in.readLong();
        default -> in -> (double) in.readFloat();
      };
      case CHAR, VARCHAR -> kind == ReadPlan.Kind.ENUM ? enumSymbols((EnumPlan) plan)
          : in -> StringData.fromBytes(in.readBytesArray());
      case BINARY, VARBINARY -> binary(plan);
      case DECIMAL -> decimal(plan, (DecimalType) type);
      case TIME_WITHOUT_TIME_ZONE -> in -> timeMillis(in.readLong(), AvroShapes.isTimeMicros(plan.writer()));
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE ->
          timestamp(plan, LogicalTypeChecks.getPrecision(type));
      case ARRAY -> ArrayReader.of((ArrayPlan) plan, ((ArrayType) type).getElementType(), this);
      case MAP, MULTISET -> map((MapPlan) plan, AvroShapes.mapValueType(type));
      case ROW -> record((RecordPlan) plan, (RowType) type);
      default -> throw new IllegalStateException("No reader of " + plan + " into " + type);
    };
  }

  private static Object tinyint(int value) throws IOException {
    if (value != (byte) value) {
      throw new IOException("The int " + value + " is out of range for TINYINT");
    }
    return (byte) value;
  }

  private static Object smallint(int value) throws IOException {
    if (value != (short) value) {
      throw new IOException("The int " + value + " is out of range for SMALLINT");
    }
    return (short) value;
  }

  /** TIME holds milliseconds of the day: microseconds are truncated to them, as Flink's TIME has no finer unit. */
  private static Object timeMillis(long value, boolean micros) throws IOException {
    long millis = micros ? Math.floorDiv(value, 1000L) : value;
    if (millis != (int) millis) {
      throw new IOException("The time " + value + (micros ? " micros" : " millis") + " is out of range for TIME");
    }
    return (int) millis;
  }

  /** One StringData per writer symbol, shared by every row (StringData is immutable). */
  private static ReadNode enumSymbols(EnumPlan plan) {
    Object[] values = plan.values();
    Object[] symbols = new Object[values.length];
    for (int i = 0; i < values.length; i++) {
      symbols[i] = values[i] == null ? null : StringData.fromString(values[i].toString());
    }
    Schema writer = plan.writer();
    return in -> ReadSupport.enumValue(symbols, in.readEnum(), writer);
  }

  private static ReadNode binary(ReadPlan plan) {
    return switch (plan.kind()) {
      case FIXED -> fixed(plan.writer().getFixedSize());
      case STRING_TO_BYTES -> ByteArrayDecoder::readStringBytes;
      default -> ByteArrayDecoder::readBytesArray;
    };
  }

  private static ReadNode fixed(int size) {
    return in -> {
      ReadSupport.requireBytes(in, size);
      byte[] bytes = new byte[size];
      in.readFixed(bytes, 0, size);
      return bytes;
    };
  }

  private static ReadNode decimal(ReadPlan plan, DecimalType type) {
    int precision = type.getPrecision();
    int scale = type.getScale();
    int writerScale = AvroShapes.decimalScale(plan.writer(), scale);
    ReadNode bytes = binary(plan);
    return in -> Decimals.read((byte[]) bytes.read(in), writerScale, precision, scale);
  }

  /**
   * Timestamps in the writer's unit, cut to the column's precision: a TIMESTAMP(p) value holds no finer digit, as
   * Flink's binary rows hold none for p up to 3, so that a value compares the same before and after a network hop.
   */
  private ReadNode timestamp(ReadPlan plan, int precision) {
    boolean fromInt = plan.kind() == ReadPlan.Kind.INT_TO_LONG;
    int unit = nanosPerDigit(precision);
    switch (AvroShapes.timestampUnit(plan.writer(), mapping)) {
      case MICROS -> {
        return in -> {
          long micros = in.readLong();
          int nanos = (int) Math.floorMod(micros, 1000L) * 1000;
          return TimestampData.fromEpochMillis(Math.floorDiv(micros, 1000L), nanos - nanos % unit);
        };
      }
      case NANOS -> {
        return in -> {
          long nanos = in.readLong();
          int nanosOfMilli = (int) Math.floorMod(nanos, 1_000_000L);
          return TimestampData.fromEpochMillis(Math.floorDiv(nanos, 1_000_000L), nanosOfMilli - nanosOfMilli % unit);
        };
      }
      default -> {
        return fromInt ? in -> TimestampData.fromEpochMillis(in.readInt())
            : in -> TimestampData.fromEpochMillis(in.readLong());
      }
    }
  }

  /** The nanoseconds in the last digit of a precision: 1000 for 6; at least a millisecond's for up to 3. */
  private static int nanosPerDigit(int precision) {
    int unit = 1;
    for (int digit = Math.max(precision, 3); digit < 9; digit++) {
      unit *= 10;
    }
    return unit;
  }

  private ReadNode union(UnionPlan plan, LogicalType type) {
    List<ReadPlan> branches = plan.branches();
    ReadNode[] nodes = new ReadNode[branches.size()];
    for (int i = 0; i < nodes.length; i++) {
      nodes[i] = node(branches.get(i), type);
    }
    return in -> {
      int b = in.readIndex();
      if (b < 0 || b >= nodes.length) {
        throw ReadSupport.badUnionIndex(b, nodes.length);
      }
      return nodes[b].read(in);
    };
  }

  private ReadNode map(MapPlan plan, LogicalType valueType) {
    ReadPlan valuePlan = plan.value();
    Scalars.Position position = Scalars.Position.of(valuePlan, valueType);
    byte scalar = position.code();
    int nullBranch = position.nullBranch();
    ReadNode value = position.isScalar() ? null : node(valuePlan, valueType);
    return in -> {
      // Flink's own path fills a default HashMap in wire order too; the same order gives the same binary map.
      Map<Object, Object> map = new HashMap<>();
      long n = in.readMapStart();
      ReadSupport.checkMapBlock(in, n);
      while (n > 0) {
        for (long i = 0; i < n; i++) {
          StringData key = StringData.fromBytes(in.readStringBytes());
          map.put(key, scalar == Scalars.NONE ? value.read(in) : Scalars.read(scalar, nullBranch, in));
        }
        n = in.mapNext();
        ReadSupport.checkMapBlock(in, n);
      }
      return new GenericMapData(map);
    };
  }
}
