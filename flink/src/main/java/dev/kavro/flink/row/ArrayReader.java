package dev.kavro.flink.row;

import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.ReadPlan;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ReadSupport;
import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;

/**
 * Reads an Avro array into a {@link GenericArrayData}: over a primitive array ({@code int[]}, {@code long[]}...) for
 * NOT NULL primitive elements, over an {@code Object[]} otherwise. A block may not claim more elements than the bytes
 * left can hold, so what is allocated stays bounded by the payload.
 */
final class ArrayReader implements ReadNode {
  private static final byte OBJECTS = 0;
  private static final byte INTS = 1;
  private static final byte LONGS = 2;
  private static final byte FLOATS = 3;
  private static final byte DOUBLES = 4;
  private static final byte BOOLEANS = 5;
  private static final byte BYTES = 6;
  private static final byte SHORTS = 7;

  private final byte layout;
  /** The Avro kind each primitive element is read as (promotions included). */
  private final ReadPlan.Kind source;
  private final ReadNode element;
  private final byte scalar;
  private final int nullBranch;
  private final int minBytes;

  private ArrayReader(byte layout, ReadPlan.Kind source, ReadNode element, byte scalar, int nullBranch,
      int minBytes) {
    this.layout = layout;
    this.source = source;
    this.element = element;
    this.scalar = scalar;
    this.nullBranch = nullBranch;
    this.minBytes = minBytes;
  }

  static ArrayReader of(ArrayPlan plan, LogicalType elementType, ReadTree tree) {
    ReadPlan elementPlan = plan.element();
    byte layout = elementType.isNullable() ? OBJECTS : layout(elementPlan.kind(), elementType.getTypeRoot());
    if (layout != OBJECTS) {
      return new ArrayReader(layout, elementPlan.kind(), null, Scalars.NONE, -1, plan.minElementBytes());
    }
    Scalars.Position position = Scalars.Position.of(elementPlan, elementType);
    ReadNode element = position.isScalar() ? null : tree.node(elementPlan, elementType);
    return new ArrayReader(OBJECTS, elementPlan.kind(), element, position.code(), position.nullBranch(),
        plan.minElementBytes());
  }

  /** The primitive array a NOT NULL element of {@code root} read as {@code kind} goes into, or OBJECTS. */
  private static byte layout(ReadPlan.Kind kind, LogicalTypeRoot root) {
    return switch (kind) {
      case INT -> switch (root) {
        case INTEGER, DATE, TIME_WITHOUT_TIME_ZONE -> INTS;
        case TINYINT -> BYTES;
        case SMALLINT -> SHORTS;
        default -> OBJECTS;
      };
      case LONG, INT_TO_LONG -> root == LogicalTypeRoot.BIGINT ? LONGS : OBJECTS;
      case FLOAT, INT_TO_FLOAT, LONG_TO_FLOAT -> root == LogicalTypeRoot.FLOAT ? FLOATS : OBJECTS;
      case DOUBLE, INT_TO_DOUBLE, LONG_TO_DOUBLE, FLOAT_TO_DOUBLE -> root == LogicalTypeRoot.DOUBLE ? DOUBLES : OBJECTS;
      case BOOLEAN -> root == LogicalTypeRoot.BOOLEAN ? BOOLEANS : OBJECTS;
      default -> OBJECTS;
    };
  }

  @Override
  public GenericArrayData read(ByteArrayDecoder in) throws IOException {
    boolean zeroBytes = minBytes == 0;
    if (zeroBytes) {
      ReadSupport.beginZeroByteArray();
    }
    try {
      long n = in.readArrayStart();
      ReadSupport.checkArrayBlock(in, n, minBytes);
      return switch (layout) {
        case INTS -> new GenericArrayData(ints(in, n));
        case LONGS -> new GenericArrayData(longs(in, n));
        case DOUBLES -> new GenericArrayData(doubles(in, n));
        case FLOATS -> new GenericArrayData(floats(in, n));
        case BOOLEANS -> new GenericArrayData(booleans(in, n));
        case BYTES -> new GenericArrayData(bytes(in, n));
        case SHORTS -> new GenericArrayData(shorts(in, n));
        default -> new GenericArrayData(objects(in, n));
      };
    } finally {
      if (zeroBytes) {
        ReadSupport.endZeroByteArray();
      }
    }
  }

