package dev.kavro.serde;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Confluent serde and registry-client keys that Kavro does not implement. A Confluent user who sets one must hear
 * that it has no effect here, rather than have it silently ignored like an unrelated producer or consumer key.
 * Keys that Kavro's ConfigDef defines (its own or the registry client's) are never reported.
 */
final class UnsupportedConfluentKeys {
  private static final String CLIENT_PREFIX = "schema.registry.";

  /**
   * Keys of {@code AbstractKafkaSchemaSerDeConfig} and the Avro serde configs that Kavro does not implement. Every
   * other key of those configs is defined by {@link KavroSerdeConfig} or the registry client; the README's migration
   * table lists them all.
   */
  private static final Set<String> SERDE_KEYS = Set.of(
      "propagate.schema.tags", "latest.cache.size", "schema.format", "rule.metrics.enable",
      "validation.rules.executor.class", "validation.rules.fail.fast", "validation.rules.execution");

  /** Read by Confluent's client from the raw map, with or without the {@code schema.registry.} prefix. */
  private static final Set<String> CLIENT_ONLY_KEYS = Set.of(
      "missing.cache.size", "missing.id.cache.ttl.sec", "missing.version.cache.ttl.sec",
      "missing.schema.cache.ttl.sec", "use.apache.http.client", "url.randomize", "bearer.auth.uami.endpoint.url",
      "bearer.auth.uami.endpoint.query", "subject.name.strategy.kafka.cluster.id",
      "subject.name.strategy.fallback.type", "subject.name.strategy.cache.size",
      "subject.name.strategy.cache.expiry.secs");

  private static final List<String> PREFIXES = List.of("schema.providers.");

  private UnsupportedConfluentKeys() {}

  /** The keys of {@code originals} that are Confluent keys Kavro ignores, sorted, each once. */
  static List<String> find(Map<String, ?> originals, Set<String> defined) {
    Set<String> found = new TreeSet<>();
    for (String key : originals.keySet()) {
      if (key != null && !defined.contains(key) && isConfluentKey(key)) {
        found.add(key);
      }
    }
    return new ArrayList<>(found);
  }

  private static boolean isConfluentKey(String key) {
    if (SERDE_KEYS.contains(key) || CLIENT_ONLY_KEYS.contains(key)) {
      return true;
    }
    if (key.startsWith(CLIENT_PREFIX) && CLIENT_ONLY_KEYS.contains(key.substring(CLIENT_PREFIX.length()))) {
      return true;
    }
    return PREFIXES.stream().anyMatch(key::startsWith);
  }
}
