package dev.kavro.flink.runtime;

import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerdeConfig;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.kafka.common.KafkaException;
import org.apache.kafka.common.header.Headers;

/**
 * Decodes records into Avro values with the core's {@link KavroDeserializer}: generic records of a reader schema, or
 * generated specific records; its compiled readers, data-contract rules and configuration all apply.
 *
 * <p>Thread-safe. Internal API.
 *
 * @param <T> {@code GenericRecord} or the specific record class
 */
public final class AvroReading<T> implements Reading<T> {
  private final KavroDeserializer deserializer;

  private AvroReading(FormatConfig config, Spec<T> spec, SchemaRegistry registry) {
    Map<String, Object> configs = new HashMap<>(config.configs());
    Schema reader = null;
    if (spec.specific != null) {
      configs.put(KavroSerdeConfig.SPECIFIC_AVRO_READER_CONFIG, true);
      configs.put(config.isKey() ? KavroSerdeConfig.SPECIFIC_AVRO_KEY_TYPE_CONFIG
          : KavroSerdeConfig.SPECIFIC_AVRO_VALUE_TYPE_CONFIG, spec.specific);
    } else {
      reader = new Schema.Parser().parse(spec.readerSchema);
    }
    this.deserializer = new KavroDeserializer(registry, reader);
    deserializer.configure(configs, config.isKey());
  }

  /** Generic records read as {@code readerSchema}. */
  public static <T> ReadSpec<T> generic(String readerSchema) {
    return new Spec<>(readerSchema, null);
  }

  /** Records of the generated class {@code type}, read as its schema. */
  public static <T> ReadSpec<T> specific(Class<T> type) {
    return new Spec<>(null, type);
  }

  @Override
  @SuppressWarnings("unchecked")
  public T read(String topic, Headers headers, byte[] message) throws IOException {
    try {
      return (T) deserializer.deserialize(topic, headers, message);
    } catch (KafkaException e) {
      throw new IOException(e.getMessage(), e);
    }
  }

  private record Spec<T>(String readerSchema, Class<T> specific) implements ReadSpec<T> {
    @Override
    public Reading<T> open(FormatConfig config, SchemaRegistry registry, FormatMetrics metrics) {
      metrics.coreCaches();
      return new AvroReading<>(config, this, registry);
    }
  }
}
