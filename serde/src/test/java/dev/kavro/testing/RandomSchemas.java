package dev.kavro.testing;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Type;

/**
 * Seeded generator of random, valid Avro schemas: every type, logical types, unions, nested and recursive records,
 * Java-keyword and non-ASCII names. The same seed always gives the same schema.
 *
 * <p>Not thread-safe: use one instance per thread.
 */
public final class RandomSchemas {
  /** Namespace of generated named types; one variant contains a Java keyword, which code generators must mangle. */
  static final List<String> NAMESPACES = List.of("dev.kavro.rnd", "dev.kavro.rnd.public");

  // Java keywords, non-ASCII letters, Turkish dotless i, and an id/ID pair for the case fallback.
  static final List<String> FIELD_NAMES = List.of(
      "id", "ID", "ıd", "name", "ñame", "ı", "class", "int", "public", "goto", "value", "count", "tags", "payload",
      "x", "Ünïcødé", "_under", "NAME", "amount", "when");
  private static final List<String> TYPE_NAMES = List.of("class", "public", "goto", "ñame", "Ünit", "Rec", "Kind");
  private static final List<String> SYMBOLS = List.of("A", "B", "C", "RED", "GREEN", "BLUE", "ñ", "_X", "class");

  private final Random random;
  private final int maxFields;
  private final int maxDepth;
  private final String nameSuffix;
  private final Set<String> usedTypeNames = new HashSet<>();
  private final RandomData defaults;

  /** A generator with up to 6 fields per record and 3 levels of nesting. */
  public RandomSchemas(Random random) {
    this(random, 6, 3, "");
  }

  /**
   * @param nameSuffix appended to generated type names, so that types added to an existing schema cannot clash
   */
  public RandomSchemas(Random random, int maxFields, int maxDepth, String nameSuffix) {
    this.random = random;
    this.maxFields = maxFields;
    this.maxDepth = maxDepth;
    this.nameSuffix = nameSuffix;
    this.defaults = new RandomData(random, Models.generic(false, false));
  }

  /** Marks the simple names of an existing schema's named types as taken. */
  public RandomSchemas reserveNames(Collection<String> simpleNames) {
    usedTypeNames.addAll(simpleNames);
    return this;
  }

  /** A random top-level record. */
  public Schema record() {
    return record(0);
  }

  /** A random schema of any type, suitable as a record field (may be a union). */
  public Schema type(int depth) {
    return type(depth, true);
  }

  private Schema record(int depth) {
    Schema record = Schema.createRecord(typeName(), null, namespace(), false);
    int count = 1 + random.nextInt(maxFields);
    List<Schema.Field> fields = new ArrayList<>();
    Set<String> names = new HashSet<>();
    for (int i = 0; i < count; i++) {
      String name = fieldName(names);
      Schema type = type(depth + 1, true);
      Object defaultValue = random.nextInt(4) == 0 ? defaults.defaultValue(type) : null;
      fields.add(new Schema.Field(name, type, null, defaultValue));
    }
    record.setFields(fields);
    return record;
  }

  /**
   * A field name unused in its record. Two names may upper-case alike only if one of them IS the upper-case form
   * ({@code id}/{@code ID}); {@code id}/{@code ıd} would make the case fallback ambiguous, which Kavro does not define.
   */
  String fieldName(Set<String> taken) {
    for (int attempt = 0; attempt < 20; attempt++) {
      String candidate = FIELD_NAMES.get(random.nextInt(FIELD_NAMES.size()));
      if (!taken.contains(candidate) && upperCaseCompatible(candidate, taken)) {
        taken.add(candidate);
        return candidate;
      }
    }
    String fallback = "f" + taken.size();
    while (!taken.add(fallback)) {
      fallback = fallback + "_";
    }
    return fallback;
  }

  static boolean upperCaseCompatible(String candidate, Collection<String> names) {
    String upper = upper(candidate);
    for (String name : names) {
      if (upper(name).equals(upper) && !name.equals(upper) && !candidate.equals(upper)) {
        return false;
      }
    }
    return true;
  }

  static String upper(String name) {
    return name.toUpperCase(Locale.ROOT);
  }

  private Schema type(int depth, boolean allowUnion) {
    boolean deep = depth >= maxDepth;
    int roll = random.nextInt(100);
    if (roll < 40 || (deep && roll >= 52)) {
      return primitive(true);
    } else if (roll < 52) {
      return logical();
    } else if (roll < 60) {
      return enumType();
    } else if (roll < 65) {
      return Schema.createFixed(typeName(), null, namespace(), random.nextInt(10) == 0 ? 0 : 1 + random.nextInt(8));
    } else if (roll < 72) {
      return Schema.createArray(type(depth + 1, true));
    } else if (roll < 79) {
      return Schema.createMap(type(depth + 1, true));
    } else if (roll < 91) {
      return allowUnion ? union(depth) : primitive(false);
    } else if (roll < 97) {
      return record(depth);
    } else {
      return recursiveRecord(depth);
    }
  }

