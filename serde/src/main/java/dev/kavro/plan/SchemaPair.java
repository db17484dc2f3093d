package dev.kavro.plan;

import org.apache.avro.Schema;

/**
 * A (writer, reader) pair compared by identity. {@code Schema.equals} is structural and recursive; identity is what
 * "already visited" means in a walk over two schema graphs, and it is cheap.
 */
record SchemaPair(Schema writer, Schema reader) {
  @Override
  public boolean equals(Object o) {
    return o instanceof SchemaPair p && p.writer == writer && p.reader == reader;
  }

  @Override
  public int hashCode() {
    return 31 * System.identityHashCode(writer) + System.identityHashCode(reader);
  }
}
