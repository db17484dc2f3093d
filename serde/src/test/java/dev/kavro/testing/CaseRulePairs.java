package dev.kavro.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Type;

/**
 * Seeded (writer, reader) pairs for the case rule's hard corners: a few small writer records, each used at several
 * positions (a field, array items, map values, a branch of a writer union, inside another record), read at each
 * position as a different reader record made of case variants of its fields ({@code name}/{@code NAME}/{@code Name},
 * dropped, retyped, defaulted, required extras), sometimes as a reader union of several such variants. Leaf types come
 * from {@link RandomSchemas}. The same seed always gives the same pair.
 */
public final class CaseRulePairs {
  private static final String NAMESPACE = "dev.kavro.caserule";
  private static final List<String> FIELD_NAMES =
      List.of("name", "NAME", "Name", "id", "ID", "ıd", "x", "X", "value", "VALUE", "code", "Code");
  private static final List<Schema> SIMPLE = List.of(Schema.create(Type.STRING), Schema.create(Type.INT),
      Schema.create(Type.LONG), Schema.create(Type.BOOLEAN), Schema.create(Type.DOUBLE));

  private final Random random;
  private final RandomSchemas leaves;
  private final RandomData defaults;
  private final List<Schema> writerRecords = new ArrayList<>();
  private final List<List<Schema>> readerVariants = new ArrayList<>();
  private int names;

  /** A writer schema and a reader schema to read its data with. */
  public record Pair(Schema writer, Schema reader) {}

  private CaseRulePairs(Random random) {
    this.random = random;
    this.leaves = new RandomSchemas(random, 3, 2, "_leaf");
    this.defaults = new RandomData(random, Models.generic(false, false));
  }

  /** The pair of a seed. */
  public static Pair pair(long seed) {
    return new CaseRulePairs(new Random(seed)).pair();
  }

  private Pair pair() {
    for (int i = 1 + random.nextInt(3); i > 0; i--) {
      writerRecords.add(writerRecord(i));
      readerVariants.add(new ArrayList<>());
    }
    Schema writer = Schema.createRecord("Top", null, NAMESPACE, false);
    Schema reader = Schema.createRecord("Top", null, NAMESPACE, false);
    List<Schema.Field> writerFields = new ArrayList<>();
    List<Schema.Field> readerFields = new ArrayList<>();
    for (int i = 0, count = 2 + random.nextInt(3); i < count; i++) {
      Schema[] position = position(0);
      writerFields.add(new Schema.Field("f" + i, position[0]));
      readerFields.add(new Schema.Field("f" + i, position[1]));
    }
    writer.setFields(writerFields);
    reader.setFields(readerFields);
    return new Pair(writer, reader);
  }

  /** A small writer record; a later one may contain an earlier one, so nesting reuses types too. */
  private Schema writerRecord(int index) {
    Schema record = Schema.createRecord("W" + index, null, NAMESPACE, false);
    List<Schema.Field> fields = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    for (int i = 0, count = 1 + random.nextInt(4); i < count; i++) {
      String name = FIELD_NAMES.get(random.nextInt(FIELD_NAMES.size()));
      if (!taken.add(name)) {
        continue;
      }
      Schema type = !writerRecords.isEmpty() && random.nextInt(5) == 0
          ? writerRecords.get(random.nextInt(writerRecords.size()))
          : random.nextInt(4) == 0 ? leaves.type(1) : SIMPLE.get(random.nextInt(SIMPLE.size()));
      fields.add(new Schema.Field(name, type));
    }
    record.setFields(fields);
    return record;
  }

  /** A writer type and the reader type read at the same position. */
  private Schema[] position(int depth) {
    int roll = random.nextInt(100);
    if (roll < 10 || depth > 1) {
      Schema leaf = random.nextBoolean() ? SIMPLE.get(random.nextInt(SIMPLE.size())) : leaves.type(1);
      return new Schema[] {leaf, leaf};
    }
    int w = random.nextInt(writerRecords.size());
    Schema record = writerRecords.get(w);
    if (roll < 35) {
      return new Schema[] {record, readAs(w, true)};
    } else if (roll < 50) {
      return new Schema[] {Schema.createArray(record), Schema.createArray(readAs(w, true))};
    } else if (roll < 60) {
      return new Schema[] {Schema.createMap(record), Schema.createMap(readAs(w, true))};
    } else if (roll < 85) {
      return writerUnion(w);
    }
    Schema[] inner = position(depth + 1);
    String name = "Mid" + names++;
    Schema writerMid = Schema.createRecord(name, null, NAMESPACE, false);
    Schema readerMid = Schema.createRecord(name, null, NAMESPACE, false);
    writerMid.setFields(List.of(new Schema.Field("inner", inner[0]), new Schema.Field("other", record)));
    readerMid.setFields(List.of(new Schema.Field("inner", inner[1]), new Schema.Field("OTHER", readAs(w, false))));
    return new Schema[] {writerMid, readerMid};
  }

