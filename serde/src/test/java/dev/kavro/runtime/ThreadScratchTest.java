package dev.kavro.runtime;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class ThreadScratchTest {
  @Test
  void everyThreadKeepsItsOwnObject() throws InterruptedException {
    ThreadScratch<Object> scratch = new ThreadScratch<>(Object::new);
    Object mine = scratch.get();
    assertSame(mine, scratch.get());
    AtomicReference<Object> first = new AtomicReference<>();
    AtomicReference<Object> second = new AtomicReference<>();
    Thread other = new Thread(() -> {
      first.set(scratch.get());
      second.set(scratch.get());
    });
    other.start();
    other.join();
    assertNotSame(mine, first.get());
    assertSame(first.get(), second.get());
    assertSame(mine, scratch.get());
  }
}
