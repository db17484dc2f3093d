package dev.kavro.bench.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

class DemoOptionsTest {
  @Test
  void defaultsToANumberHeavyAndAStringHeavySchemaOnTheMockRegistry() {
    DemoOptions o = DemoOptions.parse(new String[0]);
    assertEquals(100_000, o.records);
    assertEquals(9, o.rounds);
    assertEquals(List.of("organization", "strings"), o.schemas);
    assertEquals("mock", o.registry);
    assertNull(o.out);
  }

  @Test
  void flagsChangeTheSettings() {
    DemoOptions o = DemoOptions.parse(new String[] {"--records", "20_000", "--rounds", "3", "--schemas",
        "user80, ksql-metrics", "--out", "demo.md"});
    assertEquals(20_000, o.records);
    assertEquals(3, o.rounds);
    assertEquals(List.of("user80", "ksql-metrics"), o.schemas);
    assertEquals(Path.of("demo.md"), o.out);
    assertEquals(List.of("wide"), DemoOptions.parse(new String[] {"--schema", "wide"}).schemas);
  }

  @Test
  void rejectsBadOptions() {
    assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse(new String[] {"--records", "0"}));
    assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse(new String[] {"--rounds", "0"}));
    assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse(new String[] {"--registry", "confluent"}));
    assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse(new String[] {"--schemas", "nope"}));
    assertThrows(IllegalArgumentException.class,
        () -> DemoOptions.parse(new String[] {"--schemas", "specific:user80"}));
    assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse(new String[] {"--schemas", ","}));
    assertThrows(IllegalArgumentException.class, () -> DemoOptions.parse(new String[] {"--records"}));
  }

  @Test
  void helpReturnsNoOptions() {
    assertNull(DemoOptions.parse(new String[] {"--help"}));
  }
}
