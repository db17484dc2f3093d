package dev.kavro.codegen;

import java.util.ArrayList;
import java.util.List;

/** Splits a method's statements by estimated bytecode size, so that no generated method outgrows what the JIT compiles. */
final class StatementChunks {
  /** Estimated bytecode per method, well under HotSpot's 8000-byte limit for JIT compilation. */
  public static final int METHOD_BYTES_BUDGET = 2500;

  private StatementChunks() {}

  /**
   * Consecutive runs of {@code statements}, each within the budget (about one byte per two characters of code; a
   * trailing comment costs nothing).
   */
  public static List<List<String>> split(List<String> statements) {
    List<List<String>> chunks = new ArrayList<>();
    List<String> current = new ArrayList<>();
    int bytes = 0;
    for (String statement : statements) {
      int comment = statement.indexOf("//");
      int estimate = (comment < 0 ? statement.length() : comment) / 2 + 4;
      if (!current.isEmpty() && bytes + estimate > METHOD_BYTES_BUDGET) {
        chunks.add(current);
        current = new ArrayList<>();
        bytes = 0;
      }
      current.add(statement);
      bytes += estimate;
    }
    chunks.add(current);
    return chunks;
  }
}
