package dev.kavro.codegen;

/** Compiles generated source into a class. A seam so that tests can inject failures. */
@FunctionalInterface
public interface ClassCompiler {
  /**
   * Compiles {@code source} and returns the loaded class.
   *
   * @throws Exception any compile or linkage failure; callers keep the fallback
   */
  Class<?> compile(GeneratedSource source) throws Exception;
}
