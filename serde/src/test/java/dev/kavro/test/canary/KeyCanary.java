package dev.kavro.test.canary;

/** A class a hostile writer schema names; its static initializer records that it ran. */
public final class KeyCanary extends CanaryText {
  static {
    CanaryLog.INITIALIZED.add("KeyCanary");
  }

  public KeyCanary(String value) {
    super(value);
  }
}
