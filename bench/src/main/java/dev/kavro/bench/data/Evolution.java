package dev.kavro.bench.data;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.Schema.Type;

/** Reader schemas derived from a writer schema, for the schema-evolution benchmarks. */
public final class Evolution {
  private Evolution() {}

  /**
   * A reader that differs from {@code writer} in every way resolution allows at the top level: fields in reverse
   * order, the writer's last field removed, two fields added with defaults, and {@code int -> long},
   * {@code float -> double} promotions.
   */
  public static Schema evolved(Schema writer) {
    List<Field> fields = new ArrayList<>();
    List<Field> source = writer.getFields();
    for (int i = source.size() - 2; i >= 0; i--) {
      Field f = source.get(i);
      fields.add(new Field(f, promoted(f.schema())));
    }
    fields.add(new Field("addedName", Schema.create(Type.STRING), null, "unknown"));
    fields.add(new Field("addedCount", Schema.create(Type.LONG), null, 7L));
    return Schema.createRecord(writer.getName(), writer.getDoc(), writer.getNamespace(), false, fields);
  }

  /**
   * A reader whose top-level field names are the writer's upper-cased, each with the writer's name as an alias:
   * how a vanilla Avro user reads lower-case writers into an upper-case (ksqlDB-style) reader.
   */
  public static Schema upperCased(Schema writer) {
    List<Field> fields = new ArrayList<>();
    for (Field f : writer.getFields()) {
      Field upper = new Field(f.name().toUpperCase(Locale.ROOT), f.schema(), f.doc(), f.defaultVal());
      upper.addAlias(f.name());
      fields.add(upper);
    }
    return Schema.createRecord(writer.getName(), writer.getDoc(), writer.getNamespace(), false, fields);
  }

  private static Schema promoted(Schema type) {
    return switch (type.getType()) {
      case INT -> Schema.create(Type.LONG);
      case FLOAT -> Schema.create(Type.DOUBLE);
      default -> type;
    };
  }
}
