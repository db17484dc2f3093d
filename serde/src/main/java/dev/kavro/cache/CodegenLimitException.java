package dev.kavro.cache;

/**
 * A schema beyond the code generator's limits: not a compile failure but a decision not to compile. Every mode,
 * {@code COMPILED} included, then serves the fallback, which gives the same results; the slot logs it once at WARN.
 */
final class CodegenLimitException extends IllegalStateException {
  CodegenLimitException(String message) {
    super(message);
  }
}
