package dev.kavro.rules;

import dev.kavro.registry.Rule;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.ServiceLoader;
import org.apache.kafka.common.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The rule-related configuration of one serde, read with Confluent's keys: the executors ({@code rule.executors},
 * {@code rule.executors.<name>.class}, {@code .param.*}), the per-rule overrides
 * ({@code rule.executors.<rule name | _TYPE_ | _default_>.onSuccess / onFailure / disabled}), the actions
 * ({@code rule.actions.*}), {@code rule.service.loader.enable} and {@code execution.environment}; and Kavro's
 * {@code kavro.rules.unsupported}.
 *
 * <p>Immutable after construction; executors are shared by every thread.
 *
 * <p>Internal: public only for {@code dev.kavro.serde} and the Connect converter; not meant for users, and may
 * change between releases.
 */
public final class RuleSettings implements AutoCloseable {
  public static final String RULE_EXECUTORS = "rule.executors";
  public static final String RULE_ACTIONS = "rule.actions";
  public static final String RULE_SERVICE_LOADER_ENABLE = "rule.service.loader.enable";
  public static final String EXECUTION_ENVIRONMENT = "execution.environment";
  /** {@code fail} (default): a rule Kavro cannot run fails the record; {@code warn}: it is skipped with a WARN. */
  public static final String UNSUPPORTED_RULES = "kavro.rules.unsupported";
  static final String DEFAULT_NAME = "_default_";
  private static final String PARAM = ".param.";
  private static final Logger LOG = LoggerFactory.getLogger(RuleSettings.class);

  /** Confluent's built-in executor classes and the Kavro executors that stand in for them. */
  private static final Map<String, String> CONFLUENT_EXECUTORS = Map.of(
      "io.confluent.kafka.schemaregistry.rules.cel.CelExecutor", CelExecutor.TYPE,
      "io.confluent.kafka.schemaregistry.rules.cel.CelFieldExecutor", CelFieldExecutor.TYPE,
      "io.confluent.kafka.schemaregistry.rules.jsonata.JsonataExecutor", JsonataExecutor.TYPE);
  private static final String CONFLUENT_DLQ = "io.confluent.kafka.schemaregistry.rules.DlqAction";

  private final Map<String, ?> originals;
  private final boolean warnUnsupported;
  private final String executionEnvironment;
  /** Executors by type, then by configured name ({@code _default_} for built-in and service-loaded ones). */
  private final Map<String, Map<String, RuleExecutor>> executors = new HashMap<>();
  private final Map<String, Map<String, DlqAction>> dlqActions = new HashMap<>();

  /**
   * Reads the rule keys of a serde's configuration.
   *
   * @throws ConfigException when a key has a bad value or names an executor or action Kavro cannot run (unless
   *     {@code kavro.rules.unsupported=warn})
   */
  public RuleSettings(Map<String, ?> originals) {
    this.originals = Map.copyOf(withoutNulls(originals));
    String policy = string(UNSUPPORTED_RULES, "fail").toLowerCase(Locale.ROOT);
    if (!policy.equals("fail") && !policy.equals("warn")) {
      throw new ConfigException(UNSUPPORTED_RULES, policy, "must be fail or warn");
    }
    this.warnUnsupported = policy.equals("warn");
    String env = string(EXECUTION_ENVIRONMENT, null);
    this.executionEnvironment = env == null ? null : env.trim().toUpperCase(Locale.ROOT);
    // Configured objects first: for a rule whose name matches none, the first one of its type serves, as in Confluent.
    for (String name : list(RULE_EXECUTORS)) {
      RuleExecutor executor = configuredExecutor(name);
      if (executor != null) {
        addExecutor(name, executor);
      }
    }
    for (String name : list(RULE_ACTIONS)) {
      configuredAction(name);
    }
    if (Boolean.parseBoolean(string(RULE_SERVICE_LOADER_ENABLE, "true"))) {
      // What Confluent finds on its classpath through the service loader: the schema-rules executors and DlqAction.
      addExecutor(DEFAULT_NAME, new CelExecutor());
      addExecutor(DEFAULT_NAME, new CelFieldExecutor());
      addExecutor(DEFAULT_NAME, new JsonataExecutor());
      for (RuleExecutor executor : ServiceLoader.load(RuleExecutor.class)) {
        addExecutor(DEFAULT_NAME, executor);
      }
      addDlq(DEFAULT_NAME);
    }
  }

