package dev.kavro.codegen;

/** A class whose loading is visible: hostile writer schemas name it, and Kavro must never load it. */
public final class Boom {
  static {
    System.setProperty("kavro.test.boom", "loaded");
  }

  public Boom(String ignored) {}
}
