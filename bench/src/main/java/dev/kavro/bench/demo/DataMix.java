package dev.kavro.bench.demo;

import dev.kavro.bench.data.BenchCase;
import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;

/**
 * What a case's records are made of, per record on average: numbers (int, long, float, double, boolean), strings
 * (values and map keys) and the share of the encoded bytes that string contents take. Where strings dominate, every
 * reader spends its time copying bytes and building strings, and Kavro is about level with Avro; where numbers and
 * structure dominate, its compiled code pays.
 */
record DataMix(double bytes, double numbers, double strings, double stringBytes) {
  static DataMix of(BenchCase benchCase) {
    Counter counter = new Counter();
    for (int i = 0; i < benchCase.distinct; i++) {
      counter.walk(benchCase.writer, benchCase.writerData.get(i));
      counter.bytes += benchCase.bodies[i].length;
    }
    double n = benchCase.distinct;
    return new DataMix(counter.bytes / n, counter.numbers / n, counter.strings / n, counter.stringBytes / n);
  }

  /** One line for the report, such as "1,310 bytes per record: 204 numbers and 44 strings (14% of the bytes)". */
  String describe() {
    return String.format(Locale.ROOT, "%,.0f bytes per record: %,.0f numbers and %,.0f strings (%.0f%% of the bytes "
        + "in strings)", bytes, numbers, strings, 100 * stringBytes / bytes);
  }

  private static final class Counter {
    long bytes;
    long numbers;
    long strings;
    long stringBytes;

    void walk(Schema schema, Object value) {
      switch (schema.getType()) {
        case RECORD -> {
          for (Schema.Field field : schema.getFields()) {
            walk(field.schema(), ((IndexedRecord) value).get(field.pos()));
          }
        }
        case ARRAY -> {
          for (Object item : (Collection<?>) value) {
            walk(schema.getElementType(), item);
          }
        }
        case MAP -> {
          for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
            string(entry.getKey());
            walk(schema.getValueType(), entry.getValue());
          }
        }
        case UNION -> walk(schema.getTypes().get(GenericData.get().resolveUnion(schema, value)), value);
        case STRING -> string(value);
        case INT, LONG, FLOAT, DOUBLE, BOOLEAN -> numbers++;
        default -> { } // null, enum, fixed and bytes count as neither
      }
    }

    private void string(Object value) {
      strings++;
      stringBytes += value instanceof Utf8 u ? u.getByteLength()
          : value.toString().getBytes(StandardCharsets.UTF_8).length;
    }
  }
}
