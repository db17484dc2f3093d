package dev.kavro.streams;

import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.common.serialization.Serde;

/**
 * A Kafka Streams {@link Serde} for Avro {@link GenericRecord}s on {@link KavroSerializer} and
 * {@link KavroDeserializer}: the Confluent wire format, Confluent's config keys, and a drop-in for Confluent's
 * {@code GenericAvroSerde}.
 *
 * <p>{@link #configure(java.util.Map, boolean)} must be called before use. Streams calls it for
 * {@code default.key.serde} / {@code default.value.serde}, which it creates with the no-arg constructor; a serde
 * handed to {@code Consumed}, {@code Produced}, {@code Grouped} or {@code Materialized} must be configured by the
 * caller ({@link KavroSerdes#generic(java.util.Map, boolean)} returns a configured one). Use one instance per side:
 * the key and the value of a topic need two serdes, configured with {@code isKey} true and false.
 *
 * <p>The schema id is always written in the payload prefix, never in headers, so values survive state stores (which
 * pass no headers). With {@code TopicNameStrategy}, internal topics get subjects of their own, such as
 * {@code <application.id>-<store>-changelog-value}.
 *
 * <p>Thread-safety: once configured, one instance may be shared by any number of threads. {@code configure} and
 * {@code close} must not race with serialization.
 *
 * <p>The serializer throws {@link org.apache.kafka.common.errors.SerializationException} when the value does not
 * match its schema or the registry rejects it; the deserializer throws it when the bytes are not Confluent-framed
 * Avro, the schema id is unknown, or the writer schema is not a record. Messages name the topic, the side and the
 * schema id. Registry outages surface as the typed Kafka exceptions documented on {@link KavroSerializer}.
 */
public class GenericKavroSerde extends KavroWrapperSerde<GenericRecord> {

  /** For {@code default.key.serde} / {@code default.value.serde}: the registry comes from the configuration. */
  public GenericKavroSerde() {
    this(new KavroSerializer(), new KavroDeserializer());
  }

  /**
   * A serde on a given registry client (tests, shared clients); {@code schema.registry.url} is then optional.
   * {@link #close()} does not close the registry.
   *
   * @throws NullPointerException if {@code registry} is null
   */
  public GenericKavroSerde(SchemaRegistry registry) {
    this(new KavroSerializer(registry), new KavroDeserializer(registry));
  }

  private GenericKavroSerde(KavroSerializer serializer, KavroDeserializer deserializer) {
    super(new TypedSerializer<>(serializer),
        new TypedDeserializer<>(deserializer, GenericRecord.class, (configs, isKey) -> configs));
  }
}
