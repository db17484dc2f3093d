package dev.kavro.test.canary;

/** A class a hostile writer schema names; its static initializer records that it ran. */
public final class LatestCanary extends CanaryText {
  static {
    CanaryLog.INITIALIZED.add("LatestCanary");
  }

  public LatestCanary(String value) {
    super(value);
  }
}
