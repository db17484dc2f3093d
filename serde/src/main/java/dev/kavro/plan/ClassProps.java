package dev.kavro.plan;

import dev.kavro.runtime.AvroInternals;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.specific.SpecificData;

/**
 * Removes the props that make Avro load a Java class ({@code java-class}, {@code java-key-class},
 * {@code java-element-class}) from a schema that came from outside the application: a writer schema, or any schema
 * from the registry. Avro's specific readers instantiate the class such a prop names, and a class's static
 * initializer is code; Kavro never lets a writer choose code to run. Only schemas the application supplies (an
 * explicit reader schema, a generated class's schema) keep them.
 *
 * <p>Copies only what carries such a prop; a schema without any is returned as it is, so most schemas cost one walk.
 */
public final class ClassProps {
  /** The props Avro turns into {@code Class.forName}. */
  static final Set<String> NAMES = Set.of(SpecificData.CLASS_PROP, SpecificData.KEY_CLASS_PROP,
      SpecificData.ELEMENT_PROP);

  private final Map<Schema, Schema> copies = new IdentityHashMap<>();

  private ClassProps() {}

  /** {@code schema} without class-naming props anywhere in it; {@code schema} itself when it has none. */
  public static Schema strip(Schema schema) {
    return has(schema, new IdentityHashMap<>()) ? new ClassProps().copy(schema) : schema;
  }

  private static boolean has(Schema s, Map<Schema, Boolean> seen) {
    if (named(s) && seen.put(s, Boolean.TRUE) != null) {
      return false;
    }
    if (hasProp(s.getObjectProps())) {
      return true;
    }
    return switch (s.getType()) {
      case RECORD -> s.getFields().stream().anyMatch(f -> hasProp(f.getObjectProps()) || has(f.schema(), seen));
      case ARRAY -> has(s.getElementType(), seen);
      case MAP -> has(s.getValueType(), seen);
      case UNION -> s.getTypes().stream().anyMatch(b -> has(b, seen));
      default -> false;
    };
  }

  private static boolean named(Schema s) {
    return s.getType() == Schema.Type.RECORD || s.getType() == Schema.Type.ENUM || s.getType() == Schema.Type.FIXED;
  }

  private static boolean hasProp(Map<String, Object> props) {
    return props.keySet().stream().anyMatch(NAMES::contains);
  }

  private Schema copy(Schema s) {
    Schema done = copies.get(s);
    if (done != null) {
      return done;
    }
    Schema copy = switch (s.getType()) {
      case RECORD -> Schema.createRecord(s.getName(), s.getDoc(), s.getNamespace(), s.isError());
      case ENUM -> Schema.createEnum(s.getName(), s.getDoc(), s.getNamespace(), s.getEnumSymbols(),
          s.getEnumDefault());
      case FIXED -> Schema.createFixed(s.getName(), s.getDoc(), s.getNamespace(), s.getFixedSize());
      case ARRAY -> Schema.createArray(copy(s.getElementType()));
      case MAP -> Schema.createMap(copy(s.getValueType()));
      case UNION -> {
        List<Schema> branches = new ArrayList<>();
        for (Schema branch : s.getTypes()) {
          branches.add(copy(branch));
        }
        yield Schema.createUnion(branches);
      }
      default -> Schema.create(s.getType());
    };
    if (named(s)) {
      copies.put(s, copy); // before descending: recursive schemas point back at this copy
      s.getAliases().forEach(copy::addAlias);
    }
    copyProps(s.getObjectProps(), copy::addProp);
    if (s.getLogicalType() != null) {
      s.getLogicalType().addToSchema(copy);
    }
    if (s.getType() == Schema.Type.RECORD) {
      List<Field> fields = new ArrayList<>();
      for (Field f : s.getFields()) {
        Field field = AvroInternals.createField(f.name(), copy(f.schema()), f.doc(), AvroInternals.defaultValue(f), false,
            f.order());
        copyProps(f.getObjectProps(), field::addProp);
        f.aliases().forEach(field::addAlias);
        fields.add(field);
      }
      copy.setFields(fields);
    }
    return copy;
  }

  private static void copyProps(Map<String, Object> props, java.util.function.BiConsumer<String, Object> add) {
    props.forEach((name, value) -> {
      if (!NAMES.contains(name)) {
        add.accept(name, value);
      }
    });
  }
}
