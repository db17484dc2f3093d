package dev.kavro.registry;

import java.util.List;
import java.util.Objects;
import org.apache.avro.Schema;

/**
 * A schema as registered under a subject: its id, version, the text the server returned, its references, and the
 * parsed schema with the references resolved.
 *
 * <p>Immutable and thread-safe.
 *
 * @param subject the subject, or {@code null} where the server did not say
 * @param id the global schema id
 * @param version the version under the subject, or {@code -1} where unknown
 * @param text the schema text as the server returned it; opaque, never compared as a string
 * @param references the references the text depends on
 * @param schema the parsed schema
 * @param contract its {@code metadata} and {@code ruleSet} (data contract); {@link SchemaContract#NONE} when none
 */
public record RegisteredSchema(String subject, int id, int version, String text, List<SchemaReference> references,
    Schema schema, SchemaContract contract) {
  public RegisteredSchema {
    Objects.requireNonNull(schema, "schema");
    references = List.copyOf(references);
    contract = contract == null ? SchemaContract.NONE : contract;
  }

  /** A registered schema without metadata or rules. */
  public RegisteredSchema(
      String subject, int id, int version, String text, List<SchemaReference> references, Schema schema) {
    this(subject, id, version, text, references, schema, SchemaContract.NONE);
  }
}
