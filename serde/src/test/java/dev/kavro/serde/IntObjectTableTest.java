package dev.kavro.serde;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashMap;
import java.util.Map;
import java.util.Random;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class IntObjectTableTest {
  @Test
  void behavesLikeAMapForAnyIntKeys() {
    IntObjectTable<String> table = new IntObjectTable<>(100_000);
    Map<Integer, String> oracle = new HashMap<>();
    Random random = new Random(42);
    for (int i = 0; i < 3_000; i++) {
      int key = switch (i % 4) {
        case 0 -> random.nextInt();
        case 1 -> random.nextInt(64);
        case 2 -> -random.nextInt(64);
        default -> i << 16; // keys that collide in the low bits
      };
      String value = "v" + i;
      table.put(key, value);
      oracle.put(key, value);
    }
    assertEquals(oracle.size(), table.size());
    oracle.forEach((k, v) -> assertEquals(v, table.get(k), "key " + k));
    for (int i = 0; i < 1_000; i++) {
      int key = random.nextInt();
      assertEquals(oracle.get(key), table.get(key));
    }
  }

  @Test
  void replacesAnExistingKeyWithoutGrowing() {
    IntObjectTable<String> table = new IntObjectTable<>(10);
    table.put(0, "a");
    table.put(0, "b");
    assertEquals("b", table.get(0));
    assertEquals(1, table.size());
  }

  @Test
  void computesOnlyWhenAbsent() {
    IntObjectTable<String> table = new IntObjectTable<>(10);
    AtomicInteger computed = new AtomicInteger();
    assertEquals("x7", table.computeIfAbsent(7, k -> {
      computed.incrementAndGet();
      return "x" + k;
    }));
    String first = table.get(7);
    assertSame(first, table.computeIfAbsent(7, k -> "other" + computed.getAndIncrement()));
    assertEquals(1, computed.get());
  }

  @Test
  void startsOverWhenFull() {
    IntObjectTable<String> table = new IntObjectTable<>(4);
    for (int i = 0; i < 4; i++) {
      table.put(i, "v" + i);
    }
    assertEquals(4, table.size());
    table.put(100, "new");
    assertEquals(1, table.size());
    assertNull(table.get(0));
    assertEquals("new", table.get(100));
  }

  @Test
  void clearEmptiesTheTable() {
    IntObjectTable<String> table = new IntObjectTable<>(4);
    table.put(1, "a");
    table.clear();
    assertNull(table.get(1));
    assertTrue(table.size() == 0);
  }
}
