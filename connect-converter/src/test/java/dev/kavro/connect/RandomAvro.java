package dev.kavro.connect;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/** Random generic datums of any (non-recursive) Avro schema, for differential tests. Seeded: failures reproduce. */
final class RandomAvro {
  private final Random random;

  RandomAvro(long seed) {
    this.random = new Random(seed);
  }

  Object value(Schema schema) {
    return switch (schema.getType()) {
      case NULL -> null;
      case BOOLEAN -> random.nextBoolean();
      case INT -> schema.getLogicalType() != null ? random.nextInt(1_000_000) : random.nextInt();
      case LONG -> schema.getLogicalType() == null ? random.nextLong()
          : schema.getLogicalType().getName().startsWith("time-") ? random.nextInt(86_400_000) * 1000L
          : 1_700_000_000_000L + random.nextInt(1_000_000_000);
      case FLOAT -> random.nextFloat() * 1000;
      case DOUBLE -> random.nextGaussian() * 1e6;
      case STRING -> schema.getLogicalType() != null ? java.util.UUID.randomUUID().toString() : string();
      case BYTES -> ByteBuffer.wrap(bytes(random.nextInt(6) + (schema.getLogicalType() != null ? 1 : 0)));
      case FIXED -> new GenericData.Fixed(schema, bytes(schema.getFixedSize()));
      case ENUM -> new GenericData.EnumSymbol(schema,
          schema.getEnumSymbols().get(random.nextInt(schema.getEnumSymbols().size())));
      case ARRAY -> {
        int n = random.nextInt(4);
        List<Object> list = new ArrayList<>();
        for (int i = 0; i < n; i++) {
          list.add(value(schema.getElementType()));
        }
        yield list;
      }
      case MAP -> {
        int n = random.nextInt(5);
        Map<String, Object> map = new HashMap<>();
        for (int i = 0; i < n; i++) {
          map.put(string(), value(schema.getValueType()));
        }
        yield map;
      }
      case RECORD -> {
        GenericData.Record record = new GenericData.Record(schema);
        for (Schema.Field field : schema.getFields()) {
          record.put(field.pos(), value(field.schema()));
        }
        yield record;
      }
      case UNION -> value(schema.getTypes().get(random.nextInt(schema.getTypes().size())));
    };
  }

  private String string() {
    int n = random.nextInt(8);
    StringBuilder s = new StringBuilder();
    for (int i = 0; i < n; i++) {
      s.append(random.nextInt(10) == 0 ? 'ß' : (char) ('a' + random.nextInt(26)));
    }
    return s.toString();
  }

  private byte[] bytes(int n) {
    byte[] bytes = new byte[n];
    random.nextBytes(bytes);
    return bytes;
  }
}
