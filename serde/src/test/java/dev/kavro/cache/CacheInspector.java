package dev.kavro.cache;

/** Test access to what the cache keeps private. */
public final class CacheInspector {
  private CacheInspector() {}

  /** The class loader of the entry's compiled class, or {@code null}. */
  public static ClassLoader compiledClassLoader(ReaderEntry entry) {
    return entry.compiledClassLoader();
  }
}
