package dev.kavro.streams;

import dev.kavro.serde.KavroDeserializer;
import dev.kavro.wire.FrameReader;
import dev.kavro.wire.WireFormat;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.function.BiFunction;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * A {@link KavroDeserializer} seen as a {@code Deserializer<T>}: it adjusts the configs the serde's way before they
 * reach the deserializer, and checks that each datum is a {@code T}, so that a writer schema of the wrong kind (a
 * {@code string} where a record is expected) fails here, typed and named, not later in user code with a
 * {@code ClassCastException}.
 */
final class TypedDeserializer<T> implements Deserializer<T> {
  private final KavroDeserializer delegate;
  private final Class<?> expected;
  private final BiFunction<Map<String, ?>, Boolean, Map<String, ?>> configsFor;
  private volatile boolean isKey;

  TypedDeserializer(
      KavroDeserializer delegate, Class<?> expected, BiFunction<Map<String, ?>, Boolean, Map<String, ?>> configsFor) {
    this.delegate = delegate;
    this.expected = expected;
    this.configsFor = configsFor;
  }

  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    delegate.configure(configsFor.apply(configs, isKey), isKey);
    this.isKey = isKey;
  }

  @Override
  public T deserialize(String topic, byte[] data) {
    return checked(topic, null, data, delegate.deserialize(topic, data));
  }

  @Override
  public T deserialize(String topic, Headers headers, byte[] data) {
    return checked(topic, headers, data, delegate.deserialize(topic, headers, data));
  }

  @Override
  public T deserialize(String topic, Headers headers, ByteBuffer data) {
    Object datum = delegate.deserialize(topic, headers, data);
    if (datum == null || expected.isInstance(datum)) {
      return cast(datum);
    }
    byte[] copy = new byte[data.remaining()];
    data.duplicate().get(copy);
    return checked(topic, headers, copy, datum);
  }

  @Override
  public void close() {
    delegate.close();
  }

  private T checked(String topic, Headers headers, byte[] data, Object datum) {
    if (datum == null || expected.isInstance(datum)) {
      return cast(datum);
    }
    throw new SerializationException("Cannot deserialize a " + expected.getName() + " [topic '" + topic + "', "
        + (isKey ? "key" : "value") + ", schema id " + schemaId(headers, data) + "]: the writer schema gives a "
        + datum.getClass().getName() + "; use a serde for that type");
  }

  @SuppressWarnings("unchecked")
  private T cast(Object datum) {
    return (T) datum;
  }

  /** Only for the error message: the id the deserializer used, found the same way (header first, then prefix). */
  private String schemaId(Headers headers, byte[] data) {
    Header header = headers == null ? null : headers.lastHeader(WireFormat.schemaIdHeader(isKey));
    byte[] value = header == null ? null : header.value();
    try {
      return FrameReader.schemaId(FrameReader.read(data, 0, data.length, value), data, value).toString();
    } catch (RuntimeException e) {
      return "unknown";
    }
  }
}
