package dev.kavro.cache;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class RecordCounterTest {
  @Test
  void countsEveryIncrementOfTheOwnerAndOfConcurrentThreads() throws InterruptedException {
    RecordCounter counter = new RecordCounter();
    counter.increment(); // this thread claims the plain cell
    CountDownLatch start = new CountDownLatch(1);
    List<Thread> threads = new ArrayList<>();
    for (int t = 0; t < 4; t++) {
      threads.add(new Thread(() -> {
        awaitQuietly(start);
        for (int i = 0; i < 100_000; i++) {
          counter.increment();
        }
      }));
    }
    threads.forEach(Thread::start);
    start.countDown();
    for (int i = 1; i < 100_000; i++) {
      counter.increment();
    }
    for (Thread thread : threads) {
      thread.join();
    }
    assertEquals(500_000, counter.sum());
  }

  @Test
  void aThreadThatIsNotTheOwnerStillCounts() throws InterruptedException {
    RecordCounter counter = new RecordCounter();
    Thread owner = new Thread(counter::increment);
    owner.start();
    owner.join();
    counter.increment();
    counter.increment();
    assertEquals(3, counter.sum());
  }

  private static void awaitQuietly(CountDownLatch latch) {
    try {
      latch.await();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
