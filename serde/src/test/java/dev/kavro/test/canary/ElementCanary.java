package dev.kavro.test.canary;

/** A class a hostile writer schema names; its static initializer records that it ran. */
public final class ElementCanary extends CanaryText {
  static {
    CanaryLog.INITIALIZED.add("ElementCanary");
  }

  public ElementCanary(String value) {
    super(value);
  }
}
