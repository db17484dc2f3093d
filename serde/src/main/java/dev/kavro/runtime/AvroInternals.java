package dev.kavro.runtime;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.lang.reflect.Method;
import java.util.List;
import org.apache.avro.Conversion;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.SystemLimitException;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.Decoder;
import org.apache.avro.io.Encoder;
import org.apache.avro.util.internal.Accessor;

/**
 * Every Avro API that is internal ({@code org.apache.avro.util.internal}) or differs between the supported Avro
 * versions (1.11.4 to 1.12.x), in one place. Kavro is compiled against the newest Avro; where an older one lacks a
 * method, this class does the same job itself, so no other class links to a method that may be missing. Methods are
 * looked up once; a guarded call site that is never run is never linked, so the JVM does not resolve the missing
 * method. The compatibility matrix runs {@code AvroInternalsTest} on every supported version.
 */
public final class AvroInternals {
  /** Avro 1.12.2 added the per-read allocation budget for collections of zero-byte elements. */
  static final boolean HAS_ALLOCATION_SCOPE = hasMethod(SystemLimitException.class, "beginCollectionAllocationScope");
  /** Avro 1.12.2 added {@code Decoder.remainingBytes()} and {@code GenericDatumReader.initialCollectionCapacity}. */
  static final boolean HAS_REMAINING_BYTES = hasMethod(Decoder.class, "remainingBytes");
  /** Avro 1.12.1 added the single-argument collection-length check (no negative-length error of its own). */
  static final boolean HAS_SINGLE_LENGTH_CHECK = hasMethod(SystemLimitException.class, "checkMaxCollectionLength",
      long.class);
  static final boolean HAS_INITIAL_CAPACITY = hasMethod(GenericDatumReader.class, "initialCollectionCapacity",
      long.class);
  /** Avro 1.12.0 added the duration conversion and the nanosecond timestamp logical types. */
  static final boolean HAS_112_CONVERSIONS = hasClass("org.apache.avro.Conversions$DurationConversion");
  /** Avro 1.12.0 replaced {@code Parser.setValidate(boolean)} by a {@code NameValidator}. */
  static final boolean HAS_NAME_VALIDATOR = hasClass("org.apache.avro.NameValidator");

  /** The property and default of Avro 1.12's budget, which the stand-in for older versions honours as well. */
  static final String MAX_ALLOCATION_PROPERTY = "org.apache.avro.limits.collectionItems.maxAllocation";
  /** The first block of an array is pre-sized up to this many elements where Avro cannot tell us its own cap. */
  static final int MAX_INITIAL_CAPACITY = 1024;

  private static final long MAX_ALLOCATION = maxAllocation();
  private static final ThreadLocal<long[]> SCOPE = ThreadLocal.withInitial(() -> new long[2]); // {depth, allocated}

  private AvroInternals() {}

  /**
   * A parser that accepts any name and does not validate defaults, as Confluent's client parses a schema the registry
   * already holds.
   */
  public static Schema.Parser lenientParser() {
    Schema.Parser parser;
    if (HAS_NAME_VALIDATOR) {
      parser = new Schema.Parser(org.apache.avro.NameValidator.NO_VALIDATION);
    } else {
      parser = new Schema.Parser();
      try {
        Schema.Parser.class.getMethod("setValidate", boolean.class).invoke(parser, false);
      } catch (ReflectiveOperationException e) {
        throw new IllegalStateException("Avro " + Schema.class.getPackage().getImplementationVersion()
            + " has neither NameValidator nor Parser.setValidate(boolean)", e);
      }
    }
    parser.setValidateDefaults(false);
    return parser;
  }

  /** A field's default as Avro holds it (JSON), or null when there is none. */
  public static JsonNode defaultValue(Schema.Field field) {
    return Accessor.defaultValue(field);
  }

  /** Writes {@code json}, a default of {@code schema}, in Avro binary. */
  public static void encodeDefault(Encoder encoder, Schema schema, JsonNode json) throws IOException {
    Accessor.encode(encoder, schema, json);
  }

