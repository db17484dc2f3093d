package dev.kavro.codegen;

import java.util.regex.Pattern;

/**
 * Reads generated source as text: its code without comments, and whether the code names an identifier. Generated code
 * has no string or character literals, so "//" always starts a comment and an identifier is a whole word not
 * preceded by a dot.
 */
final class SourceText {
  private static final Pattern COMMENT = Pattern.compile("//[^\n]*");

  private SourceText() {}

  /** {@code source} with its line comments removed. */
  static String code(String source) {
    return COMMENT.matcher(source).replaceAll("");
  }

  /** Whether {@code code} (without comments) uses {@code identifier}, other than as a member after a dot. */
  static boolean names(String code, String identifier) {
    return Pattern.compile("(?<![\\w.$])" + Pattern.quote(identifier) + "(?![\\w$])").matcher(code).find();
  }
}
