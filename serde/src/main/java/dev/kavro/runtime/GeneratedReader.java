package dev.kavro.runtime;

import java.io.IOException;
import org.apache.avro.io.Decoder;

/**
 * The base class of every compiled reader. Instances hold only immutable constants passed in at construction, so one
 * instance serves all threads.
 */
public abstract class GeneratedReader {
  /** Reads one datum, reusing {@code reuse} where the data model allows. */
  public abstract Object read(Object reuse, Decoder in) throws IOException;
}
