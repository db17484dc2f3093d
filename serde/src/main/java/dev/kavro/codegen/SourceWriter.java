package dev.kavro.codegen;

/** Builds Java source line by line with indentation; prints it with line numbers for logs. Not thread-safe. */
final class SourceWriter {
  private final StringBuilder out = new StringBuilder(4096);
  private int indent;

  public SourceWriter line(String text) {
    out.append("  ".repeat(indent)).append(text).append('\n');
    return this;
  }

  /** Writes {@code statement} as a line, unless it is empty (a value that takes no code). */
  SourceWriter statement(String statement) {
    return statement.isEmpty() ? this : line(statement);
  }

  /** Writes {@code text} and indents what follows; {@code text} normally ends with "{". */
  public SourceWriter open(String text) {
    line(text);
    indent++;
    return this;
  }

  /** Outdents and writes {@code text}, normally "}". */
  public SourceWriter close(String text) {
    indent--;
    return line(text);
  }

  /** Outdents for one line, as in "} finally {", then indents again. */
  public SourceWriter middle(String text) {
    indent--;
    line(text);
    indent++;
    return this;
  }

  public SourceWriter append(SourceWriter other) {
    other.out.toString().lines().forEach(this::line);
    return this;
  }

  /** Forgets what was written; the indentation stays. */
  void clear() {
    out.setLength(0);
  }

  @Override
  public String toString() {
    return out.toString();
  }

  /** {@code source} with 1-based line numbers, as compile errors cite them. */
  public static String numbered(String source) {
    StringBuilder numbered = new StringBuilder(source.length() + source.length() / 8);
    int n = 1;
    for (String line : source.split("\n", -1)) {
      numbered.append(String.format("%5d  %s%n", n++, line));
    }
    return numbered.toString();
  }
}
