package dev.kavro.flink.runtime;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import dev.kavro.flink.TaskContext;
import dev.kavro.registry.SchemaRegistry;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SharedRegistriesTest {
  /** A REST client is made without a connection; port 9 is never asked. */
  private static final Map<String, String> A = Map.of("schema.registry.url", "http://127.0.0.1:9");
  private static final Map<String, String> B = Map.of("schema.registry.url", "http://127.0.0.1:9",
      "basic.auth.credentials.source", "USER_INFO", "basic.auth.user.info", "u:p");

  @Test
  void oneClientPerJobAndConfigurationUntilTheJobIsReleased() {
    TaskContext.Job first = new TaskContext.Job();
    TaskContext.Job second = new TaskContext.Job();
    int before = SharedRegistries.clients();

    SchemaRegistry a = SharedRegistries.acquire(first, A);
    assertSame(a, SharedRegistries.acquire(first, Map.copyOf(A)));
    SchemaRegistry b = SharedRegistries.acquire(first, B);
    SchemaRegistry otherJob = SharedRegistries.acquire(second, A);
    assertNotSame(a, b);
    assertNotSame(a, otherJob);
    assertEquals(before + 3, SharedRegistries.clients());
    assertEquals(3, SharedRegistries.acquisitions(first.asClassLoader()));
    assertEquals(2, first.hooks());

    first.release();
    assertEquals(before + 1, SharedRegistries.clients());
    assertEquals(0, SharedRegistries.acquisitions(first.asClassLoader()));
    assertSame(otherJob, SharedRegistries.acquire(second, A));

    second.release();
    assertEquals(before, SharedRegistries.clients());
    // A job whose classes were released and loaded again (a restart on this task manager) gets a new client.
    assertNotSame(otherJob, SharedRegistries.acquire(second, A));
    second.release();
  }
}
