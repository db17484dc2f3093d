package dev.kavro.cache;

/** Test access to what the cache keeps private. */
public final class CacheInspector {
  private CacheInspector() {}

  /** Runs full GCs under some allocation pressure until {@code ref} is cleared, or gives up after 50. */
  public static void collect(java.lang.ref.WeakReference<?> ref) {
    for (int i = 0; i < 50 && ref.get() != null; i++) {
      System.gc();
      byte[][] pressure = new byte[64][];
      for (int j = 0; j < pressure.length; j++) {
        pressure[j] = new byte[1 << 16];
      }
    }
  }

  /** The class loader of the entry's compiled class, or {@code null}. */
  public static ClassLoader compiledClassLoader(ReaderEntry entry) {
    return entry.compiledClassLoader();
  }
}
