package dev.kavro.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Type;
import org.apache.avro.SchemaCompatibility;

/**
 * Seeded derivation of a reader schema from a writer schema, the way real schemas evolve: fields reordered, removed,
 * added with defaults, promoted, widened to unions, renamed through aliases, upper-cased (Kavro's case fallback, with
 * the {@code id}/{@code ID} collision), enum symbols reordered, added and removed with a default.
 *
 * <p>About one pair in six is "breaking": it may also narrow unions, drop enum symbols without a default, or demote
 * types. Vanilla Avro rejects such data only when it reaches the broken part, which is what the suite tests.
 *
 * <p>Not thread-safe: use one instance per pair.
 */
public final class RandomEvolution {
  private final Random random;
  private final boolean breaking;
  private final Map<String, Schema> evolvedNamed = new HashMap<>();
  private final RandomSchemas addedTypes;
  private final RandomData defaults;

  /** A writer schema, a reader schema derived from it, and whether breaking changes were allowed. */
  public record Pair(Schema writer, Schema reader, boolean breaking) {
    /**
     * Whether vanilla Avro, given the writer renamed by Kavro's case rule, declares the pair compatible. Non-breaking
     * pairs must be; a breaking pair may or may not be.
     */
    public boolean compatible() {
      return compatible(CaseRuleWriter.apply(writer, reader), reader);
    }

    /** Whether vanilla Avro's {@link SchemaCompatibility} accepts the pair. */
    public static boolean compatible(Schema writer, Schema reader) {
      return SchemaCompatibility.checkReaderWriterCompatibility(reader, writer).getType()
          == SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE;
    }
  }

  private RandomEvolution(Random random, boolean breaking, Schema writer) {
    this.random = random;
    this.breaking = breaking;
    List<String> names = new ArrayList<>();
    namedTypes(writer, names, Collections.newSetFromMap(new IdentityHashMap<>()));
    this.addedTypes = new RandomSchemas(random, 3, 2, "_r").reserveNames(names);
    this.defaults = new RandomData(random, Models.generic(false, false));
  }

  /** The pair of a seed: the same seed always gives the same schemas. */
  public static Pair pair(long seed) {
    Random random = new Random(seed);
    Schema writer = new RandomSchemas(random).record();
    boolean breaking = random.nextInt(6) == 0;
    return new Pair(writer, new RandomEvolution(random, breaking, writer).evolve(writer), breaking);
  }

  /** A reader schema for {@code writer}, breaking or not. */
  public static Schema evolve(Schema writer, Random random, boolean breaking) {
    return new RandomEvolution(random, breaking, writer).evolve(writer);
  }

  private Schema evolve(Schema writer) {
    if (writer.getLogicalType() != null) {
      return writer;
    }
    switch (writer.getType()) {
      case RECORD:
        return evolveRecord(writer);
      case ENUM:
        return evolveEnum(writer);
      case FIXED:
        return writer;
      case ARRAY:
        return Schema.createArray(maybeWiden(evolve(writer.getElementType())));
      case MAP:
        return Schema.createMap(maybeWiden(evolve(writer.getValueType())));
      case UNION:
        return evolveUnion(writer);
      default:
        return evolvePrimitive(writer);
    }
  }

  private Schema evolvePrimitive(Schema writer) {
    int roll = random.nextInt(100);
    if (roll < 25) {
      Type promoted = promotion(writer.getType());
      return promoted == null ? writer : Schema.create(promoted);
    } else if (breaking && roll < 35) {
      Type demoted = demotion(writer.getType());
      return demoted == null ? writer : Schema.create(demoted);
    }
    return writer;
  }

  private Type promotion(Type type) {
    switch (type) {
      case INT:
        return pick(Type.LONG, Type.FLOAT, Type.DOUBLE);
      case LONG:
        return pick(Type.FLOAT, Type.DOUBLE);
      case FLOAT:
        return Type.DOUBLE;
      case STRING:
        return Type.BYTES;
      case BYTES:
        return Type.STRING;
      default:
        return null;
    }
  }

