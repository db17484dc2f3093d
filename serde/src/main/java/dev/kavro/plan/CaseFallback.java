package dev.kavro.plan;

import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;

/**
 * ksqlDB's field-matching rule, resolved once per pair: a writer field with no exact reader match takes the reader
 * field named {@code writerName.toUpperCase(Locale.ROOT)}, unless an exact match already claimed that reader field.
 *
 * <p>The rule is applied by renaming the writer's fields in a copy of the writer schema. Renaming does not change the
 * binary layout, so Avro's own {@code Resolver} then resolves the pair with every rule of the spec intact.
 */
final class CaseFallback {
  private final Map<Schema, Map<String, String>> renames = new IdentityHashMap<>();
  private final Set<SchemaPair> visited = new HashSet<>();

  private CaseFallback() {}

  /** The writer schema with fields renamed where the rule applies; {@code writer} itself where it never does. */
  static Schema apply(Schema writer, Schema reader) {
    CaseFallback fallback = new CaseFallback();
    fallback.collect(writer, reader);
    return fallback.renames.isEmpty() ? writer : new SchemaCopy(fallback.renames, false).of(writer);
  }

  private void collect(Schema w, Schema r) {
    if (w.getType() == Schema.Type.UNION) {
      for (Schema branch : w.getTypes()) {
        collect(branch, r);
      }
      return;
    }
    if (r.getType() == Schema.Type.UNION) {
      Schema branch = matchingBranch(w, r);
      if (branch != null) {
        collect(w, branch);
      }
      return;
    }
    if (w.getType() != r.getType()) {
      return;
    }
    switch (w.getType()) {
      case RECORD -> collectRecord(w, r);
      case ARRAY -> collect(w.getElementType(), r.getElementType());
      case MAP -> collect(w.getValueType(), r.getValueType());
      default -> { }
    }
  }

  private void collectRecord(Schema w, Schema r) {
    if (!visited.add(new SchemaPair(w, r))) {
      return;
    }
    Set<String> claimed = new HashSet<>();
    for (Field wf : w.getFields()) {
      if (r.getField(wf.name()) != null) {
        claimed.add(wf.name());
      }
    }
    for (Field wf : w.getFields()) {
      Field rf = r.getField(wf.name());
      if (rf == null) {
        String upper = wf.name().toUpperCase(Locale.ROOT);
        Field candidate = r.getField(upper);
        if (candidate != null && claimed.add(upper)) {
          renames.computeIfAbsent(w, k -> new HashMap<>()).put(wf.name(), upper);
          rf = candidate;
        }
      }
      if (rf != null) {
        collect(wf.schema(), rf.schema());
      }
    }
  }

  /** The reader branch a writer type would resolve to: same named type first, else the first of the same type. */
  private static Schema matchingBranch(Schema w, Schema readerUnion) {
    Schema sameType = null;
    for (Schema branch : readerUnion.getTypes()) {
      if (branch.getType() != w.getType()) {
        continue;
      }
      if (w.getFullName().equals(branch.getFullName())) {
        return branch;
      }
      if (sameType == null) {
        sameType = branch;
      }
    }
    return sameType;
  }
}
