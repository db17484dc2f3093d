package dev.kavro.connect.runtime;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * Writes one Connect value of a fixed (Connect schema, Avro schema) position as Avro binary. Compiled Connect writers
 * call the node tree's writers through this for the shapes they leave to the generic path. Implementations are
 * immutable and thread-safe.
 */
public interface ConnectValueWriter {
  /**
   * @throws org.apache.kafka.connect.errors.DataException if the value does not fit its schema
   * @throws IOException if the encoder fails
   */
  void write(Object value, Encoder out) throws IOException;
}
