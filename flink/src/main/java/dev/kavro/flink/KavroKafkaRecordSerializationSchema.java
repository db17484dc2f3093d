package dev.kavro.flink;

import java.util.Objects;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.connector.kafka.sink.KafkaRecordSerializationSchema;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.internals.RecordHeaders;

/**
 * A {@code KafkaSink} record serializer around a {@link KavroSerializationSchema} that writes whole records to one
 * topic: the value, and with {@code value.schema.id.serializer=header} the schema's GUID in the
 * {@code __value_schema_id} header (Confluent 8's header ids) and a plain Avro value. The subject is named from the
 * topic where the value schema was given none. Records have no key.
 *
 * <p>Immutable and serializable. After {@link #open}, used by one task.
 *
 * @param <T> the values consumed
 */
public final class KavroKafkaRecordSerializationSchema<T> implements KafkaRecordSerializationSchema<T> {
  private static final long serialVersionUID = 1L;

  private final String topic;
  private final KavroSerializationSchema<T> value;

  private KavroKafkaRecordSerializationSchema(String topic, KavroSerializationSchema<T> value) {
    this.topic = topic;
    this.value = value;
  }

  /**
   * Writes each element as the value of a record of {@code topic}.
   *
   * @throws NullPointerException if an argument is null
   */
  public static <T> KavroKafkaRecordSerializationSchema<T> forValue(String topic, KavroSerializationSchema<T> value) {
    return new KavroKafkaRecordSerializationSchema<>(Objects.requireNonNull(topic, "topic"),
        Objects.requireNonNull(value, "value"));
  }

  /**
   * Opens the value schema.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the registry configs are invalid
   */
  @Override
  public void open(SerializationSchema.InitializationContext context, KafkaSinkContext sinkContext) {
    value.open(context);
  }

  /**
   * The record of {@code element}: no key, the value, and the schema id header where ids go in headers.
   *
   * @throws org.apache.flink.util.FlinkRuntimeException as {@link KavroSerializationSchema#serialize(Object)}
   */
  @Override
  public ProducerRecord<byte[], byte[]> serialize(T element, KafkaSinkContext context, Long timestamp) {
    RecordHeaders headers = new RecordHeaders();
    byte[] bytes = value.serialize(topic, headers, element);
    return new ProducerRecord<>(topic, null, timestamp, null, bytes, headers);
  }
}
