package dev.kavro.flink;

import java.io.IOException;
import java.util.Objects;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.connector.kafka.source.reader.deserializer.KafkaRecordDeserializationSchema;
import org.apache.flink.util.Collector;
import org.apache.kafka.clients.consumer.ConsumerRecord;

/**
 * A {@code KafkaSource} record deserializer around a {@link KavroDeserializationSchema} that sees each record whole:
 * the schema id is read from the {@code __value_schema_id} header when the record has one (Confluent 8's header
 * ids; the payload is then plain Avro), else from the payload prefix, and subjects and messages use the record's own
 * topic (a topic pattern's records each get theirs). Null values (tombstones) and skipped records emit nothing.
 *
 * <p>Immutable and serializable. After {@link #open}, used by one task.
 *
 * @param <T> the values produced
 */
public final class KavroKafkaRecordDeserializationSchema<T> implements KafkaRecordDeserializationSchema<T> {
  private static final long serialVersionUID = 1L;

  private final KavroDeserializationSchema<T> value;

  private KavroKafkaRecordDeserializationSchema(KavroDeserializationSchema<T> value) {
    this.value = value;
  }

  /**
   * Deserializes each record's value with {@code value}.
   *
   * @throws NullPointerException if {@code value} is null
   */
  public static <T> KavroKafkaRecordDeserializationSchema<T> valueOnly(KavroDeserializationSchema<T> value) {
    return new KavroKafkaRecordDeserializationSchema<>(Objects.requireNonNull(value, "value"));
  }

  /**
   * Opens the value schema.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the registry configs are invalid
   */
  @Override
  public void open(DeserializationSchema.InitializationContext context) {
    value.open(context);
  }

  /**
   * Emits the value of {@code record}, unless it is null or skipped.
   *
   * @throws IOException as {@link KavroDeserializationSchema#deserialize(byte[])}
   */
  @Override
  public void deserialize(ConsumerRecord<byte[], byte[]> record, Collector<T> out) throws IOException {
    T decoded = value.deserialize(record.topic(), record.headers(), record.value());
    if (decoded != null) {
      out.collect(decoded);
    }
  }

  @Override
  public TypeInformation<T> getProducedType() {
    return value.getProducedType();
  }
}
