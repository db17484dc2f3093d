package dev.kavro.registry;

import java.util.List;
import java.util.Objects;
import java.util.UUID;
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
 * @param guid the schema's GUID (Confluent 8), or {@code null} where the registry did not return one
 * @param contract its {@code metadata} and {@code ruleSet} (data contract); {@link SchemaContract#NONE} when none
 */
public record RegisteredSchema(String subject, int id, int version, String text, List<SchemaReference> references,
    Schema schema, UUID guid, SchemaContract contract) {
  public RegisteredSchema {
    Objects.requireNonNull(schema, "schema");
    references = List.copyOf(references);
    contract = contract == null ? SchemaContract.NONE : contract;
  }

  /** A registered schema without GUID, metadata or rules. */
  public RegisteredSchema(
      String subject, int id, int version, String text, List<SchemaReference> references, Schema schema) {
    this(subject, id, version, text, references, schema, (UUID) null, SchemaContract.NONE);
  }

  /** A schema without metadata or rules. */
  public RegisteredSchema(String subject, int id, int version, String text, List<SchemaReference> references,
      Schema schema, UUID guid) {
    this(subject, id, version, text, references, schema, guid, SchemaContract.NONE);
  }

  /** A schema whose GUID is not known. */
  public RegisteredSchema(String subject, int id, int version, String text, List<SchemaReference> references,
      Schema schema, SchemaContract contract) {
    this(subject, id, version, text, references, schema, (UUID) null, contract);
  }
}
