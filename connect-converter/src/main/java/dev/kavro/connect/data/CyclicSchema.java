package dev.kavro.connect.data;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;

/**
 * The back-reference of a recursive Avro record in its Connect schema, the counterpart of Confluent's
 * {@code CyclicSchemaWrapper}: Connect schemas are trees, so where a record refers to an enclosing record (a linked
 * list's {@code next}, a tree's {@code children}) the Connect schema holds this wrapper, which answers every question
 * with the enclosing struct schema, except {@link #isOptional()}, which is the reference's own, and
 * {@link #defaultValue()}, which is null. On the way back to Avro it becomes a named reference to that record.
 *
 * <p>{@link #equals} and {@link #hashCode} look only at the referenced schema's type, name, version and field names,
 * never at field schemas: Connect's own {@code ConnectSchema.equals/hashCode} walk the fields, and would otherwise
 * loop around the cycle. Two wrappers are equal when they refer to same-named records with the same optionality.
 *
 * <p>Immutable once the converter that made it has built the enclosing schema; thread-safe after publication.
 */
public final class CyclicSchema implements Schema {
  private Schema target;
  private final boolean optional;

  /**
   * A back-reference to {@code target}, a struct schema that encloses this reference.
   *
   * @param target the enclosing struct schema; may be a {@code SchemaBuilder} still being filled
   * @throws IllegalArgumentException if {@code target} is not a struct schema
   */
  public CyclicSchema(Schema target, boolean optional) {
    if (Objects.requireNonNull(target, "target").type() != Type.STRUCT) {
      throw new IllegalArgumentException("Only struct schemas can be referred to cyclically, not " + target.type());
    }
    this.target = target;
    this.optional = optional;
  }

  /** Points the reference at the built schema once the builder it referred to has been built. */
  void resolve(Schema built) {
    this.target = built;
  }

  /** The enclosing struct schema this reference stands for. */
  public Schema target() {
    return target;
  }

  /**
   * Whether {@code schema} holds a cyclic reference anywhere: such schemas are read and written by the generic
   * path. Does not loop: the walk stops at each {@link CyclicSchema}.
   */
  public static boolean isRecursive(Schema schema) {
    return schema != null && containsCycle(schema, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static boolean containsCycle(Schema schema, Set<Schema> seen) {
    if (schema instanceof CyclicSchema) {
      return true;
    }
    if (!seen.add(schema)) {
      return false;
    }
    return switch (schema.type()) {
      case STRUCT -> schema.fields().stream().anyMatch(f -> containsCycle(f.schema(), seen));
      case ARRAY -> containsCycle(schema.valueSchema(), seen);
      case MAP -> containsCycle(schema.keySchema(), seen) || containsCycle(schema.valueSchema(), seen);
      default -> false;
    };
  }

  @Override
  public Type type() {
    return Type.STRUCT;
  }

  @Override
  public boolean isOptional() {
    return optional;
  }

  @Override
  public Object defaultValue() {
    return null;
  }

  @Override
  public String name() {
    return target.name();
  }

  @Override
  public Integer version() {
    return target.version();
  }

  @Override
  public String doc() {
    return target.doc();
  }

  @Override
  public Map<String, String> parameters() {
    return target.parameters();
  }

  @Override
  public Schema keySchema() {
    return target.keySchema();
  }

  @Override
  public Schema valueSchema() {
    return target.valueSchema();
  }

  @Override
  public List<Field> fields() {
    return target.fields();
  }

  @Override
  public Field field(String fieldName) {
    return target.field(fieldName);
  }

  @Override
  public Schema schema() {
    return this;
  }

  @Override
  public boolean equals(Object o) {
    if (this == o) {
      return true;
    }
    if (!(o instanceof CyclicSchema other)) {
      return false;
    }
    return optional == other.optional && Objects.equals(name(), other.name())
        && Objects.equals(version(), other.version()) && fieldNames().equals(other.fieldNames());
  }

  @Override
  public int hashCode() {
    return Objects.hash(optional, name(), version(), fieldNames());
  }

  private List<String> fieldNames() {
    return target.fields().stream().map(Field::name).toList();
  }

  @Override
  public String toString() {
    return "CyclicSchema{" + (name() != null ? name() : "unnamed struct") + (optional ? ", optional" : "") + "}";
  }
}
