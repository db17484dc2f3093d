package dev.kavro.serde;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.Map;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Conversion;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;

/**
 * Finds where a datum that failed to serialize stops fitting its schema, so that every serializer error names the
 * field path ({@code Order.lines[2].sku}), whatever the type and whichever writer (compiled or Avro's) failed. Runs
 * only after a failure: writing pays nothing for it.
 */
final class DatumPaths {
  /** Deeper than this the walk stops: a cyclic datum would not end. */
  private static final int MAX_DEPTH = 1_000;

  private final GenericData model;

  private DatumPaths(GenericData model) {
    this.model = model;
  }

  /** {@code "at <path>: <what is wrong>"} for the first value that does not fit, or {@code null} when all fit. */
  static String firstMismatch(Schema schema, Object datum, GenericData model) {
    try {
      return new DatumPaths(model).find(schema, datum, schema.getType() == Schema.Type.RECORD
          ? schema.getName() : schema.getType().getName(), 0);
    } catch (RuntimeException e) {
      return null; // the walk is a diagnosis; it must never hide the original failure
    }
  }

  private String find(Schema schema, Object datum, String path, int depth) {
    if (depth > MAX_DEPTH) {
      return "at " + path + ": nested deeper than " + MAX_DEPTH + " levels (a cycle?)";
    }
    if (schema.getLogicalType() != null && datum != null) {
      Conversion<?> conversion = model.getConversionByClass(datum.getClass(), schema.getLogicalType());
      if (conversion != null) {
        return null; // a converted value: the conversion checks it
      }
    }
    return switch (schema.getType()) {
      case RECORD -> record(schema, datum, path, depth);
      case UNION -> union(schema, datum, path, depth);
      case ARRAY -> {
        if (!(datum instanceof Collection<?> values)) {
          yield wrong(path, datum, "an array");
        }
        int i = 0;
        for (Object value : values) {
          String found = find(schema.getElementType(), value, path + "[" + i++ + "]", depth + 1);
          if (found != null) {
            yield found;
          }
        }
        yield null;
      }
      case MAP -> {
        if (!(datum instanceof Map<?, ?> map)) {
          yield wrong(path, datum, "a map");
        }
        for (Map.Entry<?, ?> entry : map.entrySet()) {
          if (!(entry.getKey() instanceof CharSequence)) {
            yield wrong(path + " key", entry.getKey(), "a string");
          }
          String found = find(schema.getValueType(), entry.getValue(), path + "[\"" + entry.getKey() + "\"]",
              depth + 1);
          if (found != null) {
            yield found;
          }
        }
        yield null;
      }
      case FIXED -> {
        if (datum instanceof GenericFixed fixed && fixed.bytes().length != schema.getFixedSize()) {
          yield "at " + path + ": fixed " + schema.getFullName() + " holds " + schema.getFixedSize() + " bytes, not "
              + fixed.bytes().length;
        }
        yield model.validate(schema, datum) ? null : wrong(path, datum, "fixed " + schema.getFullName());
      }
      case BYTES -> datum instanceof ByteBuffer || datum instanceof byte[] ? null : wrong(path, datum, "bytes");
      default -> model.validate(schema, datum) ? null : wrong(path, datum, describe(schema));
    };
  }

  private String record(Schema schema, Object datum, String path, int depth) {
    if (!(datum instanceof IndexedRecord)) {
      return wrong(path, datum, "record " + schema.getFullName());
    }
    for (Schema.Field field : schema.getFields()) {
      Object value;
      try {
        value = model.getField(datum, field.name(), field.pos());
      } catch (AvroRuntimeException | IndexOutOfBoundsException e) {
        return "at " + path + "." + field.name() + ": cannot be read from the record (" + e.getMessage() + ")";
      }
      String found = find(field.schema(), value, path + "." + field.name(), depth + 1);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private String union(Schema schema, Object datum, String path, int depth) {
    int branch;
    try {
      branch = model.resolveUnion(schema, datum);
    } catch (AvroRuntimeException e) {
      return wrong(path, datum, "one of the union " + schema);
    }
    return find(schema.getTypes().get(branch), datum, path, depth);
  }

  private static String describe(Schema schema) {
    return switch (schema.getType()) {
      case ENUM -> "a symbol of enum " + schema.getFullName() + " " + schema.getEnumSymbols();
      default -> "a " + schema.getType().getName();
    };
  }

  private static String wrong(String path, Object datum, String expected) {
    String value = datum == null ? "null" : datum.getClass().getName() + " value";
    return "at " + path + ": " + value + " where the schema expects " + expected;
  }
}
