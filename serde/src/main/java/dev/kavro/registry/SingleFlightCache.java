package dev.kavro.registry;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import com.github.benmanes.caffeine.cache.Ticker;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * A bounded Caffeine cache in which a miss loads once per key: concurrent callers for the same key wait for the
 * first caller's load, while loads of other keys proceed. The load runs on the calling thread, outside any lock
 * (an in-flight future sits in the map, not a computing map entry), so a slow registry call for one key never holds
 * up another key. Failed loads are not kept: the next call tries again.
 *
 * <p>A synchronous cache of futures rather than Caffeine's AsyncCache: the latter logs a warning with a stack trace
 * for every failed load, and a 404 is an ordinary answer here.
 */
final class SingleFlightCache<K, V> {
  private final Cache<K, CompletableFuture<V>> cache;

  /**
   * @param ttl how long an entry lives after its load starts, or {@code null} for no expiry
   */
  SingleFlightCache(long maximumSize, Duration ttl, Ticker ticker) {
    Caffeine<Object, Object> builder = Caffeine.newBuilder().maximumSize(maximumSize).ticker(ticker);
    if (ttl != null) {
      builder.expireAfterWrite(ttl);
    }
    this.cache = builder.build();
  }

  /**
   * The cached value, or the result of {@code loader} run by this thread or by a concurrent caller.
   *
   * @throws RegistryException (or any other runtime exception) that the load threw
   */
  V get(K key, Function<K, V> loader) {
    CompletableFuture<V> existing = cache.getIfPresent(key);
    if (existing == null) {
      CompletableFuture<V> mine = new CompletableFuture<>();
      existing = cache.asMap().putIfAbsent(key, mine);
      if (existing == null) {
        try {
          V value = loader.apply(key);
          mine.complete(value);
          return value;
        } catch (RuntimeException | Error e) {
          cache.asMap().remove(key, mine);
          mine.completeExceptionally(e);
          throw e;
        }
      }
    }
    return await(existing);
  }

  /** The value if it is loaded already; never waits for a load in flight. */
  V peek(K key) {
    CompletableFuture<V> future = cache.getIfPresent(key);
    return future != null && future.isDone() && !future.isCompletedExceptionally() ? future.join() : null;
  }

  /** Adds a value loaded elsewhere, unless the key is present or being loaded. */
  void offer(K key, V value) {
    cache.asMap().putIfAbsent(key, CompletableFuture.completedFuture(value));
  }

  void invalidate(K key) {
    cache.invalidate(key);
  }

  void invalidateAll() {
    cache.invalidateAll();
  }

  private static <V> V await(CompletableFuture<V> future) {
    try {
      return future.get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryException("Interrupted while waiting for a schema registry call",
          RegistryException.NO_RESPONSE, -1, false, e);
    } catch (ExecutionException e) {
      Throwable cause = e.getCause();
      if (cause instanceof RuntimeException runtime) {
        throw runtime;
      }
      if (cause instanceof Error error) {
        throw error;
      }
      throw new RegistryException("Schema registry call failed", RegistryException.NO_RESPONSE, -1, false, cause);
    }
  }
}
