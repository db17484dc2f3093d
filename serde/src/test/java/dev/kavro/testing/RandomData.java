package dev.kavro.testing;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import org.apache.avro.Conversion;
import org.apache.avro.Conversions;
import org.apache.avro.JsonProperties;
import org.apache.avro.LogicalType;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;

/**
 * Seeded generator of random data in Avro's generic representation. Logical types come out as Java objects
 * (BigDecimal, Instant...) when the model has a conversion for them, else as their raw Avro values; either way the
 * values are in range, so a reader with or without conversions can decode them. Sizes stay small: arrays and maps of
 * 0..5 entries, strings of 0..20 code points including multi-byte UTF-8.
 *
 * <p>Not thread-safe: use one instance per thread.
 */
public final class RandomData {
  // One to four UTF-8 bytes per code point, and the Turkish dotless i that the case fallback must not trip on.
  private static final int[] CODE_POINTS = {'a', 'Z', '0', ' ', '_', 'é', 'ñ', 'ı', 'İ', 'Ω', 'ж', '中', '語', 0x1F600};
  private static final int MAX_DEPTH = 4;
  private static final GenericData ALL_CONVERSIONS = Models.generic(false, true);

  private final Random random;
  private final GenericData model;

  public RandomData(Random random, GenericData model) {
    this.random = random;
    this.model = model;
  }

  /** A random datum for {@code schema}. */
  public Object next(Schema schema) {
    return generate(schema, 0, false, Models.hasConversions(model));
  }

  /**
   * A random default value for a field of type {@code schema}, in the form {@link Schema.Field}'s constructor takes
   * (JSON-like: maps, lists, ISO-8859-1 strings for bytes). Unions default to their first branch, as the spec requires.
   */
  public Object defaultValue(Schema schema) {
    return toJsonLike(schema, generate(schema, 0, true, false));
  }

  private Object generate(Schema schema, int depth, boolean forDefault, boolean converted) {
    LogicalType logical = schema.getLogicalType();
    if (logical != null) {
      Object value = logicalValue(schema, logical);
      Conversion<Object> conversion = conversion(logical);
      return converted && model.getConversionFor(logical) != null
          ? value
          : Conversions.convertToRawType(value, schema, logical, conversion);
    }
    switch (schema.getType()) {
      case NULL:
        return null;
      case BOOLEAN:
        return random.nextBoolean();
      case INT:
        return pick(new int[] {0, 1, -1, Integer.MAX_VALUE, Integer.MIN_VALUE}, random.nextInt());
      case LONG:
        return random.nextInt(4) == 0 ? (long) random.nextInt(100) : random.nextLong();
      case FLOAT:
        return forDefault ? (float) random.nextInt(1000) / 8 : nextFloat();
      case DOUBLE:
        return forDefault ? (double) random.nextInt(1000) / 8 : nextDouble();
      case BYTES:
        return ByteBuffer.wrap(bytes(random.nextInt(21)));
      case STRING:
        String text = string();
        return random.nextBoolean() ? text : new Utf8(text);
      case FIXED:
        return new GenericData.Fixed(schema, bytes(schema.getFixedSize()));
      case ENUM:
        List<String> symbols = schema.getEnumSymbols();
        return new GenericData.EnumSymbol(schema, symbols.get(random.nextInt(symbols.size())));
      case ARRAY: {
        int size = depth >= MAX_DEPTH ? 0 : random.nextInt(6);
        GenericData.Array<Object> array = new GenericData.Array<>(size, schema);
        for (int i = 0; i < size; i++) {
          array.add(generate(schema.getElementType(), depth + 1, forDefault, converted));
        }
        return array;
      }
      case MAP: {
        int size = depth >= MAX_DEPTH ? 0 : random.nextInt(6);
        Map<Object, Object> map = new HashMap<>();
        while (map.size() < size) {
          String key = string();
          map.put(random.nextBoolean() ? key : new Utf8(key),
              generate(schema.getValueType(), depth + 1, forDefault, converted));
        }
        return map;
      }
      case RECORD: {
        GenericData.Record record = new GenericData.Record(schema);
        for (Schema.Field field : schema.getFields()) {
          record.put(field.pos(), generate(field.schema(), depth + 1, forDefault, converted));
        }
        return record;
      }
      case UNION:
        return generate(unionBranch(schema, depth, forDefault), depth, forDefault, converted);
      default:
        throw new IllegalArgumentException("Unexpected schema type " + schema.getType());
    }
  }

  /** Deep structures end in null where a union allows it, so recursive records stay finite. */
  private Schema unionBranch(Schema union, int depth, boolean forDefault) {
    List<Schema> types = union.getTypes();
    if (forDefault) {
      return types.get(0);
    }
    if (depth >= MAX_DEPTH) {
      for (Schema type : types) {
        if (type.getType() == Schema.Type.NULL) {
          return type;
        }
      }
    }
    return types.get(random.nextInt(types.size()));
  }

