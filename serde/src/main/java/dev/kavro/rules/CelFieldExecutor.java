package dev.kavro.rules;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;

/**
 * Runs {@code CEL_FIELD} rules on each primitive field the rule's tags select (every field when it has none), with
 * Confluent's variables: {@code value}, {@code fullName}, {@code name}, {@code typeName}, {@code tags} and
 * {@code message} (the record holding the field). A transform's result replaces the field; enum and fixed fields,
 * which Confluent does not count as primitive, are left alone.
 *
 * <p>Thread-safe, as {@link CelExecutor}.
 */
public final class CelFieldExecutor implements RuleExecutor {
  public static final String TYPE = "CEL_FIELD";

  private static final CelPrograms FIELD_PROGRAMS =
      new CelPrograms(List.of("value", "fullName", "name", "typeName", "tags", "message"));

  private final CelExecutor cel = new CelExecutor(FIELD_PROGRAMS);

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Object transform(RuleContext ctx, Object message) throws RuleException {
    if (!(message instanceof org.apache.avro.generic.GenericContainer container)) {
      throw new RuleException("a CEL_FIELD rule needs an Avro record, not "
          + (message == null ? "null" : message.getClass().getName()));
    }
    // The rule set's schema carries the inline tags; the walk follows the message's own fields.
    Schema declared = ctx.target() != null ? ctx.target() : container.getSchema();
    return FieldRules.run(ctx, message, declared, (field, value) -> {
      if (!field.isPrimitive()) {
        return value;
      }
      Map<String, Object> variables = new HashMap<>();
      variables.put("value", CelValues.toCel(value));
      variables.put("fullName", field.fullName());
      variables.put("name", field.name());
      variables.put("typeName", field.typeName());
      variables.put("tags", new ArrayList<>(field.tags()));
      variables.put("message", CelValues.toCel(field.containingMessage()));
      Object result = cel.evalWithGuard(ctx, variables, value);
      if (result == value || ctx.kind() == RuleKind.CONDITION) {
        return result;
      }
      try {
        Schema type = Schema.create(Schema.Type.valueOf(field.typeName()));
        Object avro = CelValues.toAvro(result, type, FieldWalker.model(field.containingMessage()));
        return avro instanceof java.nio.ByteBuffer buffer ? buffer.array() : avro;
      } catch (IllegalArgumentException e) {
        throw new RuleException("the CEL result for field " + field.fullName() + " does not fit its type "
            + field.typeName() + ": " + e.getMessage(), e);
      }
    });
  }
}
