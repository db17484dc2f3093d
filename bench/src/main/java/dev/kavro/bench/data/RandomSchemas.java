package dev.kavro.bench.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.Schema.Type;

/**
 * Seeded random record schemas: every Avro type (the primitives, enum, fixed, arrays, maps, two- and three-branch
 * unions) and, when deep, nested records (plain, optional, and in arrays) down to the given depth. The same seed gives
 * the same schema. Field names are lower case ({@code f0}, {@code f1}, ...), so that upper-cased readers can be derived.
 */
public final class RandomSchemas {
  private static final int NESTED_FIELDS = 5;

  private final Random random;
  private final String namespace;
  private int named;

  private RandomSchemas(long seed, String namespace) {
    this.random = new Random(seed);
    this.namespace = namespace;
  }

  /**
   * A record of {@code fields} top-level fields. With {@code depth > 1}, every fifth field is a nested record of five
   * fields, itself nesting down to {@code depth} levels in all.
   */
  public static Schema generate(String name, long seed, int fields, int depth) {
    return generate(name, "dev.kavro.bench.random", seed, fields, depth);
  }

  /** As {@link #generate(String, long, int, int)} in a given namespace (distinct namespaces give distinct schemas). */
  public static Schema generate(String name, String namespace, long seed, int fields, int depth) {
    if (fields < 1 || depth < 1) {
      throw new IllegalArgumentException("fields and depth must be positive");
    }
    return new RandomSchemas(seed, namespace).record(name, fields, depth);
  }

  private Schema record(String name, int fields, int depth) {
    List<Field> list = new ArrayList<>(fields);
    for (int i = 0; i < fields; i++) {
      Schema type = depth > 1 && i % NESTED_FIELDS == NESTED_FIELDS - 1 ? nested(depth - 1) : leaf();
      list.add(new Field("f" + i, type));
    }
    return Schema.createRecord(name, null, namespace, false, list);
  }

  private Schema nested(int depth) {
    Schema record = record("R" + (named++), NESTED_FIELDS, depth);
    return switch (random.nextInt(3)) {
      case 0 -> record;
      case 1 -> optional(record);
      default -> Schema.createArray(record);
    };
  }

  private Schema leaf() {
    return switch (random.nextInt(13)) {
      case 0 -> Schema.create(Type.BOOLEAN);
      case 1 -> Schema.create(Type.INT);
      case 2 -> Schema.create(Type.LONG);
      case 3 -> Schema.create(Type.FLOAT);
      case 4 -> Schema.create(Type.DOUBLE);
      case 5 -> Schema.create(Type.BYTES);
      case 6 -> Schema.create(Type.STRING);
      case 7 -> Schema.createEnum("E" + (named++), null, namespace, List.of("A", "B", "C", "D"));
      case 8 -> Schema.createFixed("X" + (named++), null, namespace, 8);
      case 9 -> Schema.createArray(primitive());
      case 10 -> Schema.createMap(primitive());
      case 11 -> optional(primitive());
      default -> Schema.createUnion(Schema.create(Type.NULL), Schema.create(Type.INT), Schema.create(Type.STRING));
    };
  }

  private Schema primitive() {
    Type[] types = {Type.INT, Type.LONG, Type.DOUBLE, Type.STRING, Type.BOOLEAN};
    return Schema.create(types[random.nextInt(types.length)]);
  }

  private static Schema optional(Schema type) {
    return Schema.createUnion(Schema.create(Type.NULL), type);
  }
}
