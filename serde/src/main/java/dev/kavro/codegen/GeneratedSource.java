package dev.kavro.codegen;

/**
 * A generated class: its name, its source, and the constants its constructor takes.
 *
 * @param className the fully qualified name; synthetic, from a counter
 * @param source Java source within Janino's subset
 * @param constants the constructor argument
 */
public record GeneratedSource(String className, String source, Object[] constants) {
  /** The source with line numbers, for logs. */
  public String numberedSource() {
    return SourceWriter.numbered(source);
  }
}