  boolean warnUnsupported() {
    return warnUnsupported;
  }

  /** The executor for {@code rule} under {@code subject}, as Confluent picks it, or {@code null}. */
  RuleExecutor executor(String subject, Rule rule) {
    return pick(executors.get(upper(rule.type())), subject, rule.name());
  }

  /** The DLQ action for {@code rule}, or {@code null} when none is available. */
  DlqAction dlq(String subject, Rule rule) {
    return pick(dlqActions.get(DlqAction.TYPE), subject, rule.name());
  }

  /** {@code onSuccess} after the config overrides. */
  String onSuccess(Rule rule) {
    Object override = override(rule, "onSuccess");
    return override != null ? override.toString() : rule.onSuccess();
  }

  /** {@code onFailure} after the config overrides. */
  String onFailure(Rule rule) {
    Object override = override(rule, "onFailure");
    return override != null ? override.toString() : rule.onFailure();
  }

  /** Whether the rule is off: by config override, by the rule set's {@code enableAt}, or by the rule itself. */
  boolean disabled(Rule rule, String enableAt) {
    Object override = override(rule, "disabled");
    if (override != null) {
      return Boolean.parseBoolean(override.toString());
    }
    String env = enableAt == null ? "ALL" : enableAt.trim().toUpperCase(Locale.ROOT);
    if (env.equals("NONE") || !env.equals("ALL") && !env.equals(executionEnvironment)) {
      return true;
    }
    return rule.disabled();
  }

  private Object override(Rule rule, String suffix) {
    for (String name : new String[] {rule.name(), "_" + rule.type() + "_", DEFAULT_NAME}) {
      Object value = originals.get(RULE_EXECUTORS + "." + name + "." + suffix);
      if (value != null) {
        return value;
      }
    }
    return null;
  }

  private static <T> T pick(Map<String, T> byName, String subject, String ruleName) {
    if (byName == null || byName.isEmpty()) {
      return null;
    }
    T found = byName.get(subject + ":" + ruleName);
    if (found == null) {
      found = byName.get(ruleName);
    }
    // Else the first one of the type (a named executor configured for one rule serves the others too).
    return found != null ? found : byName.values().iterator().next();
  }

  private void addExecutor(String name, RuleExecutor executor) {
    executor.configure(params(RULE_EXECUTORS, name, executor.type(), false));
    Map<String, RuleExecutor> byName = executors.computeIfAbsent(upper(executor.type()), t -> new LinkedHashMap<>());
    if (name.equals(DEFAULT_NAME)) {
      byName.putIfAbsent(name, executor); // Kavro's own built-ins win over a second service-loaded one
    } else {
      byName.put(name, executor);
    }
  }

  private void addDlq(String name) {
    DlqAction action = new DlqAction(params(RULE_ACTIONS, name, DlqAction.TYPE, true));
    dlqActions.computeIfAbsent(DlqAction.TYPE, t -> new LinkedHashMap<>()).put(name, action);
  }

