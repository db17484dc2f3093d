package dev.kavro.flink.runtime;

import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroSerializer;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.header.Headers;

/**
 * Encodes Avro values with the core's {@link KavroSerializer}: its schema id resolution, compiled writers and
 * data-contract rules all apply. Each value is written with its own schema, which must be the schema the
 * serialization schema was built with (for generic records; a specific record's class decides it).
 *
 * <p>Thread-safe. Internal API.
 *
 * @param <T> {@code GenericRecord} or the specific record class
 */
public final class AvroWriting<T> implements Writing<T> {
  private final KavroSerializer serializer;
  private final Schema schema;
  /** What records are labelled with where the task is given no topic: the subject is fixed then. */
  private final String label;
  /** The last value schema found equal to {@link #schema}: records nearly always share one schema instance. */
  private volatile Schema lastEqual;

  private AvroWriting(FormatConfig config, Spec<T> spec, SchemaRegistry registry) {
    this.schema = spec.schema == null ? null : new Schema.Parser().parse(spec.schema);
    this.label = config.topic() != null ? config.topic() : config.configs().get(config.isKey()
        ? FixedSubject.KEY_SUBJECT : FixedSubject.VALUE_SUBJECT);
    this.serializer = new KavroSerializer(registry);
    serializer.configure(config.configs(), config.isKey());
  }

  /** Generic records of {@code schema}. */
  public static <T> WriteSpec<T> generic(String schema) {
    return new Spec<>(schema);
  }

  /** Generated specific records, each written with its class's schema. */
  public static <T> WriteSpec<T> specific() {
    return new Spec<>(null);
  }

  @Override
  public byte[] write(String topic, Headers headers, T value) {
    checkSchema(topic, value);
    try {
      return serializer.serialize(topic != null ? topic : label, headers, value);
    } catch (KafkaException e) {
      throw new FormatFailure(e.getMessage(), e);
    }
  }

  private void checkSchema(String topic, T value) {
    if (schema == null || !(value instanceof GenericContainer container)) {
      return;
    }
    Schema own = container.getSchema();
    if (own == lastEqual || own == schema) {
      return;
    }
    if (!own.equals(schema)) {
      throw new FormatFailure("The record's schema " + own.getFullName() + " is not the schema this serialization "
          + "schema writes (topic '" + topic + "'): " + own, null);
    }
    lastEqual = own;
  }

  private record Spec<T>(String schema) implements WriteSpec<T> {
    @Override
    public Writing<T> open(FormatConfig config, SchemaRegistry registry, FormatMetrics metrics) {
      metrics.coreCaches();
      return new AvroWriting<>(config, this, registry);
    }
  }
}
