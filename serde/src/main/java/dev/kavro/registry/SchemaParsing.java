package dev.kavro.registry;

import dev.kavro.runtime.AvroInternals;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;

/** Parses registry schema text, resolving Confluent-style references depth first through one shared parser. */
final class SchemaParsing {
  private SchemaParsing() {}

  /**
   * Parses {@code text} after the schemas it references, fetched through {@code resolve}.
   *
   * @param resolve fetches a referenced schema (by subject and version) as registered; its own references are
   *     resolved recursively
   * @throws RegistryException with status 422 / error code 42201 when the text is not a valid Avro schema
   */
  static Schema parse(String text, List<SchemaReference> references, Function<SchemaReference, Referenced> resolve) {
    // As Confluent's client parses a stored schema (AvroSchema.getParser() for a schema that is not new): no name
    // validation, so that a schema the registry holds always parses, whatever names its writer used.
    Schema.Parser parser = AvroInternals.lenientParser();
    try {
      addReferences(parser, references, resolve, new HashSet<>());
      return parser.parse(text);
    } catch (SchemaParseException | NullPointerException e) {
      throw new RegistryException("Invalid Avro schema: " + e.getMessage(), 422, 42201, false, e);
    }
  }

  private static void addReferences(
      Schema.Parser parser, List<SchemaReference> references, Function<SchemaReference, Referenced> resolve,
      Set<String> seen) {
    for (SchemaReference ref : references) {
      if (!seen.add(ref.name())) {
        continue;
      }
      Referenced target = resolve.apply(ref);
      addReferences(parser, target.references(), resolve, seen);
      if (!parser.getTypes().containsKey(ref.name())) {
        parser.parse(target.text());
      }
    }
  }

  /** The text and references of a referenced schema. */
  record Referenced(String text, List<SchemaReference> references) {}
}
