package dev.kavro.rules;

import dev.kavro.registry.Rule;
import dev.kavro.registry.RuleSet;
import dev.kavro.registry.SchemaContract;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rules of one schema's rule set that run in one phase, resolved once (executors picked, disabled rules
 * dropped, rules Kavro cannot run found) and then run per record in Confluent's order: domain rules as listed on
 * write and upgrade, reversed on read and downgrade. A schema without rules for the phase has no plan at all
 * ({@link #of} returns {@code null}), so records of such schemas pay nothing.
 *
 * <p>After each rule its action runs: {@code onSuccess} (default none) or {@code onFailure} (default
 * {@code ERROR}); {@code "a,b"} gives the write/upgrade and read/downgrade actions of a WRITEREAD or UPDOWN rule.
 * {@code ERROR} fails the record with a {@link RuleFailedException} naming the rule, {@code DLQ} sends it to the
 * dead-letter topic and then fails it, {@code NONE} carries on. A rule Kavro cannot run (an unknown type such as
 * {@code ENCRYPT}, an unknown kind or mode, any encoding rule) fails every record whatever its {@code onFailure}
 * says, unless {@code kavro.rules.unsupported=warn}, which skips it with a WARN.
 *
 * <p>Thread-safe; shared by every record of the schema.
 *
 * <p>Internal: public only for {@code dev.kavro.serde} and the Connect converter; not meant for users, and may
 * change between releases.
 */
public final class RulePlan {
  private static final Logger LOG = LoggerFactory.getLogger(RulePlan.class);
  private static final Set<String> BUILT_IN_DOMAIN_TYPES = Set.of(CelExecutor.TYPE, CelFieldExecutor.TYPE);

  private final RuleSettings settings;
  private final String subject;
  private final RuleMode phase;
  private final Schema target;
  private final SchemaContract contract;
  private final MetadataTags tags;
  private final List<Rule> ordered;
  private final List<Step> steps;

  private RulePlan(RuleSettings settings, String subject, RuleMode phase, Schema target, SchemaContract contract,
      List<Rule> ordered, List<Step> steps) {
    this.settings = settings;
    this.subject = subject;
    this.phase = phase;
    this.target = target;
    this.contract = contract;
    this.tags = new MetadataTags(contract.metadata());
    this.ordered = ordered;
    this.steps = steps;
  }

  /**
   * The plan for {@code phase} (WRITE or READ: domain and encoding rules; UPGRADE or DOWNGRADE: migration rules)
   * of the schema {@code target} with {@code contract}, or {@code null} when no rule runs in that phase.
   */
  public static RulePlan of(RuleSettings settings, SchemaContract contract, Schema target, String subject,
      RuleMode phase) {
    RuleSet ruleSet = contract == null ? null : contract.ruleSet();
    if (ruleSet == null || ruleSet.isEmpty()) {
      return null;
    }
    boolean migration = phase == RuleMode.UPGRADE || phase == RuleMode.DOWNGRADE;
    List<Rule> ordered = new ArrayList<>(migration ? ruleSet.migrationRules() : ruleSet.domainRules());
    if (phase == RuleMode.READ || phase == RuleMode.DOWNGRADE) {
      Collections.reverse(ordered);
    }
    List<Step> steps = new ArrayList<>();
    for (int i = 0; i < ordered.size(); i++) {
      Step step = step(settings, subject, ordered.get(i), i, phase, ruleSet.enableAt(), migration);
      if (step != null) {
        steps.add(step);
      }
    }
    if (!migration) {
      // Encoding rules (ENCRYPT_PAYLOAD, ...) work on the serialized bytes; Kavro runs none of them.
      for (Rule rule : ruleSet.encodingRules()) {
        RuleMode mode = RuleMode.parse(rule.mode());
        if (!settings.disabled(rule, ruleSet.enableAt()) && (mode == null || mode.runsIn(phase))) {
          steps.add(unsupported(settings, subject, rule, -1, "it is an encoding rule (" + rule.type()
              + ") and Kavro runs no encoding rules"));
        }
      }
    }
    if (steps.isEmpty()) {
      return null;
    }
    return new RulePlan(settings, subject, phase, target, contract, List.copyOf(ordered), List.copyOf(steps));
  }

  private static Step step(RuleSettings settings, String subject, Rule rule, int index, RuleMode phase,
      String enableAt, boolean migration) {
    RuleMode mode = RuleMode.parse(rule.mode());
    RuleKind kind = RuleKind.parse(rule.kind());
    if (settings.disabled(rule, enableAt)) {
      return null;
    }
    if (mode == null) {
      return unsupported(settings, subject, rule, index, "its mode '" + rule.mode() + "' is unknown");
    }
    if (!mode.runsIn(phase)) {
      return null;
    }
    if (kind == null) {
      return unsupported(settings, subject, rule, index, "its kind '" + rule.kind() + "' is unknown");
    }
    RuleExecutor executor = settings.executor(subject, rule);
    if (executor == null) {
      return unsupported(settings, subject, rule, index, "Kavro has no executor for rule type '" + rule.type()
          + "' (it runs CEL and CEL_FIELD domain rules and JSONATA migration rules)");
    }
    String type = rule.type() == null ? "" : rule.type().toUpperCase(Locale.ROOT);
    if (migration && BUILT_IN_DOMAIN_TYPES.contains(type)) {
      return unsupported(settings, subject, rule, index, "Kavro runs " + type + " rules as domain rules only, not "
          + "as migration rules");
    }
    if (!migration && type.equals(JsonataExecutor.TYPE)) {
      return unsupported(settings, subject, rule, index, "Kavro runs JSONATA rules as migration rules only");
    }
    return new Step(rule, index, kind, executor, null);
  }

  private static Step unsupported(RuleSettings settings, String subject, Rule rule, int index, String why) {
    String message = "Rule '" + rule.name() + "' of type " + rule.type() + " under subject '" + subject
        + "' cannot be executed: " + why;
    if (settings.warnUnsupported()) {
      LOG.warn("{}. It is SKIPPED because {}=warn: records pass without it.", message, RuleSettings.UNSUPPORTED_RULES);
      return null;
    }
    return new Step(rule, index, null, null, message + ". Set " + RuleSettings.UNSUPPORTED_RULES
        + "=warn to skip such rules.");
  }

  /**
   * For a path that does not run rules (Kafka Connect's converter): fails when {@code contract} has rules for
   * {@code phase}, naming them, or with {@code kavro.rules.unsupported=warn} logs a WARN and returns.
   *
   * @throws RuleFailedException when rules would run and the policy is {@code fail}
   */
  public static void refuse(String path, RuleSettings settings, SchemaContract contract, Schema target,
      String subject, RuleMode phase) {
    RulePlan plan = of(settings, contract, target, subject, phase);
    if (plan == null) {
      return;
    }
    List<String> names = plan.steps.stream().map(s -> s.rule.name()).toList();
    String message = "Rules " + names + " of the schema under subject '" + subject + "' apply on " + phase + ", but "
        + path + " does not run data-contract rules; use KavroSerializer/KavroDeserializer";
    if (settings.warnUnsupported()) {
      LOG.warn("{}. They are SKIPPED because {}=warn.", message, RuleSettings.UNSUPPORTED_RULES);
      return;
    }
    throw new RuleFailedException(names.get(0), message + ", or set " + RuleSettings.UNSUPPORTED_RULES
        + "=warn to skip them", null);
  }

  /**
   * Runs the plan on one record.
   *
   * @param original the record as the serde got it (the value on write, the payload on read), for the DLQ
   * @return the message after the transforms
   * @throws RuleFailedException when a rule fails with {@code ERROR} or {@code DLQ}, or cannot be run
   */
  public Object run(String topic, Headers headers, boolean isKey, Object original, Object message) {
    RuleContext.Record record = new RuleContext.Record(subject, topic, headers, isKey, original);
    String dlqRule = dlqRuleName(headers);
    for (Step step : steps) {
      if (step.unsupported != null) {
        throw new RuleFailedException(step.rule.name(), step.unsupported, null);
      }
      if (step.rule.name() != null && step.rule.name().equals(dlqRule)) {
        continue; // re-reading from a DLQ: the rule that sent the record there must not fail it again
      }
      RuleContext ctx = new RuleContext(step.rule, step.kind, phase, step.index, ordered, target,
          contract.metadata(), tags, record);
      Object output;
      try {
        output = step.executor.transform(ctx, message);
        if (step.kind == RuleKind.CONDITION) {
          if (!Boolean.TRUE.equals(output)) {
            throw new RuleException("condition '" + step.rule.expr() + "' is " + output);
          }
        } else {
          message = output;
        }
      } catch (RuleException | RuntimeException e) {
        act(ctx, settings.onFailure(step.rule), "ERROR", e);
        continue;
      }
      boolean succeeded = message != null;
      act(ctx, succeeded ? settings.onSuccess(step.rule) : settings.onFailure(step.rule),
          succeeded ? null : "ERROR", succeeded ? null : new RuleException("the transform returned null"));
    }
    return message;
  }

  private void act(RuleContext ctx, String configured, String fallback, Exception failure) {
    String action = actionFor(ctx, configured);
    if (action == null) {
      action = fallback;
    }
    if (action == null) {
      return;
    }
    String name = ctx.rule().name();
    String what = "Rule failed: " + name + " (" + ctx.rule().type() + " " + ctx.kind() + ", " + phase
        + ", subject '" + subject + "')";
    switch (action.trim().toUpperCase(Locale.ROOT)) {
      case "NONE":
        return;
      case "ERROR":
        throw new RuleFailedException(name, what + describe(failure), failure);
      case DlqAction.TYPE:
        DlqAction dlq = settings.dlq(subject, ctx.rule());
        if (dlq == null) {
          throw new RuleFailedException(name, what + describe(failure) + "; its action is DLQ but no DLQ action is "
              + "available (rule.service.loader.enable=false and none in rule.actions)", failure);
        }
        dlq.send(ctx, failure);
        throw new RuleFailedException(name, what + describe(failure) + "; the record was sent to the DLQ", failure);
      default:
        throw new RuleFailedException(name, what + describe(failure) + "; its action '" + action + "' is not one "
            + "Kavro runs (NONE, ERROR, DLQ)", failure);
    }
  }

  private String actionFor(RuleContext ctx, String configured) {
    if (configured == null || !configured.contains(",")) {
      return configured;
    }
    RuleMode declared = RuleMode.parse(ctx.rule().mode());
    if (declared != RuleMode.WRITEREAD && declared != RuleMode.UPDOWN) {
      return configured;
    }
    String[] parts = configured.split(",", 2);
    return phase == RuleMode.WRITE || phase == RuleMode.UPGRADE ? parts[0] : parts[1];
  }

  private static String describe(Exception failure) {
    return failure == null ? "" : ": " + failure.getMessage();
  }

  private static String dlqRuleName(Headers headers) {
    if (headers == null) {
      return null;
    }
    Header header = headers.lastHeader(DlqAction.RULE_NAME_HEADER);
    return header == null || header.value() == null ? null : new String(header.value(), StandardCharsets.UTF_8);
  }

  private record Step(Rule rule, int index, RuleKind kind, RuleExecutor executor, String unsupported) {}
}
