package dev.kavro.testing;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;

/**
 * Deep comparison of two decoded Avro values, guided by the reader schema. Stricter than {@code equals}: the Java
 * classes must match at every level (Utf8 vs String, GenericData.Record vs a SpecificRecord, ByteBuffer, GenericFixed,
 * EnumSymbol vs a Java enum; generic array classes are the one documented exception), floats compare by bits (NaN
 * equals NaN, 0.0 differs from -0.0) and records must carry equal schemas.
 */
public final class DatumDiff {
  private DatumDiff() {}

  /** The first difference, as "path: explanation", or empty if the values are the same. */
  public static Optional<String> between(Object expected, Object actual, Schema schema, GenericData model) {
    return Optional.ofNullable(diff(expected, actual, schema, model, "$"));
  }

  private static String diff(Object expected, Object actual, Schema schema, GenericData model, String path) {
    if (expected == null || actual == null) {
      return expected == actual ? null : path + ": expected " + describe(expected) + " but was " + describe(actual);
    }
    if (!sameClass(expected.getClass(), actual.getClass())) {
      return path + ": expected class " + expected.getClass().getName() + " but was " + actual.getClass().getName()
          + " (values " + expected + " / " + actual + ")";
    }
    if (expected instanceof GenericContainer e && !e.getSchema().equals(((GenericContainer) actual).getSchema())) {
      return path + ": expected schema " + e.getSchema() + " but was " + ((GenericContainer) actual).getSchema();
    }
    switch (schema.getType()) {
      case UNION:
        return unionDiff(expected, actual, schema, model, path);
      case RECORD:
        return recordDiff((IndexedRecord) expected, (IndexedRecord) actual, schema, model, path);
      case ARRAY:
        return arrayDiff((List<?>) expected, (List<?>) actual, schema, model, path);
      case MAP:
        return mapDiff((Map<?, ?>) expected, (Map<?, ?>) actual, schema, model, path);
      default:
        return leafEquals(expected, actual) ? null : path + ": expected " + expected + " but was " + actual;
    }
  }

  private static String unionDiff(Object expected, Object actual, Schema union, GenericData model, String path) {
    int branch;
    int actualBranch;
    try {
      branch = model.resolveUnion(union, expected);
      actualBranch = model.resolveUnion(union, actual);
    } catch (RuntimeException e) {
      return path + ": value does not fit union " + union + ": " + e;
    }
    if (branch != actualBranch) {
      return path + ": expected union branch " + branch + " but was " + actualBranch;
    }
    return diff(expected, actual, union.getTypes().get(branch), model, path);
  }

  private static String recordDiff(IndexedRecord expected, IndexedRecord actual, Schema schema, GenericData model,
      String path) {
    for (Schema.Field field : schema.getFields()) {
      String found = diff(expected.get(field.pos()), actual.get(field.pos()), field.schema(), model,
          path + "." + field.name());
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String arrayDiff(List<?> expected, List<?> actual, Schema schema, GenericData model, String path) {
    if (expected.size() != actual.size()) {
      return path + ": expected " + expected.size() + " elements but was " + actual.size();
    }
    for (int i = 0; i < expected.size(); i++) {
      String found = diff(expected.get(i), actual.get(i), schema.getElementType(), model, path + "[" + i + "]");
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String mapDiff(Map<?, ?> expected, Map<?, ?> actual, Schema schema, GenericData model,
      String path) {
    if (expected.size() != actual.size()) {
      return path + ": expected " + expected.size() + " entries but was " + actual.size();
    }
    for (Map.Entry<?, ?> entry : expected.entrySet()) {
      // Same key class on both sides, else a Utf8 key is never found among String keys and we report that.
      if (!actual.containsKey(entry.getKey())) {
        Object sample = actual.keySet().iterator().next();
        return path + ": missing key '" + entry.getKey() + "' (" + entry.getKey().getClass().getName()
            + "); actual keys are " + sample.getClass().getName() + ": " + actual.keySet();
      }
      String found = diff(entry.getValue(), actual.get(entry.getKey()), schema.getValueType(), model,
          path + "['" + entry.getKey() + "']");
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  /**
   * Equal classes, except that all of Avro's generic array classes count as one: Avro 1.12's classic reader returns
   * {@code PrimitivesArrays.IntArray} (etc.) for arrays of int, long, float, double and boolean, while its fast reader
   * returns {@code GenericData.Array} for the same data, so no reader can match both.
   */
  private static boolean sameClass(Class<?> expected, Class<?> actual) {
    return expected == actual || (isGenericArray(expected) && isGenericArray(actual));
  }

  private static boolean isGenericArray(Class<?> type) {
    return type == GenericData.Array.class || type.getName().startsWith("org.apache.avro.generic.PrimitivesArrays$");
  }

  private static boolean leafEquals(Object expected, Object actual) {
    if (expected instanceof Float e) {
      return Float.floatToIntBits(e) == Float.floatToIntBits((Float) actual);
    } else if (expected instanceof Double e) {
      return Double.doubleToLongBits(e) == Double.doubleToLongBits((Double) actual);
    } else if (expected instanceof ByteBuffer e) {
      return e.equals(actual);
    } else if (expected instanceof GenericFixed e) {
      return Arrays.equals(e.bytes(), ((GenericFixed) actual).bytes());
    } else if (expected instanceof CharSequence) {
      return expected.toString().equals(actual.toString());
    }
    return Objects.equals(expected, actual);
  }

  private static String describe(Object value) {
    return value == null ? "null" : value + " (" + value.getClass().getName() + ")";
  }
}
