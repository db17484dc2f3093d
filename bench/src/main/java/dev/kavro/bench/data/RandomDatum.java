package dev.kavro.bench.data;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.generic.GenericData;
import org.apache.avro.util.Utf8;

/**
 * Seeded random generic data for a schema. Unlike Avro's {@code RandomData} it draws string lengths and collection
 * sizes from a {@link DataProfile} (the Organization benchmark wants 40 attributes, the shape families Kafka-like
 * sizes) and honours ksqlDB's {@code arg.properties} {@code length} on strings, so sizes match the published
 * benchmarks. The same seed gives the same data.
 */
public final class RandomDatum {
  private static final String ALPHABET = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 _-";

  private final Random random;
  private final DataProfile profile;

  /**
   * Data of the bench's original cases ({@link DataProfile#legacy}).
   *
   * @param arrayLength the length of every array, or {@code -1} for random lengths of 0 to 8
   */
  public RandomDatum(long seed, int arrayLength) {
    this(seed, DataProfile.legacy(arrayLength));
  }

  /** Data whose string lengths and collection sizes {@code profile} draws. */
  public RandomDatum(long seed, DataProfile profile) {
    this.random = new Random(seed);
    this.profile = profile;
  }

  /** A generic datum of {@code schema}: a {@code GenericData.Record} for a record schema. */
  public Object next(Schema schema) {
    return value(schema, -1);
  }

  private Object value(Schema schema, int stringLength) {
    switch (schema.getType()) {
      case RECORD: {
        GenericData.Record record = new GenericData.Record(schema);
        for (Field field : schema.getFields()) {
          record.put(field.pos(), value(field.schema(), lengthOf(field.getObjectProp("arg.properties"))));
        }
        return record;
      }
      case ENUM:
        return new GenericData.EnumSymbol(schema, pick(schema.getEnumSymbols()));
      case ARRAY: {
        int n = profile.arrayLength(schema.getElementType(), random);
        GenericData.Array<Object> array = new GenericData.Array<>(n, schema);
        for (int i = 0; i < n; i++) {
          array.add(value(schema.getElementType(), -1));
        }
        return array;
      }
      case MAP: {
        int n = profile.mapSize(random);
        Map<Utf8, Object> map = new HashMap<>();
        for (int i = 0; i < n; i++) {
          map.put(new Utf8("k" + i + string(profile.mapKeyLength(random))), value(schema.getValueType(), -1));
        }
        return map;
      }
      case UNION: {
        List<Schema> branches = schema.getTypes();
        // Mostly set: null one time in five when null is a branch, as in real optional fields.
        Schema branch = branches.get(random.nextInt(branches.size()));
        if (branches.size() > 1 && branch.getType() == Schema.Type.NULL && random.nextInt(5) != 0) {
          branch = branches.get(branches.indexOf(branch) == 0 ? 1 : 0);
        }
        return value(branch, stringLength);
      }
      case FIXED: {
        byte[] bytes = new byte[schema.getFixedSize()];
        random.nextBytes(bytes);
        return new GenericData.Fixed(schema, bytes);
      }
      case STRING:
        return new Utf8(string(stringLength >= 0 ? stringLength : lengthOf(schema.getObjectProp("arg.properties"))));
      case BYTES: {
        byte[] bytes = new byte[random.nextInt(17)];
        random.nextBytes(bytes);
        return ByteBuffer.wrap(bytes);
      }
      case INT:
        return random.nextBoolean() ? random.nextInt(1000) : random.nextInt();
      case LONG:
        return random.nextBoolean() ? (long) random.nextInt(100_000) : random.nextLong();
      case FLOAT:
        return random.nextFloat() * 1000;
      case DOUBLE:
        return random.nextDouble() * 1_000_000;
      case BOOLEAN:
        return random.nextBoolean();
      case NULL:
        return null;
      default:
        throw new IllegalArgumentException("Unsupported type " + schema.getType());
    }
  }

  private String string(int length) {
    int n = length >= 0 ? length : profile.stringLength(random);
    StringBuilder sb = new StringBuilder(n);
    for (int i = 0; i < n; i++) {
      sb.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
    }
    return sb.toString();
  }

  private <T> T pick(List<T> list) {
    return list.get(random.nextInt(list.size()));
  }

  private static int lengthOf(Object argProperties) {
    if (argProperties instanceof Map<?, ?> props && props.get("length") instanceof Number length) {
      return length.intValue();
    }
    return -1;
  }
}
