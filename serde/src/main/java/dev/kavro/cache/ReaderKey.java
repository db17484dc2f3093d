package dev.kavro.cache;

import java.nio.charset.StandardCharsets;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;

/**
 * Identifies one compiled reader: the writer and reader schemas and the data model.
 *
 * <p>Schemas are compared by their full JSON (names, defaults, aliases and props all change a plan), with 64-bit
 * fingerprints first so that unequal keys rarely compare strings. The model is compared by identity: models carry
 * conversions and class loaders that have no useful equality. Computed once per reader, never per record.
 */
final class ReaderKey {
  private final String writerJson;
  private final String readerJson;
  private final long writerFingerprint;
  private final long readerFingerprint;
  private final GenericData model;
  private final int hash;
  /** The reader's root type, for logs only. */
  private final String root;

  ReaderKey(Schema writer, Schema reader, GenericData model) {
    this.writerJson = writer.toString();
    this.readerJson = writer == reader ? writerJson : reader.toString();
    this.writerFingerprint = fingerprint(writerJson);
    this.readerFingerprint = writer == reader ? writerFingerprint : fingerprint(readerJson);
    this.model = model;
    this.root = rootName(reader);
    this.hash = Long.hashCode(writerFingerprint * 31 + readerFingerprint) * 31 + System.identityHashCode(model);
  }

  /** {@code record com.example.Order}, {@code array}: the type and, for a named type, its full name. */
  static String rootName(Schema schema) {
    return switch (schema.getType()) {
      case RECORD, ENUM, FIXED -> schema.getType().getName() + " " + schema.getFullName();
      default -> schema.getType().getName();
    };
  }

  private static long fingerprint(String json) {
    return SchemaNormalization.fingerprint64(json.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof ReaderKey k && k.hash == hash && k.writerFingerprint == writerFingerprint
        && k.readerFingerprint == readerFingerprint && k.model == model && k.writerJson.equals(writerJson)
        && k.readerJson.equals(readerJson);
  }

  @Override
  public int hashCode() {
    return hash;
  }

  @Override
  public String toString() {
    return String.format("%s (writer %016x, reader %016x)", root, writerFingerprint, readerFingerprint);
  }
}
