package dev.kavro.plan;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.util.internal.Accessor;

/**
 * Deep-copies a writer schema without its field defaults (a writer's defaults never affect decoding); named types are
 * copied once so recursion is preserved. The copy describes the same binary layout.
 */
final class SchemaCopy {
  private final Map<Schema, Schema> copies = new IdentityHashMap<>();

  private SchemaCopy() {}

  static Schema withoutDefaults(Schema s) {
    return new SchemaCopy().of(s);
  }

  private Schema of(Schema s) {
    Schema copy = switch (s.getType()) {
      case RECORD -> record(s);
      case ARRAY -> Schema.createArray(of(s.getElementType()));
      case MAP -> Schema.createMap(of(s.getValueType()));
      case UNION -> {
        List<Schema> branches = new ArrayList<>();
        for (Schema branch : s.getTypes()) {
          branches.add(of(branch));
        }
        yield Schema.createUnion(branches);
      }
      default -> s;
    };
    if (copy != s && s.getType() != Schema.Type.RECORD) {
      copy.addAllProps(s);
    }
    return copy;
  }

  private Schema record(Schema s) {
    Schema done = copies.get(s);
    if (done != null) {
      return done;
    }
    Schema copy = Schema.createRecord(s.getName(), s.getDoc(), s.getNamespace(), s.isError());
    copies.put(s, copy);
    copy.addAllProps(s);
    for (String alias : s.getAliases()) {
      copy.addAlias(alias);
    }
    List<Field> fields = new ArrayList<>();
    for (Field f : s.getFields()) {
      Field field = Accessor.createField(f.name(), of(f.schema()), f.doc(), null, false, f.order());
      field.addAllProps(f);
      for (String alias : f.aliases()) {
        field.addAlias(alias);
      }
      fields.add(field);
    }
    copy.setFields(fields);
    return copy;
  }
}