  /** A field with a JSON default taken as it is, without Avro's validation or re-parsing of it. */
  public static Schema.Field createField(String name, Schema schema, String doc, JsonNode defaultValue,
      boolean validate, Schema.Field.Order order) {
    return Accessor.createField(name, schema, doc, defaultValue, validate, order);
  }

  /** Bytes left to read, or -1 when the decoder cannot tell (every decoder of Avro before 1.12.2). */
  public static int remainingBytes(Decoder in) {
    if (in instanceof ByteArrayDecoder) {
      return ((ByteArrayDecoder) in).remainingBytes();
    }
    return HAS_REMAINING_BYTES ? in.remainingBytes() : -1;
  }

  /** Checks an array's or map's first block count against Avro's collection limit. */
  public static int checkMaxCollectionLength(long items) {
    return HAS_SINGLE_LENGTH_CHECK ? SystemLimitException.checkMaxCollectionLength(items)
        : SystemLimitException.checkMaxCollectionLength(0L, items);
  }

  /** The initial capacity of an array whose first block has {@code items} elements, as Avro's readers size it. */
  public static int initialCollectionCapacity(long items) {
    if (HAS_INITIAL_CAPACITY) {
      return GenericDatumReader.initialCollectionCapacity(items);
    }
    return (int) Math.max(0, Math.min(items, MAX_INITIAL_CAPACITY));
  }

  /**
   * Counts {@code items} zero-byte elements against the budget of the current read, so that a few bytes cannot
   * claim billions of elements. Avro 1.12.2+ keeps the budget; before that this class keeps one of its own with the
   * same property and default.
   *
   * @throws SystemLimitException when the budget is exceeded
   */
  public static long checkMaxCollectionAllocation(long items) {
    if (HAS_ALLOCATION_SCOPE) {
      return SystemLimitException.checkMaxCollectionAllocation(items);
    }
    long[] scope = SCOPE.get();
    long allocated = scope[0] == 0 ? 0 : scope[1];
    long total = allocated + items;
    if (items < 0 || total < allocated || total > MAX_ALLOCATION) {
      throw new SystemLimitException("Collection items " + (items < 0 || total < allocated ? "overflow" : total)
          + " exceed the maximum allocation of " + MAX_ALLOCATION + " (" + MAX_ALLOCATION_PROPERTY + ")");
    }
    if (scope[0] > 0) {
      scope[1] = total;
    }
    return total;
  }

  /** Opens a scope whose zero-byte elements share one allocation budget; scopes nest. */
  public static void beginCollectionAllocationScope() {
    if (HAS_ALLOCATION_SCOPE) {
      SystemLimitException.beginCollectionAllocationScope();
      return;
    }
    long[] scope = SCOPE.get();
    if (scope[0]++ == 0) {
      scope[1] = 0;
    }
  }

  public static void endCollectionAllocationScope() {
    if (HAS_ALLOCATION_SCOPE) {
      SystemLimitException.endCollectionAllocationScope();
      return;
    }
    long[] scope = SCOPE.get();
    if (scope[0] > 0 && --scope[0] == 0) {
      scope[1] = 0;
    }
  }

  /**
   * The conversions Avro 1.12.0 added (duration, nanosecond timestamps); none on 1.11, which lacks them (and the
   * nanosecond logical types).
   */
  public static List<Conversion<?>> conversionsSince112() {
    if (!HAS_112_CONVERSIONS) {
      return List.of();
    }
    return List.of(new Conversions.DurationConversion(), new TimeConversions.TimestampNanosConversion(),
        new TimeConversions.LocalTimestampNanosConversion());
  }

  private static long maxAllocation() {
    long fallback = Math.max(1, Math.max(1, Runtime.getRuntime().maxMemory() / 4) / 8);
    String value = System.getProperty(MAX_ALLOCATION_PROPERTY);
    try {
      return value == null ? fallback : Math.max(0, Long.parseLong(value.trim()));
    } catch (NumberFormatException e) {
      return fallback;
    }
  }

  private static boolean hasMethod(Class<?> type, String name, Class<?>... parameters) {
    try {
      Method method = type.getMethod(name, parameters);
      return method != null;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static boolean hasClass(String name) {
    try {
      Class.forName(name, false, Schema.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException e) {
      return false;
    }
  }
}
