package dev.kavro.registry;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.Map;
import java.util.Set;

/**
 * The {@code metadata} of a registered schema (Confluent data contracts): tags per field path (wildcards allowed),
 * free properties such as {@code major_version} or {@code owner}, and the names of sensitive properties. Each part
 * may be {@code null} when the server sent none. Immutable and thread-safe: the collections are copied.
 *
 * @param tags tags by field path pattern, for example {@code {"User.ssn": ["PII"]}}
 * @param properties free key/value properties; rules read their parameters here when the rule has none
 * @param sensitive the property names that hold secrets
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Metadata(Map<String, Set<String>> tags, Map<String, String> properties, Set<String> sensitive) {
  public Metadata {
    tags = tags == null ? null : Map.copyOf(tags);
    properties = properties == null ? null : Map.copyOf(properties);
    sensitive = sensitive == null ? null : Set.copyOf(sensitive);
  }

  /** A property, or {@code null}. */
  public String property(String name) {
    return properties == null ? null : properties.get(name);
  }
}
