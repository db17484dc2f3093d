package dev.kavro.plan;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Resolver;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.util.internal.Accessor;

/**
 * ksqlDB's field-matching rule, decided per position: where a writer record is read as a reader record, each writer
 * field with no same-named reader field (after Avro's alias renaming) takes the reader field named
 * {@code writerName.toUpperCase(Locale.ROOT)}, unless an exact match or an earlier writer field already claimed it.
 *
 * <p>The rule is applied by renaming writer fields in a copy of the writer schema, one copy per (writer record,
 * reader record) pair, so the same writer type read at two positions as two different reader records gets the
 * renames of each. Renaming does not change the binary layout, so Avro's own {@code Resolver} then resolves the pair
 * with every rule of the spec intact.
 *
 * <p>Where a writer record meets a reader union, the branch is chosen as Avro's {@code Resolver} chooses it (the
 * branch of the same full name; else the first record branch that resolves, a later one of the same short name
 * taking precedence; else a promotion), except that "resolves" is judged on the writer renamed for that branch.
 * Avro's own choice on the renamed writer may differ, so the choices are handed to {@link PlanBuilder} to apply.
 */
final class CaseFallback {
  /** A branch index meaning that no reader branch matches. */
  static final int NO_BRANCH = -1;
  private static final int DECIDING = -2;

  private final Map<SchemaPair, Schema> copies = new HashMap<>();
  private final Map<SchemaPair, Integer> decisions = new HashMap<>();
  private final Map<SchemaPair, Integer> branches = new HashMap<>();

  private CaseFallback() {}

  /**
   * The renamed writer and, for every renamed writer record that meets a reader union, the branch the rule chose.
   *
   * @param writer the writer schema with the writer's aliases already applied ({@code Schema.applyAliases})
   */
  static Renamed apply(Schema writer, Schema reader) {
    CaseFallback fallback = new CaseFallback();
    Schema renamed = fallback.at(writer, reader);
    return new Renamed(renamed, Map.copyOf(fallback.branches));
  }

  /**
   * @param writer the writer schema to resolve
   * @param branches (writer node of {@code writer}, reader union) to the reader branch chosen, or {@link #NO_BRANCH}
   */
  record Renamed(Schema writer, Map<SchemaPair, Integer> branches) {}

  /** The writer schema {@code w} renamed for a position whose reader schema is {@code r}. */
  private Schema at(Schema w, Schema r) {
    if (w.getType() == Schema.Type.UNION) {
      // Avro resolves branch against branch when the unions are equivalent, else each branch against the reader.
      boolean pairwise = r.getType() == Schema.Type.UNION && UnionEquivalence.of(w, r);
      List<Schema> renamed = new ArrayList<>();
      for (int i = 0; i < w.getTypes().size(); i++) {
        renamed.add(at(w.getTypes().get(i), pairwise ? r.getTypes().get(i) : r));
      }
      return withProps(Schema.createUnion(renamed), w);
    }
    if (r.getType() == Schema.Type.UNION) {
      int branch = decide(w, r);
      Schema renamed = branch < 0 ? w : at(w, r.getTypes().get(branch));
      if (w.getType() == Schema.Type.RECORD) {
        branches.put(new SchemaPair(renamed, r), branch);
      }
      return renamed;
    }
    if (w.getType() != r.getType()) {
      return w;
    }
    return switch (w.getType()) {
      case RECORD -> record(w, r);
      case ARRAY -> withProps(Schema.createArray(at(w.getElementType(), r.getElementType())), w);
      case MAP -> withProps(Schema.createMap(at(w.getValueType(), r.getValueType())), w);
      default -> w;
    };
  }

  private static Schema withProps(Schema copy, Schema original) {
    copy.addAllProps(original);
    return copy;
  }

  private Schema record(Schema w, Schema r) {
    SchemaPair key = new SchemaPair(w, r);
    Schema done = copies.get(key);
    if (done != null) {
      return done;
    }
    Schema copy = Schema.createRecord(w.getName(), w.getDoc(), w.getNamespace(), w.isError());
    copies.put(key, copy); // before descending: recursive schemas point back at this copy
    copy.addAllProps(w);
    w.getAliases().forEach(copy::addAlias);
    Map<String, String> renames = renames(w, r);
    List<Field> fields = new ArrayList<>();
    for (Field f : w.getFields()) {
      String name = renames.getOrDefault(f.name(), f.name());
      Field readerField = r.getField(name);
      Schema type = readerField == null ? f.schema() : at(f.schema(), readerField.schema());
      Field field = Accessor.createField(name, type, f.doc(), Accessor.defaultValue(f), false, f.order());
      field.addAllProps(f);
      f.aliases().forEach(field::addAlias);
      fields.add(field);
    }
    copy.setFields(fields);
    return copy;
  }

