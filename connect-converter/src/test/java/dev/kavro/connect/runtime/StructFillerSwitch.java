package dev.kavro.connect.runtime;

/** Lets tests in other packages force {@link StructFiller}'s Struct.put fallback. */
public final class StructFillerSwitch {
  private StructFillerSwitch() {}

  /** Runs {@code body} with every struct filled through {@code Struct.put}, then restores positional filling. */
  public static void withStructPut(Runnable body) {
    boolean before = StructFiller.forcePut;
    StructFiller.forcePut = true;
    try {
      body.run();
    } finally {
      StructFiller.forcePut = before;
    }
  }
}
