package dev.kavro.rules;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.io.JsonEncoder;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The {@code DLQ} rule action, after Confluent's {@code DlqAction}: sends the record that failed a rule to the topic
 * {@code dlq.topic} (an action parameter, else a rule parameter) with headers {@code __rule.name},
 * {@code __rule.mode}, {@code __rule.subject}, {@code __rule.topic} and {@code __rule.exception}, then fails the
 * record as {@code ERROR} does. The value is the payload on read and the record in Avro's JSON encoding on write.
 * The producer is built from the serde's own configuration (it needs {@code bootstrap.servers}) plus the action's
 * parameters, on first use.
 *
 * <p>Thread-safe: the producer is created once, by the first thread that needs it, and shared; {@link #close}
 * closes it.
 */
public final class DlqAction implements AutoCloseable {
  public static final String TYPE = "DLQ";
  static final String TOPIC = "dlq.topic";
  static final String AUTO_FLUSH = "dlq.auto.flush";
  /** A ready {@link Producer} instead of one built from the configuration (Confluent's hook, for tests). */
  static final String PRODUCER = "producer";
  static final String HEADER_PREFIX = "__rule.";
  /** When a record carries this header naming a rule, that rule is skipped: the record is being re-read from a DLQ. */
  public static final String RULE_NAME_HEADER = HEADER_PREFIX + "name";
  private static final Logger LOG = LoggerFactory.getLogger(DlqAction.class);

  private final Map<String, Object> configs;
  private final boolean autoFlush;
  private volatile Producer<byte[], byte[]> producer;

  @SuppressWarnings("unchecked")
  DlqAction(Map<String, Object> configs) {
    this.configs = configs;
    this.autoFlush = Boolean.parseBoolean(String.valueOf(configs.get(AUTO_FLUSH)));
    Object given = configs.get(PRODUCER);
    this.producer = given instanceof Producer<?, ?> p ? (Producer<byte[], byte[]>) p : null;
  }

  /** Sends the failed record to the DLQ; the caller then fails the record. */
  void send(RuleContext ctx, Exception failure) {
    Object configured = configs.get(TOPIC);
    String topic = configured != null ? configured.toString() : ctx.parameter(TOPIC);
    if (topic == null || topic.isBlank()) {
      throw new org.apache.kafka.common.errors.SerializationException("Rule failed: " + ctx.rule().name()
          + "; could not send to the DLQ as no topic is configured (" + TOPIC + ")", failure);
    }
    try {
      byte[] value = bytes(ctx.original());
      ProducerRecord<byte[], byte[]> record = new ProducerRecord<>(topic, null, ctx.isKey() ? value : null,
          ctx.isKey() ? null : value, headers(ctx, failure));
      producer().send(record, (metadata, e) -> {
        if (e != null) {
          LOG.error("Could not produce a record that failed rule '{}' to DLQ topic {}", ctx.rule().name(), topic, e);
        }
      });
      if (autoFlush) {
        producer().flush();
      }
    } catch (RuntimeException | IOException e) {
      LOG.error("Could not produce a record that failed rule '{}' to DLQ topic {}", ctx.rule().name(), topic, e);
    }
  }

  private Producer<byte[], byte[]> producer() {
    Producer<byte[], byte[]> p = producer;
    if (p == null) {
      synchronized (this) {
        p = producer;
        if (p == null) {
          Map<String, Object> producerConfigs = new HashMap<>(configs);
          producerConfigs.remove(PRODUCER);
          producerConfigs.put(ProducerConfig.KEY_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
          producerConfigs.put(ProducerConfig.VALUE_SERIALIZER_CLASS_CONFIG, ByteArraySerializer.class.getName());
          producerConfigs.putIfAbsent(ProducerConfig.ACKS_CONFIG, "all");
          producerConfigs.putIfAbsent(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, "false");
          if (!producerConfigs.containsKey(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG)) {
            throw new IllegalStateException("the DLQ action needs a producer configuration: set "
                + ProducerConfig.BOOTSTRAP_SERVERS_CONFIG + " in the serde's configuration or "
                + "rule.actions.<name>.param.bootstrap.servers");
          }
          p = new KafkaProducer<>(producerConfigs);
          producer = p;
        }
      }
    }
    return p;
  }

  private static Headers headers(RuleContext ctx, Exception failure) {
    Headers headers = new RecordHeaders(ctx.headers() == null ? new RecordHeaders() : ctx.headers());
    add(headers, RULE_NAME_HEADER, ctx.rule().name());
    add(headers, HEADER_PREFIX + "mode", ctx.phase().name());
    add(headers, HEADER_PREFIX + "subject", ctx.subject());
    add(headers, HEADER_PREFIX + "topic", ctx.topic());
    if (failure != null) {
      add(headers, HEADER_PREFIX + "exception", failure.getMessage());
    }
    return headers;
  }

  private static void add(Headers headers, String key, String value) {
    headers.add(key, value == null ? null : value.getBytes(StandardCharsets.UTF_8));
  }

  private static byte[] bytes(Object value) throws IOException {
    if (value == null || value instanceof byte[]) {
      return (byte[]) value;
    }
    if (value instanceof ByteBuffer buffer) {
      byte[] out = new byte[buffer.remaining()];
      buffer.duplicate().get(out);
      return out;
    }
    if (value instanceof GenericContainer container) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      JsonEncoder encoder = EncoderFactory.get().jsonEncoder(container.getSchema(), out);
      @SuppressWarnings("unchecked")
      org.apache.avro.io.DatumWriter<Object> writer =
          (org.apache.avro.io.DatumWriter<Object>) FieldWalker.model(value).createDatumWriter(container.getSchema());
      writer.write(value, encoder);
      encoder.flush();
      return out.toByteArray();
    }
    return value.toString().getBytes(StandardCharsets.UTF_8);
  }

  @Override
  public void close() {
    Producer<byte[], byte[]> p = producer;
    if (p != null && !configs.containsKey(PRODUCER)) {
      p.close();
    }
  }
}
