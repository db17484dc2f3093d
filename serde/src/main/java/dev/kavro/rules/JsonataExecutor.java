package dev.kavro.rules;

import com.dashjoin.jsonata.Jsonata;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import java.util.Map;

/**
 * Runs {@code JSONATA} rules (Confluent's language for migration rules) with the dashjoin JSONata port. The message
 * is the record in Avro's JSON encoding (a {@link JsonNode}), as Confluent hands it to migrations; a transform
 * returns the rewritten JSON. {@code jsonata.timeout.ms} (default 60000) and {@code jsonata.max.depth} (default
 * 1000) bound each evaluation, as in Confluent.
 *
 * <p>Thread-safe once configured: parsed expressions are kept in a bounded cache that every thread shares.
 */
public final class JsonataExecutor implements RuleExecutor {
  public static final String TYPE = "JSONATA";
  static final String TIMEOUT_MS = "jsonata.timeout.ms";
  static final String MAX_DEPTH = "jsonata.max.depth";
  private static final ObjectMapper JSON = new ObjectMapper();

  private final Cache<String, Jsonata> expressions = Caffeine.newBuilder().maximumSize(100).build();
  private volatile long timeoutMs = 60_000;
  private volatile int maxDepth = 1_000;

  @Override
  public String type() {
    return TYPE;
  }

  @Override
  public void configure(Map<String, ?> configs) {
    Object timeout = configs.get(TIMEOUT_MS);
    if (timeout != null) {
      timeoutMs = Long.parseLong(timeout.toString().trim());
    }
    Object depth = configs.get(MAX_DEPTH);
    if (depth != null) {
      maxDepth = Integer.parseInt(depth.toString().trim());
    }
  }

  @Override
  public Object transform(RuleContext ctx, Object message) throws RuleException {
    if (!(message instanceof JsonNode json)) {
      throw new RuleException("a JSONATA rule runs on the JSON form of a record (migration rules); got "
          + (message == null ? "null" : message.getClass().getName()));
    }
    String expr = ctx.rule().expr();
    if (expr == null || expr.isBlank()) {
      throw new RuleException("the rule has no expression");
    }
    Object result;
    try {
      Jsonata compiled = expressions.get(expr, Jsonata::jsonata);
      Jsonata.Frame frame = compiled.createFrame();
      frame.setRuntimeBounds(timeoutMs, maxDepth);
      result = compiled.evaluate(JSON.convertValue(json, Object.class), frame);
    } catch (RuntimeException e) {
      throw new RuleException("JSONata expression failed: " + e.getMessage(), e);
    }
    if (ctx.kind() == RuleKind.CONDITION) {
      return result == null || Jsonata.boolize(result);
    }
    return result == null ? message : JSON.valueToTree(result);
  }
}
