package dev.kavro.registry;

import java.util.Objects;

/**
 * A reference from one registered schema to another, as the Confluent API carries it: the full name the referring
 * schema uses, and the subject and version under which the referenced schema is registered.
 *
 * <p>Immutable and thread-safe.
 *
 * @param name the full name of the referenced type, as the referring schema spells it
 * @param subject the subject the referenced schema is registered under
 * @param version the version under that subject; {@code -1} means the latest
 */
public record SchemaReference(String name, String subject, int version) {
  public SchemaReference {
    Objects.requireNonNull(name, "name");
    Objects.requireNonNull(subject, "subject");
  }
}
