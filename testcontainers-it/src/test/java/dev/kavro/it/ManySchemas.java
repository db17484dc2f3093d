package dev.kavro.it;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;

/**
 * Many distinct record schemas {@code S0, S1, ...} with fields of varied types, and deterministic records of them by
 * index. Values use Avro's generic representations (Utf8 map keys), so that they equal what a decoder returns.
 */
final class ManySchemas {
  private static final String[] TYPES = {
      "\"int\"", "\"long\"", "\"string\"", "\"double\"", "\"boolean\"", "[\"null\",\"string\"]",
      "{\"type\":\"array\",\"items\":\"int\"}", "{\"type\":\"map\",\"values\":\"long\"}", "\"float\"", "\"bytes\""};

  private ManySchemas() {}

  /** {@code count} schemas in {@code namespace}; schema {@code i} has {@code 1 + i % 8} fields, types rotating. */
  static List<Schema> generate(String namespace, int count) {
    List<Schema> schemas = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      StringBuilder fields = new StringBuilder();
      for (int j = 0; j < 1 + i % 8; j++) {
        fields.append(j == 0 ? "" : ",")
            .append("{\"name\":\"f").append(j).append("\",\"type\":").append(TYPES[(i + j) % TYPES.length])
            .append('}');
      }
      schemas.add(new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"S" + i + "\",\"namespace\":\""
          + namespace + "\",\"fields\":[" + fields + "]}"));
    }
    return schemas;
  }

  /** The record of index {@code k} in {@code schema}. */
  static GenericRecord record(Schema schema, long k) {
    GenericData.Record record = new GenericData.Record(schema);
    for (Schema.Field field : schema.getFields()) {
      record.put(field.pos(), value(field.schema(), k + field.pos()));
    }
    return record;
  }

  private static Object value(Schema type, long k) {
    return switch (type.getType()) {
      case INT -> (int) (k * 31);
      case LONG -> k * 1_000_003L;
      case STRING -> new Utf8("s" + k);
      case DOUBLE -> k / 7.0;
      case FLOAT -> k / 3.0f;
      case BOOLEAN -> k % 2 == 0;
      case BYTES -> java.nio.ByteBuffer.wrap(new byte[] {(byte) k, (byte) (k >> 8)});
      case UNION -> k % 3 == 0 ? null : new Utf8("n" + k);
      case ARRAY -> new GenericData.Array<>(type, List.of((int) k, (int) -k, 7));
      case MAP -> map(k);
      default -> throw new IllegalArgumentException("no generator for " + type);
    };
  }

  private static Map<Utf8, Long> map(long k) {
    Map<Utf8, Long> map = new LinkedHashMap<>();
    for (int i = 0; i < k % 3; i++) {
      map.put(new Utf8("k" + i), k + i);
    }
    return map;
  }
}