  /** The next block's count, checked against the bytes left. */
  private long next(ByteArrayDecoder in) throws IOException {
    long n = in.arrayNext();
    ReadSupport.checkArrayBlock(in, n, minBytes);
    return n;
  }

  private Object[] objects(ByteArrayDecoder in, long n) throws IOException {
    Object[] values = new Object[(int) n];
    int size = 0;
    while (n > 0) {
      values = grow(values, size, n);
      for (long i = 0; i < n; i++) {
        values[size++] = scalar == Scalars.NONE ? element.read(in) : Scalars.read(scalar, nullBranch, in);
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }

  private static Object[] grow(Object[] values, int size, long more) {
    return size + more <= values.length ? values : Arrays.copyOf(values, Math.toIntExact(size + more));
  }

  private int[] ints(ByteArrayDecoder in, long n) throws IOException {
    int[] values = new int[(int) n];
    int size = 0;
    while (n > 0) {
      if (size + n > values.length) {
        values = Arrays.copyOf(values, Math.toIntExact(size + n));
      }
      for (long i = 0; i < n; i++) {
        values[size++] = in.readInt();
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }

  private long[] longs(ByteArrayDecoder in, long n) throws IOException {
    boolean fromInt = source == ReadPlan.Kind.INT_TO_LONG;
    long[] values = new long[(int) n];
    int size = 0;
    while (n > 0) {
      if (size + n > values.length) {
        values = Arrays.copyOf(values, Math.toIntExact(size + n));
      }
      for (long i = 0; i < n; i++) {
        values[size++] = fromInt ? in.readInt() : in.readLong();
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }

  private double[] doubles(ByteArrayDecoder in, long n) throws IOException {
    double[] values = new double[(int) n];
    int size = 0;
    while (n > 0) {
      if (size + n > values.length) {
        values = Arrays.copyOf(values, Math.toIntExact(size + n));
      }
      for (long i = 0; i < n; i++) {
        values[size++] = switch (source) {
          case INT_TO_DOUBLE -> in.readInt();
          case LONG_TO_DOUBLE -> in.readLong();
          case FLOAT_TO_DOUBLE -> in.readFloat();
          default -> in.readDouble();
        };
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }

  private float[] floats(ByteArrayDecoder in, long n) throws IOException {
    float[] values = new float[(int) n];
    int size = 0;
    while (n > 0) {
      if (size + n > values.length) {
        values = Arrays.copyOf(values, Math.toIntExact(size + n));
      }
      for (long i = 0; i < n; i++) {
        values[size++] = switch (source) {
          case INT_TO_FLOAT -> in.readInt();
          case LONG_TO_FLOAT -> in.readLong();
          default -> in.readFloat();
        };
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }

  private boolean[] booleans(ByteArrayDecoder in, long n) throws IOException {
    boolean[] values = new boolean[(int) n];
    int size = 0;
    while (n > 0) {
      if (size + n > values.length) {
        values = Arrays.copyOf(values, Math.toIntExact(size + n));
      }
      for (long i = 0; i < n; i++) {
        values[size++] = in.readBoolean();
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }

  private byte[] bytes(ByteArrayDecoder in, long n) throws IOException {
    byte[] values = new byte[(int) n];
    int size = 0;
    while (n > 0) {
      if (size + n > values.length) {
        values = Arrays.copyOf(values, Math.toIntExact(size + n));
      }
      for (long i = 0; i < n; i++) {
        int value = in.readInt();
        if (value != (byte) value) {
          throw new IOException("The int " + value + " is out of range for TINYINT");
        }
        values[size++] = (byte) value;
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }

  private short[] shorts(ByteArrayDecoder in, long n) throws IOException {
    short[] values = new short[(int) n];
    int size = 0;
    while (n > 0) {
      if (size + n > values.length) {
        values = Arrays.copyOf(values, Math.toIntExact(size + n));
      }
      for (long i = 0; i < n; i++) {
        int value = in.readInt();
        if (value != (short) value) {
          throw new IOException("The int " + value + " is out of range for SMALLINT");
        }
        values[size++] = (short) value;
      }
      n = next(in);
    }
    return size == values.length ? values : Arrays.copyOf(values, size);
  }
}