  /** The rule for one (writer record, reader record) pair: old writer field name to new. */
  private static Map<String, String> renames(Schema w, Schema r) {
    Set<String> claimed = new HashSet<>();
    for (Field f : w.getFields()) {
      if (r.getField(f.name()) != null) {
        claimed.add(f.name());
      }
    }
    Map<String, String> renames = new LinkedHashMap<>();
    for (Field f : w.getFields()) {
      if (r.getField(f.name()) == null) {
        String upper = f.name().toUpperCase(Locale.ROOT);
        if (r.getField(upper) != null && claimed.add(upper)) {
          renames.put(f.name(), upper);
        }
      }
    }
    return renames;
  }

  /** The reader branch for writer {@code w} (not a union) in reader union {@code union}, once per pair. */
  private int decide(Schema w, Schema union) {
    SchemaPair key = new SchemaPair(w, union);
    Integer known = decisions.get(key);
    if (known != null) {
      return known;
    }
    decisions.put(key, DECIDING);
    int branch = firstMatchingBranch(w, union);
    decisions.put(key, branch);
    return branch;
  }

  /** Avro's {@code Resolver.ReaderUnion} choice, with "resolves" judged on the renamed writer. */
  private int firstMatchingBranch(Schema w, Schema union) {
    Schema.Type type = w.getType();
    List<Schema> readerBranches = union.getTypes();
    int structureMatch = NO_BRANCH;
    for (int j = 0; j < readerBranches.size(); j++) {
      Schema b = readerBranches.get(j);
      if (b.getType() != type) {
        continue;
      }
      if (type != Schema.Type.RECORD && type != Schema.Type.ENUM && type != Schema.Type.FIXED) {
        return j;
      }
      if (w.getFullName().equals(b.getFullName())) {
        return j;
      }
      if (type == Schema.Type.RECORD && (structureMatch < 0 || w.getName().equals(b.getName()))
          && !mismatch(w, b)) {
        structureMatch = j;
      }
    }
    if (structureMatch >= 0) {
      return structureMatch;
    }
    for (int j = 0; j < readerBranches.size(); j++) {
      Schema b = readerBranches.get(j);
      if (b.getType() != type && b.getType() != Schema.Type.UNION && Resolver.Promote.isValid(w, b)) {
        return j;
      }
    }
    return NO_BRANCH;
  }

  /**
   * Avro's {@code hasMatchError} for the writer record renamed for reader record {@code r}: a reader field without
   * default that no writer field fills, or a writer field whose own resolution is an error at its top.
   */
  private boolean mismatch(Schema w, Schema r) {
    Map<String, String> renames = renames(w, r);
    for (Field f : w.getFields()) {
      Field readerField = r.getField(renames.getOrDefault(f.name(), f.name()));
      if (readerField != null && topLevelError(f.schema(), readerField.schema())) {
        return true;
      }
    }
    return missingRequiredField(w, r, renames);
  }

  private static boolean missingRequiredField(Schema w, Schema r, Map<String, String> renames) {
    Set<String> written = new HashSet<>();
    for (Field f : w.getFields()) {
      written.add(renames.getOrDefault(f.name(), f.name()));
    }
    for (Field readerField : r.getFields()) {
      if (!written.contains(readerField.name()) && !readerField.hasDefaultValue()) {
        return true;
      }
    }
    return false;
  }

  /** Whether Avro's {@code Resolver} returns an {@code ErrorAction} (not one nested deeper) for the pair. */
  private boolean topLevelError(Schema w, Schema r) {
    if (w.getType() == Schema.Type.UNION) {
      return false;
    }
    if (w.getType() == r.getType()) {
      return switch (w.getType()) {
        case RECORD -> missingRequiredField(w, r, renames(w, r));
        case ENUM -> !w.getName().equals(r.getName());
        case FIXED -> !w.getName().equals(r.getName()) || w.getFixedSize() != r.getFixedSize();
        default -> false;
      };
    }
    if (r.getType() == Schema.Type.UNION) {
      // A pair still being decided further up counts as resolving, as Avro's half-built RecordAdjust does.
      return decide(w, r) == NO_BRANCH;
    }
    return !Resolver.Promote.isValid(w, r);
  }
}
