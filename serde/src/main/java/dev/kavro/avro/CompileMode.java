package dev.kavro.avro;

/**
 * How a Kavro reader or writer chooses between compiled code and the fallback that interprets the same plan.
 * Both produce equal results of the same Java types; the mode only decides when compiled code is used. It governs
 * readers and writers alike, hence the name; the serde config key keeps its first name, {@code kavro.reader.mode}.
 * Immutable, like every enum.
 */
public enum CompileMode {
  /**
   * Serve the fallback at once; once a pair has been read {@code kavro.compile.threshold} times (100 by default),
   * compile it in the background and swap to compiled code when it is ready.
   */
  ASYNC,
  /**
   * Compile on first use and wait for it; a compile failure is thrown, not hidden. A schema beyond the code
   * generator's limits (total fields, nesting depth) is not compiled: the fallback serves it, with one WARN.
   */
  COMPILED,
  /** Never compile. */
  FALLBACK
}
