package dev.kavro.rules;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.avro.util.Utf8;

/**
 * Walks an Avro value along its schema and hands each field that a field rule applies to to that rule, as
 * Confluent's {@code AvroSchema.transformMessage} does: a field is visited when the rule has no tags or the field's
 * tags (its {@code confluent:tags} property plus the schema metadata's tags for its path) meet the rule's. A
 * transform's result replaces the field in place; a condition that returns anything but {@code true} fails.
 */
final class FieldWalker {
  /** Confluent's field type names, as CEL_FIELD rules see them in {@code typeName}. */
  static final String TAGS_PROP = "confluent:tags";

  /** One field being visited. */
  record Field(Object containingMessage, String fullName, String name, String typeName, Set<String> tags) {
    boolean isPrimitive() {
      return switch (typeName) {
        case "STRING", "BYTES", "INT", "LONG", "FLOAT", "DOUBLE", "BOOLEAN", "NULL" -> true;
        default -> false;
      };
    }

    Field ofType(String type) {
      return new Field(containingMessage, fullName, name, type, tags);
    }
  }

  /** What a field rule does with one field's value. */
  interface FieldTransform {
    Object apply(Field field, Object value) throws RuleException;
  }

  private final RuleContext ctx;
  private final FieldTransform transform;
  private final boolean condition;

  FieldWalker(RuleContext ctx, FieldTransform transform) {
    this.ctx = ctx;
    this.transform = transform;
    this.condition = ctx.kind() == RuleKind.CONDITION;
  }

  Object walk(Schema schema, Object message) throws RuleException {
    return walk(schema, message, null);
  }

  private Object walk(Schema schema, Object value, Field field) throws RuleException {
    Field current = field == null ? null : field.ofType(typeName(schema));
    switch (schema.getType()) {
      case UNION: {
        int branch = model(value).resolveUnion(schema, value);
        return walk(schema.getTypes().get(branch), value, current);
      }
      case ARRAY: {
        if (!(value instanceof Collection<?> items)) {
          return value;
        }
        List<Object> out = new ArrayList<>(items.size());
        for (Object item : items) {
          out.add(walk(schema.getElementType(), item, current));
        }
        return condition ? value : out;
      }
      case MAP: {
        if (!(value instanceof Map<?, ?> entries)) {
          return value;
        }
        Map<Object, Object> out = new LinkedHashMap<>();
        for (Map.Entry<?, ?> e : entries.entrySet()) {
          out.put(e.getKey(), walk(schema.getValueType(), e.getValue(), current));
        }
        return condition ? value : out;
      }
      case RECORD:
        return value == null ? null : walkRecord(schema, value);
      default:
        if (current == null || !applies(current.tags())) {
          return value;
        }
        Object input = value instanceof ByteBuffer buffer ? bytes(buffer) : value;
        Object result = transform.apply(current, input);
        if (condition) {
          if (!Boolean.TRUE.equals(result)) {
            throw new RuleConditionFailed(current.fullName());
          }
          return value;
        }
        return result instanceof byte[] bytes ? ByteBuffer.wrap(bytes) : result;
    }
  }

  private Object walkRecord(Schema schema, Object record) throws RuleException {
    // The message's own schema, so that fields line up when it differs from the rule set's (evolution).
    Schema recordSchema = record instanceof GenericContainer c ? c.getSchema() : schema;
    GenericData data = model(record);
    for (Schema.Field f : recordSchema.getFields()) {
      Schema.Field declared = schema.getField(f.name());
      if (declared == null) {
        declared = f;
      }
      String fullName = recordSchema.getFullName() + "." + f.name();
      Set<String> tags = tags(declared, fullName);
      String type = typeName(declared.schema());
      Field field = new Field(record, fullName, f.name(), type, tags);
      if (field.isPrimitive() && !applies(tags)) {
        continue;
      }
      Object value = data.getField(record, f.name(), f.pos());
      if (value instanceof Utf8) {
        value = value.toString();
      }
      Object updated = walk(declared.schema(), value, field);
      if (!condition) {
        data.setField(record, f.name(), f.pos(), updated);
      }
    }
    return record;
  }

  private boolean applies(Set<String> fieldTags) {
    Set<String> ruleTags = ctx.rule().tags();
    if (ruleTags.isEmpty()) {
      return true;
    }
    for (String tag : fieldTags) {
      if (ruleTags.contains(tag)) {
        return true;
      }
    }
    return false;
  }

  private Set<String> tags(Schema.Field field, String fullName) {
    Set<String> fromMetadata = ctx.metadataTags(fullName);
    Object inline = field.getObjectProp(TAGS_PROP);
    if (!(inline instanceof Collection<?> list) || list.isEmpty()) {
      return fromMetadata;
    }
    Set<String> tags = new HashSet<>(fromMetadata);
    list.forEach(t -> tags.add(String.valueOf(t)));
    return tags;
  }

  static String typeName(Schema schema) {
    return switch (schema.getType()) {
      case UNION -> schema.getTypes().size() == 2
          && schema.getTypes().stream().anyMatch(s -> s.getType() == Schema.Type.NULL) ? "NULLABLE" : "COMBINED";
      default -> schema.getType().name();
    };
  }

  static GenericData model(Object value) {
    return value instanceof SpecificRecord ? SpecificData.getForClass(value.getClass()) : GenericData.get();
  }

  private static byte[] bytes(ByteBuffer buffer) {
    byte[] out = new byte[buffer.remaining()];
    buffer.duplicate().get(out);
    return out;
  }

  /** A field condition did not hold; the rule as a whole failed. */
  static final class RuleConditionFailed extends RuleException {
    RuleConditionFailed(String field) {
      super("condition failed on field " + field);
    }
  }
}