  private Type demotion(Type type) {
    switch (type) {
      case LONG:
        return Type.INT;
      case DOUBLE:
        return Type.FLOAT;
      case INT:
      case BOOLEAN:
        return Type.STRING;
      case STRING:
        return Type.INT;
      default:
        return null;
    }
  }

  @SafeVarargs
  private <T> T pick(T... choices) {
    return choices[random.nextInt(choices.length)];
  }

  /** Sometimes wraps a non-union in a union that still contains it, at a random position. */
  private Schema maybeWiden(Schema reader) {
    if (reader.getType() == Type.UNION || random.nextInt(10) != 0) {
      return reader;
    }
    Schema other = Schema.create(pick(Type.NULL, Type.STRING, Type.LONG, Type.BOOLEAN));
    if (other.getFullName().equals(reader.getFullName())) {
      return reader;
    }
    return Schema.createUnion(random.nextBoolean() ? List.of(other, reader) : List.of(reader, other));
  }

  private Schema evolveUnion(Schema writer) {
    Set<String> taken = new HashSet<>();
    writer.getTypes().forEach(branch -> taken.add(branch.getFullName()));
    List<Schema> branches = new ArrayList<>();
    for (Schema branch : writer.getTypes()) {
      Schema evolved = evolve(branch);
      // A promotion into a name the union already has (int -> long next to long) would be a duplicate branch.
      if (!evolved.getFullName().equals(branch.getFullName()) && !taken.add(evolved.getFullName())) {
        evolved = branch;
      }
      branches.add(evolved);
    }
    if (random.nextInt(3) == 0) {
      Collections.shuffle(branches, random);
    }
    Set<String> names = new HashSet<>();
    branches.forEach(branch -> names.add(branch.getFullName()));
    if (random.nextInt(6) == 0 && !names.contains("string")) {
      branches.add(random.nextInt(branches.size() + 1), Schema.create(Type.STRING));
    }
    if (breaking && branches.size() > 1 && random.nextInt(3) == 0) {
      if (random.nextBoolean()) {
        return branches.get(random.nextInt(branches.size()));
      }
      branches.remove(random.nextInt(branches.size()));
    }
    return Schema.createUnion(branches);
  }

  private Schema evolveEnum(Schema writer) {
    Schema done = evolvedNamed.get(writer.getFullName());
    if (done != null) {
      return done;
    }
    List<String> symbols = new ArrayList<>(writer.getEnumSymbols());
    String enumDefault = writer.getEnumDefault();
    if (random.nextInt(3) == 0) {
      Collections.shuffle(symbols, random);
    }
    if (random.nextInt(4) == 0) {
      symbols.add(random.nextInt(symbols.size() + 1), "ADDED");
    }
    if (symbols.size() > 1 && random.nextInt(4) == 0) {
      String removed = symbols.remove(random.nextInt(symbols.size()));
      if (removed.equals(enumDefault) || enumDefault == null) {
        enumDefault = breaking && random.nextBoolean() ? null : symbols.get(random.nextInt(symbols.size()));
      }
    }
    Schema reader = Schema.createEnum(writer.getName(), writer.getDoc(), writer.getNamespace(), symbols, enumDefault);
    evolvedNamed.put(writer.getFullName(), reader);
    return reader;
  }

