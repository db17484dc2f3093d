package dev.kavro.test.canary;

/** A class a hostile writer schema names; its static initializer records that it ran. */
public final class StringCanary implements CharSequence {
  static {
    CanaryLog.INITIALIZED.add("StringCanary");
  }

  private final String value;

  public StringCanary(String value) {
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