  /** A writer union of null and one or two writer records, read as a union of variants. */
  private Schema[] writerUnion(int w) {
    List<Integer> written = new ArrayList<>(List.of(w));
    int other = random.nextInt(writerRecords.size());
    if (other != w && random.nextBoolean()) {
      written.add(other);
    }
    List<Schema> writerBranches = new ArrayList<>(List.of(Schema.create(Type.NULL)));
    List<Schema> readerBranches = new ArrayList<>(List.of(Schema.create(Type.NULL)));
    Set<String> shortNames = new HashSet<>();
    for (int index : written) {
      writerBranches.add(writerRecords.get(index));
      for (int i = 1 + random.nextInt(3); i > 0; i--) {
        Schema variant = variant(index);
        if (shortNames.add(variant.getName())) {
          readerBranches.add(variant);
        }
      }
    }
    Collections.shuffle(readerBranches.subList(1, readerBranches.size()), random);
    return new Schema[] {Schema.createUnion(writerBranches), Schema.createUnion(readerBranches)};
  }

  /** How writer record {@code w} is read at one position: one variant, or sometimes a union of several. */
  private Schema readAs(int w, boolean unionAllowed) {
    if (!unionAllowed || random.nextInt(3) != 0) {
      return variant(w);
    }
    List<Schema> branches = new ArrayList<>();
    Set<String> shortNames = new HashSet<>();
    if (random.nextBoolean()) {
      branches.add(Schema.create(Type.NULL));
    }
    for (int i = 2 + random.nextInt(2); i > 0; i--) {
      Schema variant = variant(w);
      if (shortNames.add(variant.getName())) {
        branches.add(variant);
      }
    }
    return Schema.createUnion(branches);
  }

  /** A reader record for writer record {@code w}: an earlier one of this pair (reuse), or a new one. */
  private Schema variant(int w) {
    List<Schema> known = readerVariants.get(w);
    if (!known.isEmpty() && random.nextInt(3) == 0) {
      return known.get(random.nextInt(known.size()));
    }
    Schema writer = writerRecords.get(w);
    boolean sameName = known.stream().noneMatch(s -> s.getName().equals(writer.getName())) && random.nextInt(4) == 0;
    Schema reader = Schema.createRecord(sameName ? writer.getName() : "R" + names++, null, NAMESPACE, false);
    known.add(reader);
    List<Schema.Field> fields = new ArrayList<>();
    Set<String> taken = new HashSet<>();
    for (Schema.Field field : writer.getFields()) {
      int roll = random.nextInt(10);
      if (roll == 0) {
        continue; // dropped
      }
      String name = roll < 6 ? field.name()
          : roll < 8 ? field.name().toUpperCase(Locale.ROOT) : capitalized(field.name());
      Schema type = field.schema();
      if (writerRecords.contains(type)) {
        type = variant(writerRecords.indexOf(type));
      } else if (random.nextInt(20) == 0) {
        type = SIMPLE.get(random.nextInt(SIMPLE.size())); // may not resolve: a branch that does not match
      }
      // A capitalized name is never the upper-cased one: it needs its default more often than not.
      addField(fields, taken, name, type, random.nextInt(4) < (roll < 8 ? 2 : 3));
    }
    // Case twins and extras: an upper-case twin with a default lets the exact match leave it to its default; a
    // required extra makes the variant a branch that cannot resolve.
    for (int i = random.nextInt(3); i > 0; i--) {
      String name = FIELD_NAMES.get(random.nextInt(FIELD_NAMES.size()));
      addField(fields, taken, name, SIMPLE.get(random.nextInt(SIMPLE.size())), random.nextInt(16) != 0);
    }
    Collections.shuffle(fields, random);
    reader.setFields(fields);
    return reader;
  }

  private void addField(List<Schema.Field> fields, Set<String> taken, String name, Schema type, boolean withDefault) {
    if (!taken.add(name)) {
      return;
    }
    boolean defaultable = type.getType() != Type.RECORD;
    fields.add(new Schema.Field(name, type, null, withDefault && defaultable ? defaults.defaultValue(type) : null));
  }

  private static String capitalized(String name) {
    return name.substring(0, 1).toUpperCase(Locale.ROOT) + name.substring(1).toLowerCase(Locale.ROOT);
  }
}
