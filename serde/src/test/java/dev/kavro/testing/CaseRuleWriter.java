package dev.kavro.testing;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.Resolver;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * The oracle's form of Kavro's case rule: a writer schema for vanilla Avro in which, at every position, each writer
 * field with no exact (or alias) match in the reader record of that position is renamed to the reader field named by
 * its upper-cased name ({@code Locale.ROOT}), if no exact match or earlier writer field claimed it. Vanilla Avro then
 * reads the original bytes with this writer (renaming does not change the binary layout).
 *
 * <p>Where a writer record meets a reader union, the branch is the one Avro's {@code Resolver} picks (same full name;
 * else the first record branch that resolves, a later one with the writer's short name winning; "resolves" judged by
 * Avro on the writer renamed for that branch). Vanilla Avro, given the renamed writer, might pick another branch, so
 * the renamed writer record is made to carry the chosen branch's short name in a namespace of its own: Avro's
 * structural choice then lands on exactly that branch. Where no branch resolves, the writer record carries the first
 * record branch's full name, so vanilla picks it and fails on any datum that reaches it, as the rule requires.
 *
 * <p>Written independently of Kavro's {@code CaseFallback}: it asks Avro's own {@code Resolver} whether a branch
 * resolves. It cannot express a structural union choice inside a recursion through that same choice, reader unions
 * with two record branches of one short name, nor two branches of one writer union that both need the full name of
 * the same reader branch; {@link Inexpressible} says so, and tests count such pairs.
 */
public final class CaseRuleWriter {
  private static final String FORCED_NAMESPACE = "kavro.oracle.branch";

  private final Map<Pair, Schema> records = new HashMap<>();
  private final Map<Pair, Schema> unionPositions = new HashMap<>();
  private final Set<Pair> deciding = new HashSet<>();
  private final Set<Schema> failing = Collections.newSetFromMap(new IdentityHashMap<>());
  private boolean changed;
  private int forced;

  private CaseRuleWriter() {}

  /** Thrown for a pair this oracle cannot express as a renamed writer. */
  public static final class Inexpressible extends RuntimeException {
    Inexpressible(String message) {
      super(message);
    }
  }

  /**
   * The writer for vanilla Avro, or {@code writer} itself when the rule renames nothing, so callers can tell with
   * {@code ==} whether the rule is in play.
   *
   * @throws Inexpressible when the pair is beyond this oracle
   */
  public static Schema apply(Schema writer, Schema reader) {
    CaseRuleWriter rule = new CaseRuleWriter();
    Schema aliased = Schema.applyAliases(Oracle.withoutDefaults(writer), reader);
    Schema renamed = rule.at(aliased, reader);
    return rule.changed ? renamed : writer;
  }

  /** Two schemas compared by identity: structural equality would merge positions the rule keeps apart. */
  private record Pair(Schema writer, Schema reader) {
    @Override
    public boolean equals(Object o) {
      return o instanceof Pair p && p.writer == writer && p.reader == reader;
    }

    @Override
    public int hashCode() {
      return System.identityHashCode(writer) * 31 + System.identityHashCode(reader);
    }
  }

  private Schema at(Schema w, Schema r) {
    if (w.getType() == Schema.Type.UNION) {
      boolean pairwise = r.getType() == Schema.Type.UNION
          && ((Resolver.WriterUnion) Resolver.resolve(w, r)).unionEquiv;
      List<Schema> branches = new ArrayList<>();
      for (int i = 0; i < w.getTypes().size(); i++) {
        branches.add(at(w.getTypes().get(i), pairwise ? r.getTypes().get(i) : r));
      }
      try {
        return Schema.createUnion(branches);
      } catch (AvroRuntimeException e) {
        throw new Inexpressible("two writer branches forced to one reader branch: " + e.getMessage());
      }
    }
    if (r.getType() == Schema.Type.UNION) {
      return unionPosition(w, r);
    }
    if (w.getType() != r.getType()) {
      return w;
    }
    switch (w.getType()) {
      case RECORD:
        return record(w, r);
      case ARRAY:
        return Schema.createArray(at(w.getElementType(), r.getElementType()));
      case MAP:
        return Schema.createMap(at(w.getValueType(), r.getValueType()));
      default:
        return w;
    }
  }

