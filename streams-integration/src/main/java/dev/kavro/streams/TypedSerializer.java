package dev.kavro.streams;

import dev.kavro.serde.KavroSerializer;
import java.util.Map;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;

/**
 * A {@link KavroSerializer} seen as a {@code Serializer<T>}. Forwards every call, the header-less one included:
 * state stores call that one, and the schema id must then travel in the payload prefix, which is where
 * {@link KavroSerializer} always puts it.
 */
final class TypedSerializer<T> implements Serializer<T> {
  private final KavroSerializer delegate;

  TypedSerializer(KavroSerializer delegate) {
    this.delegate = delegate;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    delegate.configure(configs, isKey);
  }

  @Override
  public byte[] serialize(String topic, T data) {
    return delegate.serialize(topic, data);
  }

  @Override
  public byte[] serialize(String topic, Headers headers, T data) {
    return delegate.serialize(topic, headers, data);
  }

  @Override
  public void close() {
    delegate.close();
  }
}
