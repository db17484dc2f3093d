package dev.kavro.bench.demo;

import dev.kavro.registry.SchemaRegistry;
import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * The demo's peer for the consumer: the least a deserializer of Confluent's wire format must do with plain Avro. It
 * strips the 5-byte prefix, fetches the writer schema by id once from the same registry, and decodes with
 * {@code GenericDatumReader} (Avro 1.12's default FastReaderBuilder) into a {@code GenericRecord}. It is not
 * Confluent's {@code KafkaAvroDeserializer} (not on Maven Central, so the demo cannot run it): no subject lookups, no
 * reader schema, no rules, no metrics. Not thread-safe: one per consumer.
 */
final class PlainAvroDeserializer implements Deserializer<Object> {
  private final SchemaRegistry registry;
  private final Map<Integer, GenericDatumReader<Object>> readers = new HashMap<>();
  private BinaryDecoder decoder;

  PlainAvroDeserializer(SchemaRegistry registry) {
    this.registry = registry;
  }

  @Override
  public Object deserialize(String topic, byte[] data) {
    if (data == null) {
      return null;
    }
    if (data.length < 5 || data[0] != 0) {
      throw new SerializationException("Unknown magic byte on topic " + topic + " (value)");
    }
    int id = ((data[1] & 0xff) << 24) | ((data[2] & 0xff) << 16) | ((data[3] & 0xff) << 8) | (data[4] & 0xff);
    GenericDatumReader<Object> reader = readers.computeIfAbsent(id,
        k -> new GenericDatumReader<>(registry.schemaById(k)));
    try {
      decoder = DecoderFactory.get().binaryDecoder(data, 5, data.length - 5, decoder);
      return reader.read(null, decoder);
    } catch (IOException | RuntimeException e) {
      throw new SerializationException("Error deserializing Avro value of topic " + topic + ", schema id " + id, e);
    }
  }
}