  private Object logicalValue(Schema schema, LogicalType logical) {
    switch (logical.getName()) {
      case "decimal": {
        LogicalTypes.Decimal decimal = (LogicalTypes.Decimal) logical;
        int digits = 1 + random.nextInt(decimal.getPrecision());
        BigInteger unscaled = new BigInteger(digits(digits));
        return new BigDecimal(random.nextBoolean() ? unscaled : unscaled.negate(), decimal.getScale());
      }
      case "uuid":
        return new UUID(random.nextLong(), random.nextLong());
      case "date":
        return LocalDate.ofEpochDay(random.nextInt(100_000) - 50_000);
      case "time-millis":
        return LocalTime.ofNanoOfDay(random.nextInt(86_400_000) * 1_000_000L);
      case "time-micros":
        return LocalTime.ofNanoOfDay(Math.floorMod(random.nextLong(), 86_400_000_000L) * 1_000L);
      case "timestamp-millis":
        return Instant.ofEpochMilli(epochMillis());
      case "timestamp-micros":
        return instantOfMicros(epochMillis() * 1000 + random.nextInt(1000));
      case "local-timestamp-millis":
        return LocalDateTime.ofInstant(Instant.ofEpochMilli(epochMillis()), ZoneOffset.UTC);
      case "local-timestamp-micros":
        return LocalDateTime.ofInstant(instantOfMicros(epochMillis() * 1000 + random.nextInt(1000)), ZoneOffset.UTC);
      default:
        throw new IllegalArgumentException("Unexpected logical type " + logical.getName() + " in " + schema);
    }
  }

  private static Conversion<Object> conversion(LogicalType logical) {
    return ALL_CONVERSIONS.getConversionFor(logical);
  }

  private long epochMillis() {
    return (long) (random.nextDouble() * 8_000_000_000_000L) - 4_000_000_000_000L;
  }

  private static Instant instantOfMicros(long micros) {
    return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1_000L);
  }

  private String digits(int count) {
    StringBuilder digits = new StringBuilder();
    for (int i = 0; i < count; i++) {
      digits.append((char) ('0' + random.nextInt(10)));
    }
    return digits.toString();
  }

  private int pick(int[] edges, int otherwise) {
    return random.nextInt(3) == 0 ? edges[random.nextInt(edges.length)] : otherwise;
  }

  private float nextFloat() {
    float[] edges = {Float.NaN, -0.0f, Float.POSITIVE_INFINITY, Float.MIN_VALUE, Float.MAX_VALUE};
    return random.nextInt(8) == 0 ? edges[random.nextInt(edges.length)] : (random.nextFloat() - 0.5f) * 1e6f;
  }

  private double nextDouble() {
    double[] edges = {Double.NaN, -0.0, Double.NEGATIVE_INFINITY, Double.MIN_VALUE, Double.MAX_VALUE};
    return random.nextInt(8) == 0 ? edges[random.nextInt(edges.length)] : (random.nextDouble() - 0.5) * 1e12;
  }

  private byte[] bytes(int length) {
    byte[] bytes = new byte[length];
    random.nextBytes(bytes);
    return bytes;
  }

  private String string() {
    int length = random.nextInt(21);
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < length; i++) {
      text.appendCodePoint(CODE_POINTS[random.nextInt(CODE_POINTS.length)]);
    }
    return text.toString();
  }

  /** Converts a raw generic datum to the JSON-like objects {@link Schema.Field} accepts as a default. */
  private static Object toJsonLike(Schema schema, Object datum) {
    switch (schema.getType()) {
      case NULL:
        return JsonProperties.NULL_VALUE;
      case BYTES:
        return latin1(((ByteBuffer) datum).duplicate());
      case FIXED:
        return new String(((GenericFixed) datum).bytes(), StandardCharsets.ISO_8859_1);
      case STRING:
      case ENUM:
        return datum.toString();
      case ARRAY: {
        List<Object> list = new ArrayList<>();
        for (Object element : (List<?>) datum) {
          list.add(toJsonLike(schema.getElementType(), element));
        }
        return list;
      }
      case MAP: {
        Map<String, Object> map = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : ((Map<?, ?>) datum).entrySet()) {
          map.put(entry.getKey().toString(), toJsonLike(schema.getValueType(), entry.getValue()));
        }
        return map;
      }
      case RECORD: {
        Map<String, Object> map = new LinkedHashMap<>();
        IndexedRecord record = (IndexedRecord) datum;
        for (Schema.Field field : schema.getFields()) {
          map.put(field.name(), toJsonLike(field.schema(), record.get(field.pos())));
        }
        return map;
      }
      case UNION:
        return toJsonLike(schema.getTypes().get(0), datum);
      default:
        return datum;
    }
  }

  private static String latin1(ByteBuffer buffer) {
    byte[] bytes = new byte[buffer.remaining()];
    buffer.get(bytes);
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }
}
