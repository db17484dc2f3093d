package dev.kavro.plan;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * Whether Avro's {@code Resolver} treats a writer union and a reader union as "the same union" and resolves them branch
 * by branch instead of each writer branch against the whole reader union: same types, same short names for named
 * types, same field names in the same order, same symbols and sizes, recursively.
 */
final class UnionEquivalence {
  private final Map<SchemaPair, Boolean> records = new HashMap<>();

  private UnionEquivalence() {}

  static boolean of(Schema writer, Schema reader) {
    return new UnionEquivalence().equivalent(writer, reader);
  }

  private boolean equivalent(Schema w, Schema r) {
    Schema.Type type = w.getType();
    if (type != r.getType()) {
      return false;
    }
    boolean named = type == Schema.Type.RECORD || type == Schema.Type.ENUM || type == Schema.Type.FIXED;
    if (named && w.getName() != null && !w.getName().equals(r.getName())) {
      return false;
    }
    return switch (type) {
      case ARRAY -> equivalent(w.getElementType(), r.getElementType());
      case MAP -> equivalent(w.getValueType(), r.getValueType());
      case FIXED -> w.getFixedSize() == r.getFixedSize();
      case ENUM -> w.getEnumSymbols().equals(r.getEnumSymbols());
      case UNION -> allEquivalent(w.getTypes(), r.getTypes());
      case RECORD -> records(w, r);
      default -> true;
    };
  }

  private boolean allEquivalent(List<Schema> w, List<Schema> r) {
    if (w.size() != r.size()) {
      return false;
    }
    for (int i = 0; i < w.size(); i++) {
      if (!equivalent(w.get(i), r.get(i))) {
        return false;
      }
    }
    return true;
  }

  private boolean records(Schema w, Schema r) {
    SchemaPair key = new SchemaPair(w, r);
    Boolean known = records.get(key);
    if (known != null) {
      return known; // optimistic while the pair is still being compared, as Avro is
    }
    records.put(key, true);
    List<Schema.Field> wf = w.getFields();
    List<Schema.Field> rf = r.getFields();
    boolean same = wf.size() == rf.size();
    for (int i = 0; same && i < wf.size(); i++) {
      same = wf.get(i).name().equals(rf.get(i).name()) && equivalent(wf.get(i).schema(), rf.get(i).schema());
    }
    records.put(key, same);
    return same;
  }
}
