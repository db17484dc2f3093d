package dev.kavro.fallback;

import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.DefaultStep;
import dev.kavro.plan.EnumPlan;
import dev.kavro.plan.ErrorPlan;
import dev.kavro.plan.LogicalPlan;
import dev.kavro.plan.MapPlan;
import dev.kavro.plan.PlanCycles;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnionPlan;
import dev.kavro.plan.ValuePlan;
import dev.kavro.runtime.ReadSupport;
import java.io.IOException;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.Decoder;

/**
 * The fallback executor: walks a {@link ReadPlan} for every datum. Always available, needs no compiler, and gives
 * results equal to the compiled reader's, of the same Java types. It serves until compiled code is ready, and for
 * good when compilation is off or fails.
 *
 * <p>Thread-safe: holds only the immutable plan.
 */
public final class PlanInterpreter {
  private final ReadPlan root;
  private final GenericData data;
  /** Whether records and arrays count their nesting: only a recursive schema can nest deeper than itself. */
  private final boolean counted;

  public PlanInterpreter(ReadPlan root, GenericData data) {
    this.root = root;
    this.data = data;
    this.counted = PlanCycles.isRecursive(root);
  }

  public Object read(Object reuse, Decoder in) throws IOException {
    if (counted) {
      ReadSupport.startCountedRead(in);
    }
    return read(root, reuse, in);
  }

  private Object read(ReadPlan plan, Object old, Decoder in) throws IOException {
    return switch (plan.kind()) {
      case NULL -> {
        in.readNull();
        yield null;
      }
      case BOOLEAN -> in.readBoolean();
      case INT -> in.readInt();
      case LONG -> in.readLong();
      case FLOAT -> in.readFloat();
      case DOUBLE -> in.readDouble();
      case STRING_UTF8 -> ReadSupport.readUtf8(in, old);
      case STRING_JAVA -> in.readString();
      case BYTES -> ReadSupport.readBytes(in, old);
      case FIXED -> ReadSupport.readFixed(data, old, plan.reader(), in);
      case INT_TO_LONG -> (long) in.readInt();
      case INT_TO_FLOAT -> (float) in.readInt();
      case INT_TO_DOUBLE -> (double) in.readInt();
      case LONG_TO_FLOAT -> (float) in.readLong();
      case LONG_TO_DOUBLE -> (double) in.readLong();
      case FLOAT_TO_DOUBLE -> (double) in.readFloat();
      case STRING_TO_BYTES -> ReadSupport.stringToBytes(in);
      case BYTES_TO_UTF8 -> ReadSupport.bytesToUtf8(in, old);
      case BYTES_TO_STRING -> ReadSupport.bytesToString(in);
      case ENUM -> readEnum((EnumPlan) plan, in);
      case ARRAY -> counted ? countedArray((ArrayPlan) plan, old, in) : readArray((ArrayPlan) plan, old, in);
      case MAP -> readMap((MapPlan) plan, in);
      case RECORD -> counted ? countedRecord((RecordPlan) plan, old, in) : readRecord((RecordPlan) plan, old, in);
      case UNION -> readUnion((UnionPlan) plan, in);
      case LOGICAL -> readLogical((LogicalPlan) plan, old, in);
      case ERROR -> ReadSupport.fail(((ErrorPlan) plan).message());
    };
  }

  private static Object readEnum(EnumPlan plan, Decoder in) throws IOException {
    return plan.valueFor(in.readEnum());
  }

  private Object countedArray(ArrayPlan plan, Object old, Decoder in) throws IOException {
    ReadSupport.enterLevel(in);
    Object array = readArray(plan, old, in);
    ReadSupport.exitLevel(in);
    return array;
  }

  private Object countedRecord(RecordPlan plan, Object old, Decoder in) throws IOException {
    ReadSupport.enterLevel(in);
    Object record = readRecord(plan, old, in);
    ReadSupport.exitLevel(in);
    return record;
  }

  private Object readArray(ArrayPlan plan, Object old, Decoder in) throws IOException {
    ReadPlan element = plan.element();
    int minBytes = plan.minElementBytes();
    boolean zeroBytes = minBytes == 0;
    if (zeroBytes) {
      ReadSupport.beginZeroByteArray();
    }
    try {
      long count = in.readArrayStart();
      ReadSupport.checkArrayBlock(in, count, minBytes);
      List<Object> array = ReadSupport.newArray(old, count, plan.reader());
      boolean reuse = element.reusesOldValue();
      while (count > 0) {
        for (long i = 0; i < count; i++) {
          array.add(read(element, reuse ? ReadSupport.peek(array) : null, in));
        }
        count = in.arrayNext();
        ReadSupport.checkArrayBlock(in, count, minBytes);
      }
      return array;
    } finally {
      if (zeroBytes) {
        ReadSupport.endZeroByteArray();
      }
    }
  }

  private Object readMap(MapPlan plan, Decoder in) throws IOException {
    Map<Object, Object> map = new HashMap<>();
    long count = in.readMapStart();
    ReadSupport.checkMapBlock(in, count);
    while (count > 0) {
      for (long i = 0; i < count; i++) {
        Object key = plan.javaStringKeys() ? in.readString() : in.readString(null);
        map.put(key, read(plan.value(), null, in));
      }
      count = in.mapNext();
      ReadSupport.checkMapBlock(in, count);
    }
    return map;
  }

  private Object readRecord(RecordPlan plan, Object old, Decoder in) throws IOException {
    IndexedRecord record = plan.genericRecords()
        ? ReadSupport.newGenericRecord(old, plan.reader())
        : (IndexedRecord) plan.supplier().newInstance(old, plan.reader());
    for (RecordPlan.FieldStep step : plan.fields()) {
      if (step.isSkip()) {
        ReadSupport.skip(step.skipSchema(), in);
      } else {
        int pos = step.readerPos();
        ReadPlan field = step.plan();
        record.put(pos, read(field, field.reusesOldValue() ? record.get(pos) : null, in));
      }
    }
    for (DefaultStep step : plan.defaults()) {
      int pos = step.pos();
      record.put(pos, defaultValue(step, step.reusesOldValue() ? record.get(pos) : null));
    }
    return record;
  }

  private Object defaultValue(DefaultStep step, Object old) throws IOException {
    return switch (step.kind()) {
      case SHARED -> step.shared();
      case UTF8 -> ReadSupport.utf8Default(old, (org.apache.avro.util.Utf8) step.shared());
      case EMPTY_ARRAY -> ReadSupport.emptyArrayDefault(data, old, step.collectionSchema());
      case EMPTY_MAP -> ReadSupport.emptyMapDefault(data, old);
      case DECODE -> read(step.plan(), old, ReadSupport.defaultDecoder(step.encoded()));
    };
  }

  private Object readUnion(UnionPlan plan, Decoder in) throws IOException {
    int index = in.readIndex();
    List<ReadPlan> branches = plan.branches();
    if (index < 0 || index >= branches.size()) {
      throw ReadSupport.badUnionIndex(index, branches.size());
    }
    return read(branches.get(index), null, in);
  }

  private Object readLogical(LogicalPlan plan, Object old, Decoder in) throws IOException {
    return ReadSupport.convert(read(plan.inner(), old, in), plan.reader(), plan.conversion());
  }
}
