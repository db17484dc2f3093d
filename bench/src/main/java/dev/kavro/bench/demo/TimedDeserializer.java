package dev.kavro.bench.demo;

import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Adds up the time spent inside a deserializer, so that the demo can show deserialization alone next to the whole
 * poll loop. Two {@code nanoTime} calls per record cost the same for both deserializers. Not thread-safe.
 */
final class TimedDeserializer implements Deserializer<Object> {
  private final Deserializer<Object> inner;
  private long nanos;

  TimedDeserializer(Deserializer<Object> inner) {
    this.inner = inner;
  }

  @Override
  public Object deserialize(String topic, byte[] data) {
    long start = System.nanoTime();
    Object value = inner.deserialize(topic, data);
    nanos += System.nanoTime() - start;
    return value;
  }

  @Override
  public Object deserialize(String topic, Headers headers, byte[] data) {
    long start = System.nanoTime();
    Object value = inner.deserialize(topic, headers, data);
    nanos += System.nanoTime() - start;
    return value;
  }

  long nanos() {
    return nanos;
  }

  /** Leaves the inner deserializer open: the demo reuses it across consumers and closes it itself. */
  @Override
  public void close() {
  }
}