  private RuleExecutor configuredExecutor(String name) {
    Object value = originals.get(RULE_EXECUTORS + "." + name + ".class");
    if (value == null) {
      return null; // Confluent ignores a listed name without a class as well
    }
    String className = value instanceof Class<?> c ? c.getName() : value.toString().trim();
    String builtIn = CONFLUENT_EXECUTORS.get(className);
    if (builtIn != null) {
      return switch (builtIn) {
        case CelExecutor.TYPE -> new CelExecutor();
        case CelFieldExecutor.TYPE -> new CelFieldExecutor();
        default -> new JsonataExecutor();
      };
    }
    try {
      Class<?> type = value instanceof Class<?> c ? c
          : Class.forName(className, true, Thread.currentThread().getContextClassLoader() != null
              ? Thread.currentThread().getContextClassLoader() : RuleSettings.class.getClassLoader());
      if (RuleExecutor.class.isAssignableFrom(type)) {
        return (RuleExecutor) type.getDeclaredConstructor().newInstance();
      }
    } catch (ClassNotFoundException e) {
      // Reported below like any executor Kavro cannot run.
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new ConfigException(RULE_EXECUTORS + "." + name + ".class", className, "cannot be instantiated: " + e);
    }
    unsupported(RULE_EXECUTORS + "." + name + ".class", className, "is not an executor Kavro can run (Kavro runs "
        + "CEL, CEL_FIELD and JSONATA rules, and classes implementing " + RuleExecutor.class.getName() + ")");
    return null;
  }

  private void configuredAction(String name) {
    Object value = originals.get(RULE_ACTIONS + "." + name + ".class");
    if (value == null) {
      return;
    }
    String className = value instanceof Class<?> c ? c.getName() : value.toString().trim();
    if (className.equals(CONFLUENT_DLQ) || className.equals(DlqAction.class.getName())) {
      addDlq(name);
      return;
    }
    unsupported(RULE_ACTIONS + "." + name + ".class", className,
        "is not an action Kavro can run (Kavro runs NONE, ERROR and DLQ)");
  }

  private void unsupported(String key, String value, String why) {
    if (!warnUnsupported) {
      throw new ConfigException(key, value, why + "; set " + UNSUPPORTED_RULES + "=warn to start anyway");
    }
    LOG.warn("{}={} {}; rules that need it will be skipped ({}=warn)", key, value, why, UNSUPPORTED_RULES);
  }

  /** Confluent's parameter layering: registry-client keys (or all originals), _default_, _TYPE_, then the name. */
  private Map<String, Object> params(String configName, String name, String type, boolean allOriginals) {
    Map<String, Object> params = new HashMap<>();
    if (allOriginals) {
      params.putAll(originals);
      params.remove("key.serializer");
      params.remove("value.serializer");
    } else {
      originals.forEach((k, v) -> {
        if (k.startsWith("schema.registry.")) {
          params.put(k.substring("schema.registry.".length()), v);
        }
      });
    }
    for (String level : new String[] {DEFAULT_NAME, "_" + upper(type) + "_", name}) {
      String prefix = configName + "." + level + PARAM;
      originals.forEach((k, v) -> {
        if (k.startsWith(prefix)) {
          params.put(k.substring(prefix.length()), v);
        }
      });
    }
    return params;
  }

  private String string(String key, String fallback) {
    Object value = originals.get(key);
    return value == null ? fallback : value.toString();
  }

  private List<String> list(String key) {
    Object value = originals.get(key);
    List<String> names = new ArrayList<>();
    if (value instanceof List<?> items) {
      items.forEach(i -> names.add(String.valueOf(i).trim()));
    } else if (value != null) {
      for (String part : value.toString().split(",")) {
        names.add(part.trim());
      }
    }
    names.removeIf(String::isEmpty);
    return names;
  }

  private static String upper(String type) {
    return type == null ? "" : type.toUpperCase(Locale.ROOT);
  }

  private static Map<String, ?> withoutNulls(Map<String, ?> map) {
    Map<String, Object> copy = new HashMap<>();
    map.forEach((k, v) -> {
      if (k != null && v != null) {
        copy.put(k, v);
      }
    });
    return copy;
  }

  @Override
  public void close() {
    executors.values().forEach(m -> m.values().forEach(RuleExecutor::close));
    dlqActions.values().forEach(m -> m.values().forEach(DlqAction::close));
  }
}