  private Schema primitive(boolean allowNull) {
    Type[] types = {Type.BOOLEAN, Type.INT, Type.LONG, Type.FLOAT, Type.DOUBLE, Type.BYTES, Type.STRING, Type.NULL};
    int bound = allowNull && random.nextInt(4) == 0 ? types.length : types.length - 1;
    return Schema.create(types[random.nextInt(bound)]);
  }

  private Schema logical() {
    switch (random.nextInt(10)) {
      case 0: {
        int precision = 1 + random.nextInt(20);
        return LogicalTypes.decimal(precision, random.nextInt(precision + 1)).addToSchema(Schema.create(Type.BYTES));
      }
      case 1: {
        int size = 1 + random.nextInt(16);
        int maxPrecision = (int) Math.floor(Math.log10(2) * (8 * size - 1));
        Schema fixed = Schema.createFixed(typeName(), null, namespace(), size);
        if (maxPrecision < 1) {
          return fixed;
        }
        int precision = 1 + random.nextInt(maxPrecision);
        return LogicalTypes.decimal(precision, random.nextInt(precision + 1)).addToSchema(fixed);
      }
      case 2:
        return LogicalTypes.uuid().addToSchema(Schema.create(Type.STRING));
      case 3:
        return LogicalTypes.date().addToSchema(Schema.create(Type.INT));
      case 4:
        return LogicalTypes.timeMillis().addToSchema(Schema.create(Type.INT));
      case 5:
        return LogicalTypes.timeMicros().addToSchema(Schema.create(Type.LONG));
      case 6:
        return LogicalTypes.timestampMillis().addToSchema(Schema.create(Type.LONG));
      case 7:
        return LogicalTypes.timestampMicros().addToSchema(Schema.create(Type.LONG));
      case 8:
        return LogicalTypes.localTimestampMillis().addToSchema(Schema.create(Type.LONG));
      default:
        return LogicalTypes.localTimestampMicros().addToSchema(Schema.create(Type.LONG));
    }
  }

  private Schema enumType() {
    List<String> symbols = new ArrayList<>(SYMBOLS);
    java.util.Collections.shuffle(symbols, random);
    symbols = new ArrayList<>(symbols.subList(0, 1 + random.nextInt(5)));
    String enumDefault = random.nextInt(5) == 0 ? symbols.get(random.nextInt(symbols.size())) : null;
    return Schema.createEnum(typeName(), null, namespace(), symbols, enumDefault);
  }

  /** ["null", T] half of the time, else 2..4 branches with distinct names (int and long together test best match). */
  private Schema union(int depth) {
    List<Schema> branches = new ArrayList<>();
    Set<String> names = new HashSet<>();
    if (random.nextBoolean()) {
      branches.add(Schema.create(Type.NULL));
      names.add("null");
      Schema value = type(depth + 1, false);
      if (value.getType() != Type.NULL) {
        branches.add(value);
      }
    } else {
      int wanted = 2 + random.nextInt(3);
      for (int attempt = 0; attempt < 10 && branches.size() < wanted; attempt++) {
        Schema branch = type(depth + 1, false);
        if (names.contains(branch.getFullName()) || !names.add(javaClassOfLogicalType(branch))) {
          continue;
        }
        names.add(branch.getFullName());
        branches.add(branch);
      }
    }
    return Schema.createUnion(branches);
  }

  /**
   * Logical types that convert to the same Java class (timestamp-millis and -micros to Instant...) cannot share a
   * union: a writer could not tell which branch a converted value belongs to.
   */
  private static String javaClassOfLogicalType(Schema schema) {
    if (schema.getLogicalType() == null) {
      return "no logical type " + schema.getFullName();
    }
    String name = schema.getLogicalType().getName();
    return "logical " + (name.contains("-") ? name.substring(0, name.lastIndexOf('-')) : name);
  }

  /** A linked list: {@code Node {value, next: ["null", Node]}}, sometimes with an array of children. */
  private Schema recursiveRecord(int depth) {
    Schema node = Schema.createRecord(typeName(), null, namespace(), false);
    List<Schema.Field> fields = new ArrayList<>();
    fields.add(new Schema.Field("value", primitive(false)));
    fields.add(new Schema.Field("next", Schema.createUnion(Schema.create(Type.NULL), node), null,
        org.apache.avro.JsonProperties.NULL_VALUE));
    if (random.nextBoolean()) {
      fields.add(new Schema.Field("children", Schema.createArray(node)));
    }
    node.setFields(fields);
    return node;
  }

  private String typeName() {
    String base = TYPE_NAMES.get(random.nextInt(TYPE_NAMES.size())) + nameSuffix;
    String name = base;
    for (int i = 1; usedTypeNames.contains(name); i++) {
      name = base + "_" + i;
    }
    usedTypeNames.add(name);
    return name;
  }

  private String namespace() {
    return NAMESPACES.get(random.nextInt(10) == 0 ? 1 : 0);
  }
}
