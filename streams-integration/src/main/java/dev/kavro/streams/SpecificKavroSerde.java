package dev.kavro.streams;

import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.KavroSerializer;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.serialization.Serde;

/**
 * A Kafka Streams {@link Serde} for generated Avro classes on {@link KavroSerializer} and {@link KavroDeserializer};
 * a drop-in for Confluent's {@code SpecificAvroSerde}.
 *
 * <p>{@link #configure} passes a copy of the configs with {@code specific.avro.reader=true} forced (the caller's map
 * is not changed). When the serde was given a class, the copy also sets {@code specific.avro.key.type} or
 * {@code specific.avro.value.type} to it, so records are read into that class's schema (schema evolution from any
 * compatible writer) whatever the shared config map says for other serdes. Without a class the generated class named
 * by each writer schema is used, as Confluent does. {@code kavro.reader.schema} still takes precedence when set.
 *
 * <p>{@code configure} must be called before use. Streams calls it for {@code default.key.serde} /
 * {@code default.value.serde}, created with the no-arg constructor; a serde handed to {@code Consumed},
 * {@code Produced}, {@code Grouped} or {@code Materialized} must be configured by the caller
 * ({@link KavroSerdes#specific(Class, Map, boolean)} returns a configured one). Use one instance per side.
 *
 * <p>The schema id is always written in the payload prefix, never in headers, so values survive state stores.
 * Generated classes must be in a package that Avro trusts (system property
 * {@code org.apache.avro.SERIALIZABLE_PACKAGES}).
 *
 * <p>Thread-safety: once configured, one instance may be shared by any number of threads. {@code configure} and
 * {@code close} must not race with serialization.
 *
 * <p>The serializer throws {@link org.apache.kafka.common.errors.SerializationException} when the value does not
 * match its schema or the registry rejects it; the deserializer throws it when the bytes are not Confluent-framed
 * Avro, the schema id is unknown, no generated class can read the writer schema, or the datum is not a {@code T}.
 * Messages name the topic, the side and the schema id.
 *
 * @param <T> the generated record class
 */
public class SpecificKavroSerde<T extends SpecificRecord> extends KavroWrapperSerde<T> {

  /** For {@code default.key.serde} / {@code default.value.serde}: reads the class named by each writer schema. */
  public SpecificKavroSerde() {
    this(null, new KavroSerializer(), new KavroDeserializer());
  }

  /**
   * Reads every record into {@code type}.
   *
   * @throws NullPointerException if {@code type} is null
   */
  public SpecificKavroSerde(Class<T> type) {
    this(Objects.requireNonNull(type, "type"), new KavroSerializer(), new KavroDeserializer());
  }

  /**
   * A serde on a given registry client (tests, shared clients); {@code schema.registry.url} is then optional.
   * {@link #close()} does not close the registry.
   *
   * @throws NullPointerException if {@code registry} is null
   */
  public SpecificKavroSerde(SchemaRegistry registry) {
    this(null, new KavroSerializer(registry), new KavroDeserializer(registry));
  }

  /**
   * Reads every record into {@code type}, on a given registry client.
   *
   * @throws NullPointerException if {@code type} or {@code registry} is null
   */
  public SpecificKavroSerde(Class<T> type, SchemaRegistry registry) {
    this(Objects.requireNonNull(type, "type"), new KavroSerializer(registry), new KavroDeserializer(registry));
  }

  private SpecificKavroSerde(Class<T> type, KavroSerializer serializer, KavroDeserializer deserializer) {
    super(new TypedSerializer<>(serializer), new TypedDeserializer<>(deserializer,
        type != null ? type : SpecificRecord.class, (configs, isKey) -> specificConfigs(configs, isKey, type)));
  }

  private static Map<String, ?> specificConfigs(Map<String, ?> configs, boolean isKey, Class<?> type) {
    Map<String, Object> copy = new HashMap<>(configs);
    copy.put(KavroSerdeConfig.SPECIFIC_AVRO_READER_CONFIG, true);
    if (type != null) {
      copy.put(isKey ? KavroSerdeConfig.SPECIFIC_AVRO_KEY_TYPE_CONFIG
          : KavroSerdeConfig.SPECIFIC_AVRO_VALUE_TYPE_CONFIG, type);
    }
    return copy;
  }
}
