package dev.kavro.rules;

import dev.kavro.registry.Metadata;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Pattern;

/**
 * The field tags a schema's {@code metadata.tags} gives by path pattern, as Confluent matches them: {@code *} any
 * run of characters without a dot, {@code **} any run with dots, {@code ?} one character other than a dot. Answers
 * are cached per field name, so a record pays no regex matching after its first pass.
 */
final class MetadataTags {
  static final MetadataTags NONE = new MetadataTags(null);
  private static final int MAX_CACHED = 10_000;

  private final List<Map.Entry<Pattern, Set<String>>> patterns = new ArrayList<>();
  private final Map<String, Set<String>> byField = new ConcurrentHashMap<>();

  MetadataTags(Metadata metadata) {
    if (metadata != null && metadata.tags() != null) {
      metadata.tags().forEach((path, tags) -> patterns.add(Map.entry(compile(path), Set.copyOf(tags))));
    }
  }

  /** The tags of the field with full name {@code fullName} ({@code Record.field}); empty when none. */
  Set<String> of(String fullName) {
    if (patterns.isEmpty()) {
      return Set.of();
    }
    Set<String> known = byField.get(fullName);
    if (known != null) {
      return known;
    }
    Set<String> tags = new HashSet<>();
    for (Map.Entry<Pattern, Set<String>> p : patterns) {
      if (p.getKey().matcher(fullName).matches()) {
        tags.addAll(p.getValue());
      }
    }
    Set<String> result = Set.copyOf(tags);
    if (byField.size() < MAX_CACHED) {
      byField.put(fullName, result);
    }
    return result;
  }

  static Pattern compile(String wildcard) {
    StringBuilder regex = new StringBuilder();
    for (int i = 0; i < wildcard.length(); i++) {
      char c = wildcard.charAt(i);
      if (c == '*') {
        if (i + 1 < wildcard.length() && wildcard.charAt(i + 1) == '*') {
          regex.append(".*");
          i++;
        } else {
          regex.append("[^.]*");
        }
      } else if (c == '?') {
        regex.append("[^.]");
      } else {
        regex.append(Pattern.quote(String.valueOf(c)));
      }
    }
    return Pattern.compile(regex.toString());
  }
}
