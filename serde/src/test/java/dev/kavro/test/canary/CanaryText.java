package dev.kavro.test.canary;

/** The text a string canary holds; the canaries differ only in what their static initializers record. */
public abstract class CanaryText implements CharSequence {
  private final String value;

  protected CanaryText(String value) {
    this.value = value;
  }

  @Override
  public int length() {
    return value.length();
  }

  @Override
  public char charAt(int index) {
    return value.charAt(index);
  }

  @Override
  public CharSequence subSequence(int start, int end) {
    return value.subSequence(start, end);
  }

  @Override
  public String toString() {
    return value;
  }
}
