package dev.kavro.plan;

import dev.kavro.runtime.AvroInternals;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;

/**
 * Deep-copies a writer schema, renaming some record fields and optionally dropping field defaults; named types are
 * copied once so recursion is preserved. Neither change alters the binary layout a writer schema describes.
 */
final class SchemaCopy {
  private final Map<Schema, Map<String, String>> renames;
  private final boolean dropDefaults;
  private final Map<Schema, Schema> copies = new IdentityHashMap<>();

  /**
   * @param renames per writer record (by identity), old field name to new
   * @param dropDefaults whether copied fields lose their defaults (a writer's defaults never affect decoding)
   */
  SchemaCopy(Map<Schema, Map<String, String>> renames, boolean dropDefaults) {
    this.renames = renames;
    this.dropDefaults = dropDefaults;
  }

  Schema of(Schema s) {
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
    Map<String, String> renamed = renames.getOrDefault(s, Map.of());
    List<Field> fields = new ArrayList<>();
    for (Field f : s.getFields()) {
      Field field = AvroInternals.createField(renamed.getOrDefault(f.name(), f.name()), of(f.schema()), f.doc(),
          dropDefaults ? null : AvroInternals.defaultValue(f), false, f.order());
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
