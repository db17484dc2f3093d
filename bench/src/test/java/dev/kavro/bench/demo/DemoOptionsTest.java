package dev.kavro.bench.demo;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class DemoOptionsTest {
  @Test
  void defaultsToAMillionOrganizationsOnTheMockRegistry() {
    Demo.Options o = Demo.Options.parse(new String[0]);
    assertEquals(1_000_000, o.records);
    assertEquals("organization", o.schema);
    assertEquals("mock", o.registry);
  }

  @Test
  void recordsFlagChangesTheCount() {
    assertEquals(20_000, Demo.Options.parse(new String[] {"--records", "20_000"}).records);
  }

  @Test
  void rejectsBadOptions() {
    assertThrows(IllegalArgumentException.class, () -> Demo.Options.parse(new String[] {"--records", "0"}));
    assertThrows(IllegalArgumentException.class, () -> Demo.Options.parse(new String[] {"--registry", "confluent"}));
    assertThrows(IllegalArgumentException.class, () -> Demo.Options.parse(new String[] {"--schema", "nope"}));
    assertThrows(IllegalArgumentException.class, () -> Demo.Options.parse(new String[] {"--records"}));
  }

  @Test
  void helpReturnsNoOptions() {
    assertNull(Demo.Options.parse(new String[] {"--help"}));
  }
}
