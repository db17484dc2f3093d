package dev.kavro.streams;

import java.util.Map;
import org.apache.kafka.common.serialization.Deserializer;
import org.apache.kafka.common.serialization.Serde;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Kafka's {@code Serdes.WrapperSerde} pattern for the Kavro halves: {@link #configure} reaches both halves with the
 * same {@code isKey}, {@link #close} closes both. Each half keeps its own registry client (or shares the injected
 * one), and both halves are thread-safe once configured.
 */
abstract class KavroWrapperSerde<T> implements Serde<T> {
  private final TypedSerializer<T> serializer;
  private final TypedDeserializer<T> deserializer;

  KavroWrapperSerde(TypedSerializer<T> serializer, TypedDeserializer<T> deserializer) {
    this.serializer = serializer;
    this.deserializer = deserializer;
  }

  /**
   * Configures both halves; a later call replaces the earlier configuration.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    serializer.configure(configs, isKey);
    deserializer.configure(configs, isKey);
  }

  /** Closes both halves, and with them any registry client they created. Idempotent. */
  @Override
  public void close() {
    try {
      serializer.close();
    } finally {
      deserializer.close();
    }
  }

  @Override
  public Serializer<T> serializer() {
    return serializer;
  }

  @Override
  public Deserializer<T> deserializer() {
    return deserializer;
  }
}
