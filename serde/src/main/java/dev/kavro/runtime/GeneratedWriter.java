package dev.kavro.runtime;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The base class of every compiled writer. Instances hold only immutable constants passed in at construction, so one
 * instance serves all threads.
 */
public abstract class GeneratedWriter {
  /** Writes one datum. */
  public abstract void write(Object datum, Encoder out) throws IOException;
}
