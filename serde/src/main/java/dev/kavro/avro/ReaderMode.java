package dev.kavro.avro;

/**
 * How a Kavro reader or writer chooses between compiled code and the fallback that interprets the same plan.
 * Both produce equal results of the same Java types; the mode only decides when compiled code is used.
 */
public enum ReaderMode {
  /** Serve the fallback at once and compile in the background; swap to compiled code when it is ready. */
  ASYNC,
  /**
   * Compile on first use and wait for it; a compile failure is thrown, not hidden. A schema beyond the code
   * generator's limits (total fields, nesting depth) is not compiled: the fallback serves it, with one WARN.
   */
  COMPILED,
  /** Never compile. */
  FALLBACK
}
