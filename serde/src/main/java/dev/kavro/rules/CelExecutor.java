package dev.kavro.rules;

import java.util.List;
import java.util.Map;
import org.apache.avro.generic.GenericContainer;

/**
 * Runs {@code CEL} rules on the whole message, bound to the variable {@code message} (an Avro record becomes a CEL
 * map of its fields). A condition must return {@code true}; a transform's result becomes the new message, converted
 * to the message's schema. As in Confluent, text before the first {@code ;} is a guard: when it is not
 * {@code true} the rule is skipped (parameter {@code cel.ignore.guard.separator=true} turns that off).
 *
 * <p>Thread-safe: compiled expressions are kept in a bounded cache that every thread shares. An expression that
 * does not compile fails its rule with a {@link RuleException}.
 */
public final class CelExecutor implements RuleExecutor {
  public static final String TYPE = "CEL";
  static final String IGNORE_GUARD_SEPARATOR = "cel.ignore.guard.separator";

  private final CelPrograms programs;

  /** Building a CEL environment takes a while; one (and its compiled programs) serves every executor. */
  private static final CelPrograms MESSAGE_PROGRAMS = new CelPrograms(List.of("message"));

  public CelExecutor() {
    this(MESSAGE_PROGRAMS);
  }

  CelExecutor(CelPrograms programs) {
    this.programs = programs;
  }

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public Object transform(RuleContext ctx, Object message) throws RuleException {
    Object result = evalWithGuard(ctx, Map.of("message", CelValues.toCel(message)), message);
    if (result == message || ctx.kind() == RuleKind.CONDITION) {
      return result;
    }
    if (!(message instanceof GenericContainer container)) {
      throw new RuleException("a CEL transform can only rewrite an Avro record, enum, fixed or array, not "
          + (message == null ? "null" : message.getClass().getName()));
    }
    try {
      return CelValues.toAvro(result, container.getSchema(), FieldWalker.model(message));
    } catch (IllegalArgumentException e) {
      throw new RuleException("the CEL result does not fit the schema: " + e.getMessage(), e);
    }
  }

  /** Runs the guard, then the body; a guard that does not hold returns {@code skipped} (or true for conditions). */
  Object evalWithGuard(RuleContext ctx, Map<String, Object> variables, Object skipped) throws RuleException {
    String expr = ctx.rule().expr();
    if (expr == null || expr.isBlank()) {
      throw new RuleException("the rule has no expression");
    }
    if (!Boolean.parseBoolean(ctx.parameter(IGNORE_GUARD_SEPARATOR))) {
      int semicolon = expr.indexOf(';');
      if (semicolon >= 0) {
        String guard = expr.substring(0, semicolon);
        expr = expr.substring(semicolon + 1);
        if (!guard.isBlank()) {
          Object holds;
          try {
            holds = programs.eval(guard, variables);
          } catch (RuleException e) {
            holds = Boolean.FALSE; // Confluent: a failing guard skips the rule
          }
          if (!Boolean.TRUE.equals(holds)) {
            return ctx.kind() == RuleKind.CONDITION ? Boolean.TRUE : skipped;
          }
        }
      }
    }
    return programs.eval(expr, variables);
  }
}
