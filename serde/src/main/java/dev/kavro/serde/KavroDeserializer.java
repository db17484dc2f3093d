package dev.kavro.serde;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleFailedException;
import dev.kavro.rules.RulePlan;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.wire.FrameReader;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.io.DatumReader;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * Deserializes Avro values in the Confluent wire format. The schema id comes from the {@code __key_schema_id} /
 * {@code __value_schema_id} header when present ({@code 0x00}+int32 or {@code 0x01}+GUID; the whole payload is then
 * Avro), otherwise from the payload prefix ({@code 0x00}+int32, or {@code 0x01}+GUID); see
 * {@code key/value.schema.id.deserializer} for the prefix-only and configured-id alternatives. Ids are looked up
 * with the subject (or the context of {@code context.name.strategy}), as Confluent's deserializer does.
 *
 * <p>The reader schema is chosen in Confluent's order: the explicit reader schema (constructor argument or
 * {@code kavro.reader.schema}), the {@code specific.avro.key.type}/{@code specific.avro.value.type} class (with
 * {@code specific.avro.reader=true}), the subject's latest version ({@code use.latest.version}), the generated class
 * named by the writer's record schema ({@code specific.avro.reader=true}), else the writer schema. A top-level
 * {@code string} is returned as {@link String}; a top-level {@code bytes} value as the raw remaining bytes, matching
 * Confluent's serializer quirk.
 *
 * <p>Per schema id the writer schema and its resolved reader are looked up once; afterwards a record costs an int
 * table probe and the decode, with a per-thread reused decoder and no copy of the payload. Data-contract rules
 * (READ domain rules, and migration rules with {@code use.latest.version} / {@code use.latest.with.metadata}) run on
 * the decoded value ({@link dev.kavro.rules.RulePlan}); schemas without rules pay nothing for them.
 *
 * <p>Thread-safety: after {@link #configure}, one instance may be shared by any number of threads.
 */
public final class KavroDeserializer implements Deserializer<Object> {
  private final SchemaRegistry injected;
  private final Schema explicitReaderSchema;
  private volatile DeserializerState state;

  /** For Kafka's {@code value.deserializer} / {@code key.deserializer} configs; {@link #configure} is required. */
  public KavroDeserializer() {
    this.injected = null;
    this.explicitReaderSchema = null;
  }

  /**
   * A deserializer that talks to {@code registry}; {@code schema.registry.url} is then optional. The registry is not
   * closed by {@link #close()}. {@link #configure} is still required.
   */
  public KavroDeserializer(SchemaRegistry registry) {
    this(registry, null);
  }

  /**
   * As {@link #KavroDeserializer(SchemaRegistry)}, reading every record into {@code readerSchema} (may be null).
   */
  public KavroDeserializer(SchemaRegistry registry, Schema readerSchema) {
    this.injected = Objects.requireNonNull(registry, "registry");
    this.explicitReaderSchema = readerSchema;
  }

  /**
   * Reads the configuration and creates the registry client unless one was injected.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    KavroSerdeConfig config = KavroSerdeConfig.forSerde(configs, injected != null);
    SchemaRegistry registry = injected != null ? injected : SchemaRegistries.create(configs);
    boolean owns = injected == null && !(registry instanceof MockSchemaRegistry);
    DeserializerState previous = state;
    state = new DeserializerState(config, isKey, registry, owns, explicitReaderSchema);
    if (previous != null) {
      previous.release();
    }
  }

  /**
   * Same as {@link #deserialize(String, Headers, byte[])} without headers.
   *
   * @throws SerializationException see {@link #deserialize(String, Headers, byte[])}
   */
  @Override
  public Object deserialize(String topic, byte[] data) {
    return deserialize(topic, null, data);
  }

  /**
   * Deserializes one record.
   *
   * @return {@code null} for {@code null} data (no registry call), else the datum
   * @throws InvalidConfigurationException if {@link #configure} was not called
   * @throws SerializationException if the framing is bad (unknown magic byte, shorter than the prefix), the id is
   *     unknown to the registry, the Avro body cannot be decoded, or data is left over with
   *     {@code avro.fail.on.trailing.data}; the message names the topic, the side and the schema id
   * @throws org.apache.kafka.common.KafkaException a typed subclass for registry failures: {@code
   *     AuthenticationException} (401), {@code AuthorizationException} (403), {@code
   *     ThrottlingQuotaExceededException} (429), {@code TimeoutException} (408, 500, 503, 504, timeouts), {@code
   *     DisconnectException} (502)
   */
  @Override
  public Object deserialize(String topic, Headers headers, byte[] data) {
    if (data == null) {
      return null;
    }
    return decode(requireState(), topic, headers, data, 0, data.length);
  }

  /**
   * Deserializes the remaining bytes of {@code data} without copying them when it is backed by an array; the
   * buffer's position is not changed.
   *
   * @throws SerializationException see {@link #deserialize(String, Headers, byte[])}
   */
  @Override
  public Object deserialize(String topic, Headers headers, ByteBuffer data) {
    if (data == null) {
      return null;
    }
    DeserializerState s = requireState();
    if (data.hasArray()) {
      return decode(s, topic, headers, data.array(), data.arrayOffset() + data.position(), data.remaining());
    }
    byte[] copy = new byte[data.remaining()];
    data.duplicate().get(copy);
    return decode(s, topic, headers, copy, 0, copy.length);
  }

  /** Closes the registry client if this deserializer created it. Idempotent. */
  @Override
  public void close() {
    DeserializerState s = state;
    state = null;
    if (s != null) {
      s.release();
    }
  }

  private DeserializerState requireState() {
    DeserializerState s = state;
    if (s == null) {
      throw new InvalidConfigurationException(
          "You must configure() before deserialize() or use deserializer constructor with SchemaRegistry");
    }
    return s;
  }

  private static Object decode(DeserializerState s, String topic, Headers headers, byte[] buf, int off, int len) {
    byte[] header = s.ids.idHeader(headers);
    long frame;
    try {
      frame = s.ids.frame(buf, off, len, header);
    } catch (IllegalArgumentException e) {
      throw SerdeErrors.serialization("Error deserializing the schema id from the "
          + (header != null ? "header " + s.ids.idHeaderName() : "payload prefix"), SerdeErrors.where(topic, s.isKey,
          null), e);
    }
    DeserializerState.Entry entry = s.ids.entry(topic, frame, buf, header);
    int body = FrameReader.bodyOffset(frame);
    return read(s, topic, headers, entry, buf, body, off + len - body, off);
  }

  /** Reads the datum at {@code off}; the record itself starts at {@code start} (for a rule's dead-letter copy). */
  private static Object read(DeserializerState s, String topic, Headers headers, DeserializerState.Entry entry,
      byte[] buf, int off, int len, int start) {
    if (entry.kind == DeserializerState.Kind.BYTES) {
      return Arrays.copyOfRange(buf, off, off + len);
    }
    DatumReader<Object> reader;
    RulePlan rules;
    if (entry.reader != null) {
      reader = entry.reader;
      rules = entry.readRules;
    } else {
      DeserializerState.Latest latest = s.latestReader(topic, entry);
      reader = latest.reader();
      rules = latest.readRules();
    }
    ByteArrayDecoder decoder = s.decoders.get().wrap(buf, off, len);
    Object result;
    int remaining;
    try {
      result = reader.read(null, decoder);
      remaining = s.failOnTrailingData ? decoder.remainingBytes() : 0;
    } catch (RuleFailedException e) {
      throw SerdeErrors.rule(e, SerdeErrors.where(topic, s.isKey, entry.schemaId));
    } catch (IOException | RuntimeException e) {
      throw SerdeErrors.serialization("Error deserializing Avro " + side(s), SerdeErrors.where(topic, s.isKey,
          entry.schemaId), e);
    }
    if (remaining != 0) {
      throw SerdeErrors.serialization("Error deserializing Avro " + side(s), SerdeErrors.where(topic, s.isKey,
          entry.schemaId), "trailing data found after the Avro datum (" + remaining + " bytes left)");
    }
    if (entry.kind == DeserializerState.Kind.STRING && result instanceof CharSequence chars
        && !(result instanceof String)) {
      result = chars.toString();
    }
    if (rules != null) {
      try {
        result = rules.run(topic, headers, s.isKey, Arrays.copyOfRange(buf, start, off + len), result);
      } catch (RuleFailedException e) {
        throw SerdeErrors.rule(e, SerdeErrors.where(topic, s.isKey, entry.schemaId));
      }
    }
    return result;
  }

  private static String side(DeserializerState s) {
    return s.isKey ? "key" : "value";
  }
}
