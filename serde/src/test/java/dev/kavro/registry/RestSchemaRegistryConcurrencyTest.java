package dev.kavro.registry;

import static dev.kavro.registry.RegistryFixtures.ORDER;
import static dev.kavro.registry.RegistryFixtures.USER;
import static dev.kavro.registry.RegistryFixtures.schemaString;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kavro.registry.StubRegistry.Response;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

@Timeout(30)
class RestSchemaRegistryConcurrencyTest {

  @Test
  void concurrentMissesForOneIdShareOneCallWhileAnotherIdIsNotBlocked() throws Exception {
    CountDownLatch release = new CountDownLatch(1);
    int waiters = 4;
    ExecutorService pool = Executors.newFixedThreadPool(waiters + 1);
    List<Thread> threads = new ArrayList<>();
    try (StubRegistry stub = StubRegistry.start();
        RestSchemaRegistry registry = new RegistryFixtures.Clients().create(stub.url())) {
      stub.on("GET /schemas/ids/1", Response.ok(schemaString(USER)).heldBy(release));
      stub.on("GET /schemas/ids/2", Response.ok(schemaString(ORDER)));

      List<Future<Schema>> results = new ArrayList<>();
      results.add(pool.submit(() -> registry.schemaById(1)));
      assertTrue(stub.arrivalOf("GET /schemas/ids/1").await(10, TimeUnit.SECONDS), "the first miss reached the stub");
      for (int i = 0; i < waiters; i++) {
        results.add(pool.submit(() -> {
          synchronized (threads) {
            threads.add(Thread.currentThread());
          }
          return registry.schemaById(1);
        }));
      }
      awaitAllParked(threads, waiters);

      // The slow call for id 1 is still held, yet id 2 loads.
      assertEquals(new Schema.Parser().parse(ORDER), registry.schemaById(2));

      release.countDown();
      for (Future<Schema> result : results) {
        assertEquals(new Schema.Parser().parse(USER), result.get(10, TimeUnit.SECONDS));
      }
      assertEquals(1, stub.count("GET /schemas/ids/1"));
    } finally {
      release.countDown();
      pool.shutdownNow();
    }
  }

  /** Waits until every waiter has asked for id 1 and is parked on the shared load (or on its own HTTP call). */
  private static void awaitAllParked(List<Thread> threads, int expected) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (System.nanoTime() < deadline) {
      synchronized (threads) {
        if (threads.size() == expected && threads.stream().allMatch(t -> t.getState() == Thread.State.WAITING)) {
          return;
        }
      }
      Thread.sleep(5);
    }
    fail("waiters did not park on the load in flight");
  }
}