  private Schema evolveRecord(Schema writer) {
    Schema done = evolvedNamed.get(writer.getFullName());
    if (done != null) {
      return done;
    }
    boolean renamed = random.nextInt(10) == 0;
    Schema reader = Schema.createRecord(renamed ? writer.getName() + "_v2" : writer.getName(), writer.getDoc(),
        writer.getNamespace(), writer.isError());
    if (renamed) {
      reader.addAlias(writer.getFullName());
    }
    evolvedNamed.put(writer.getFullName(), reader);

    Set<String> writerNames = new HashSet<>();
    writer.getFields().forEach(field -> writerNames.add(field.name()));
    Set<String> readerNames = new HashSet<>();
    List<Schema.Field> fields = new ArrayList<>();
    boolean idPair = writerNames.contains("id") && writerNames.contains("ID");
    for (Schema.Field writerField : writer.getFields()) {
      // With both id and ID written, dropping id from the reader makes id fall back to ID, which is already claimed.
      boolean dropClaimed = idPair && writerField.name().equals("id") && random.nextBoolean();
      if (dropClaimed || random.nextInt(8) == 0) {
        continue;
      }
      Schema type = maybeWiden(evolve(writerField.schema()));
      String name = readerFieldName(writerField.name(), writerNames, readerNames);
      // A default on a read field is never used, but must not confuse a reader; records may still be under
      // construction here (recursion), so only record-free types get one.
      boolean withDefault = random.nextInt(3) == 0 && !containsRecord(type);
      Schema.Field field = new Schema.Field(name, type, null, withDefault ? defaults.defaultValue(type) : null);
      if (!name.equals(writerField.name()) && !name.equals(RandomSchemas.upper(writerField.name()))) {
        field.addAlias(writerField.name());
      }
      fields.add(field);
    }
    // The exact match id -> id must win over the case fallback, leaving ID to its default.
    if (readerNames.contains("id") && !writerNames.contains("ID") && random.nextBoolean()) {
      fields.add(addedField("ID", readerNames));
    }
    for (int added = random.nextInt(3); added > 0; added--) {
      fields.add(addedField(unique("added", writerNames, readerNames), readerNames));
    }
    Collections.shuffle(fields, random);
    reader.setFields(fields);
    return reader;
  }

  private String readerFieldName(String writerName, Set<String> writerNames, Set<String> readerNames) {
    int roll = random.nextInt(10);
    String upper = RandomSchemas.upper(writerName);
    String name = writerName;
    if (roll == 0) {
      name = unique(writerName + "_renamed", writerNames, readerNames);
    } else if (roll == 1 && !upper.equals(writerName) && !writerNames.contains(upper) && !readerNames.contains(upper)) {
      name = upper;
    }
    readerNames.add(name);
    return name;
  }

  private Schema.Field addedField(String name, Set<String> readerNames) {
    readerNames.add(name);
    Schema type = addedTypes.type(1);
    return new Schema.Field(name, type, null, defaults.defaultValue(type));
  }

  private static String unique(String base, Set<String> writerNames, Set<String> readerNames) {
    String name = base;
    for (int i = 1; writerNames.contains(name) || readerNames.contains(name); i++) {
      name = base + "_" + i;
    }
    return name;
  }

  private static boolean containsRecord(Schema schema) {
    switch (schema.getType()) {
      case RECORD:
        return true;
      case ARRAY:
        return containsRecord(schema.getElementType());
      case MAP:
        return containsRecord(schema.getValueType());
      case UNION:
        return schema.getTypes().stream().anyMatch(RandomEvolution::containsRecord);
      default:
        return false;
    }
  }

  private static void namedTypes(Schema schema, List<String> names, Set<Schema> seen) {
    if (!seen.add(schema)) {
      return;
    }
    switch (schema.getType()) {
      case RECORD:
        names.add(schema.getName());
        schema.getFields().forEach(field -> namedTypes(field.schema(), names, seen));
        break;
      case ENUM:
      case FIXED:
        names.add(schema.getName());
        break;
      case ARRAY:
        namedTypes(schema.getElementType(), names, seen);
        break;
      case MAP:
        namedTypes(schema.getValueType(), names, seen);
        break;
      case UNION:
        schema.getTypes().forEach(branch -> namedTypes(branch, names, seen));
        break;
      default:
        break;
    }
  }
}