  private Schema record(Schema w, Schema r) {
    Pair key = new Pair(w, r);
    Schema done = records.get(key);
    if (done != null) {
      return done;
    }
    Schema copy = Schema.createRecord(w.getName(), null, w.getNamespace(), w.isError());
    records.put(key, copy);
    Set<String> claimed = new HashSet<>();
    for (Schema.Field f : w.getFields()) {
      if (r.getField(f.name()) != null) {
        claimed.add(f.name());
      }
    }
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : w.getFields()) {
      String name = f.name();
      if (r.getField(name) == null) {
        String upper = name.toUpperCase(Locale.ROOT);
        if (r.getField(upper) != null && claimed.add(upper)) {
          name = upper;
          changed = true;
        }
      }
      Schema.Field readerField = r.getField(name);
      fields.add(new Schema.Field(name, readerField == null ? f.schema() : at(f.schema(), readerField.schema())));
    }
    copy.setFields(fields);
    return copy;
  }

  private Schema unionPosition(Schema w, Schema union) {
    if (w.getType() != Schema.Type.RECORD) {
      // Without records in play the rule cannot change Avro's choice: take Avro's own.
      Resolver.Action action = Resolver.resolve(w, union);
      return action instanceof Resolver.ReaderUnion readerUnion
          ? at(w, union.getTypes().get(readerUnion.firstMatch)) : w;
    }
    Pair key = new Pair(w, union);
    Schema done = unionPositions.get(key);
    if (done != null) {
      return done;
    }
    List<Schema> branches = union.getTypes();
    for (Schema b : branches) {
      if (b.getType() == Schema.Type.RECORD && b.getFullName().equals(w.getFullName())) {
        return remember(key, at(w, b));
      }
    }
    if (!deciding.add(key)) {
      throw new Inexpressible("a structural union choice inside a recursion through it: " + w.getFullName());
    }
    Set<String> shortNames = new HashSet<>();
    Schema chosen = null;
    Schema firstRecord = null;
    for (Schema b : branches) {
      if (b.getType() != Schema.Type.RECORD) {
        continue;
      }
      if (!shortNames.add(b.getName())) {
        throw new Inexpressible("two record branches named " + b.getName());
      }
      firstRecord = firstRecord == null ? b : firstRecord;
      if ((chosen == null || w.getName().equals(b.getName())) && resolves(record(w, b), b)) {
        chosen = b;
      }
    }
    deciding.remove(key);
    if (chosen != null) {
      changed = true;
      return remember(key, renamedCopy(record(w, chosen), chosen.getName(), FORCED_NAMESPACE + forced++));
    }
    if (firstRecord == null) {
      return remember(key, w); // Avro finds no branch either
    }
    // Vanilla must fail on data that reaches this position: fine if it finds no branch for the renamed writer either,
    // else the writer takes the first record branch's full name, which Avro picks and then cannot resolve.
    Schema doomed = record(w, firstRecord);
    if (Resolver.resolve(doomed, union) instanceof Resolver.ReaderUnion) {
      doomed = renamedCopy(doomed, firstRecord.getName(), firstRecord.getNamespace());
      changed = true;
    }
    failing.add(doomed);
    return remember(key, doomed);
  }

  private Schema remember(Pair key, Schema schema) {
    unionPositions.put(key, schema);
    return schema;
  }

  /** Whether Avro finds no match error (its {@code hasMatchError}) for the renamed writer against {@code b}. */
  private boolean resolves(Schema renamed, Schema b) {
    Resolver.Action action;
    try {
      action = Resolver.resolve(renamed, b, GenericData.get());
    } catch (AvroRuntimeException e) {
      throw new Inexpressible("a branch check reaches a record still being renamed: " + e.getMessage());
    }
    if (!(action instanceof Resolver.RecordAdjust adjust)) {
      return false;
    }
    for (Resolver.Action field : adjust.fieldActions) {
      if (field instanceof Resolver.ErrorAction) {
        return false;
      }
    }
    // A field whose own union position has no branch under the rule is an error at the top of that field.
    for (Schema.Field f : renamed.getFields()) {
      if (b.getField(f.name()) != null && failing.contains(f.schema())) {
        return false;
      }
    }
    return true;
  }

  private static Schema renamedCopy(Schema record, String name, String namespace) {
    Schema copy = Schema.createRecord(name, null, namespace, record.isError());
    List<Schema.Field> fields = new ArrayList<>();
    for (Schema.Field f : record.getFields()) {
      fields.add(new Schema.Field(f.name(), f.schema()));
    }
    copy.setFields(fields);
    return copy;
  }
}
