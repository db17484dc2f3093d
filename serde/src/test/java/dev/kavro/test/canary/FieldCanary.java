package dev.kavro.test.canary;

/** A class a hostile writer schema names; its static initializer records that it ran. */
public final class FieldCanary extends CanaryText {
  static {
    CanaryLog.INITIALIZED.add("FieldCanary");
  }

  public FieldCanary(String value) {
    super(value);
  }
}
