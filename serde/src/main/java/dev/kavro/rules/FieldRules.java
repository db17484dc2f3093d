package dev.kavro.rules;

import dev.kavro.registry.Rule;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * What every field rule executor shares, after Confluent's {@code FieldRuleExecutor}: of several transforms with
 * the same tags only the first runs on write and upgrade and only the last on read and downgrade (so that, say, two
 * masking rules do not mask twice), and {@code preserve.source.fields=true} makes a write transform work on a copy.
 */
final class FieldRules {
  static final String PRESERVE_SOURCE_FIELDS = "preserve.source.fields";

  private FieldRules() {}

  static Object run(RuleContext ctx, Object message, Schema schema, FieldWalker.FieldTransform transform)
      throws RuleException {
    if (shadowed(ctx)) {
      return message;
    }
    Object target = message;
    if (ctx.phase() == RuleMode.WRITE && ctx.kind() == RuleKind.TRANSFORM
        && Boolean.parseBoolean(ctx.parameter(PRESERVE_SOURCE_FIELDS))) {
      GenericData model = FieldWalker.model(message);
      target = model.deepCopy(((org.apache.avro.generic.GenericContainer) message).getSchema(), message);
    }
    return new FieldWalker(ctx, transform).walk(schema, target);
  }

  private static boolean shadowed(RuleContext ctx) {
    boolean forward = ctx.phase() == RuleMode.WRITE || ctx.phase() == RuleMode.UPGRADE;
    int from = forward ? 0 : ctx.index() + 1;
    int to = forward ? ctx.index() : ctx.rules().size();
    for (int i = from; i < to; i++) {
      if (sameTagsTransform(ctx.rule(), ctx.rules().get(i))) {
        return true;
      }
    }
    return false;
  }

  private static boolean sameTagsTransform(Rule a, Rule b) {
    return !a.tags().isEmpty() && RuleKind.parse(a.kind()) == RuleKind.TRANSFORM
        && RuleKind.parse(b.kind()) == RuleKind.TRANSFORM && Objects.equals(a.mode(), b.mode())
        && Objects.equals(a.type(), b.type()) && a.tags().equals(b.tags());
  }
}
