package dev.kavro.serde;

import java.util.function.IntFunction;

/**
 * A copy-on-write open-addressing map from {@code int} to an object, for the deserializer's schema-id lookup on
 * every record.
 *
 * <p>Why not a {@code HashMap<Integer, V>} or a Caffeine cache: both box the int key on every lookup (ids above 127
 * allocate an {@code Integer}) and go through {@code hashCode}/{@code equals} calls. Here a read is a volatile load
 * and a probe over two arrays, with no lock and no allocation. Writes copy the arrays, which is fine because a
 * deserializer sees few distinct schema ids and each is inserted once.
 *
 * <p>Bounded: when {@code maxEntries} is reached the table starts over empty (entries are cheap to rebuild from the
 * registry client's cache), so a stream of bogus ids cannot grow it without limit.
 *
 * <p>Thread-safe: reads are lock-free, writes are serialized.
 */
final class IntObjectTable<V> {
  private static final int INITIAL_CAPACITY = 16;

  private final int maxEntries;
  private volatile Snapshot snapshot = new Snapshot(new int[INITIAL_CAPACITY], new Object[INITIAL_CAPACITY], 0);

  IntObjectTable(int maxEntries) {
    this.maxEntries = maxEntries;
  }

  /** The value for {@code key}, or {@code null}. */
  @SuppressWarnings("unchecked")
  V get(int key) {
    Snapshot s = snapshot;
    int mask = s.keys.length - 1;
    for (int i = slot(key, mask); ; i = (i + 1) & mask) {
      Object value = s.values[i];
      if (value == null) {
        return null;
      }
      if (s.keys[i] == key) {
        return (V) value;
      }
    }
  }

  /**
   * The value for {@code key}, computing it outside any lock if absent. When two threads race, the first value
   * stored wins and both return it.
   */
  V computeIfAbsent(int key, IntFunction<V> compute) {
    V value = get(key);
    if (value != null) {
      return value;
    }
    V computed = compute.apply(key);
    synchronized (this) {
      V raced = get(key);
      if (raced != null) {
        return raced;
      }
      put(key, computed);
      return computed;
    }
  }

  /** Stores {@code value} (non-null) under {@code key}, replacing any value. */
  synchronized void put(int key, V value) {
    if (value == null) {
      throw new NullPointerException("value");
    }
    Snapshot old = snapshot.size >= maxEntries ? new Snapshot(new int[1], new Object[1], 0) : snapshot;
    int size = old.size + 1;
    int capacity = INITIAL_CAPACITY;
    while (capacity < size * 2) {
      capacity <<= 1;
    }
    int[] keys = new int[capacity];
    Object[] values = new Object[capacity];
    int stored = 0;
    for (int i = 0; i < old.keys.length; i++) {
      if (old.values[i] != null && old.keys[i] != key) {
        insert(keys, values, old.keys[i], old.values[i]);
        stored++;
      }
    }
    insert(keys, values, key, value);
    snapshot = new Snapshot(keys, values, stored + 1);
  }

  synchronized void clear() {
    snapshot = new Snapshot(new int[INITIAL_CAPACITY], new Object[INITIAL_CAPACITY], 0);
  }

  int size() {
    return snapshot.size;
  }

  private static void insert(int[] keys, Object[] values, int key, Object value) {
    int mask = keys.length - 1;
    int i = slot(key, mask);
    while (values[i] != null) {
      i = (i + 1) & mask;
    }
    keys[i] = key;
    values[i] = value;
  }

  private static int slot(int key, int mask) {
    int h = key * 0x9E3779B9;
    return (h ^ (h >>> 16)) & mask;
  }

  private record Snapshot(int[] keys, Object[] values, int size) {}
}
