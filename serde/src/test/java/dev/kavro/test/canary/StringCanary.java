package dev.kavro.test.canary;

/** A class a hostile writer schema names; its static initializer records that it ran. */
public final class StringCanary extends CanaryText {
  static {
    CanaryLog.INITIALIZED.add("StringCanary");
  }

  public StringCanary(String value) {
    super(value);
  }
}
