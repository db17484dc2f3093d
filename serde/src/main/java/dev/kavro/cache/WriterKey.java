package dev.kavro.cache;

import java.nio.charset.StandardCharsets;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;

/**
 * Identifies one compiled writer: the schema and the data model.
 *
 * <p>The schema is compared by its full JSON (logical types and props change what is written), with a 64-bit
 * fingerprint first so that unequal keys rarely compare strings. The model is compared by identity, as in
 * {@link ReaderKey}. Computed once per writer, never per record.
 */
final class WriterKey {
  private final String json;
  private final long fingerprint;
  private final GenericData model;
  private final int hash;
  /** The root type, for logs only. */
  private final String root;

  WriterKey(Schema schema, GenericData model) {
    this.json = schema.toString();
    this.fingerprint = SchemaNormalization.fingerprint64(json.getBytes(StandardCharsets.UTF_8));
    this.model = model;
    this.root = ReaderKey.rootName(schema);
    this.hash = Long.hashCode(fingerprint) * 31 + System.identityHashCode(model);
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof WriterKey k && k.hash == hash && k.fingerprint == fingerprint && k.model == model
        && k.json.equals(json);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return String.format("%s (schema %016x)", root, fingerprint);
  }
}
