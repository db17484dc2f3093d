package dev.kavro.connect;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.avro.CompileMode;
import dev.kavro.cache.RecordCounter;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.connect.data.ConnectToAvroValue;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleFailedException;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RulePlan;
import dev.kavro.rules.RuleSettings;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.runtime.EncoderPool;
import dev.kavro.serde.AdapterErrors;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.SchemaIdResolver;
import dev.kavro.serde.SchemaTarget;
import dev.kavro.serde.SubjectNames;
import dev.kavro.serde.TopicTargets;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.connect.errors.DataException;

/**
 * fromConnectData: the Avro schema of a Connect schema (cached by schema instance, never by a deep hash), its encoder,
 * and per topic the core's schema id ({@link SchemaIdResolver}, as the serializer finds it).
 *
 * <p>Thread-safe.
 */
final class WriteSide implements ConnectCacheStats.Side {
  private final boolean isKey;
  private final SchemaIdResolver resolver;
  private final RuleSettings rules;
  private final AvroDataSettings settings;
  private final CompileMode mode;
  private final ConnectEncoderFactory encoders;
  private final Cache<org.apache.kafka.connect.data.Schema, SchemaTargets> bySchema;
  /** Made once: {@code SchemaTargets::new} of an inner class captures this side, so would allocate at each use. */
  private final Function<org.apache.kafka.connect.data.Schema, SchemaTargets> newTargets = SchemaTargets::new;
  /** The last record's schema's: a task writes one Connect schema instance for long stretches. */
  private volatile SchemaTargets last;
  /** Per-thread encoders; one that grew past the pool's retained capacity drops its array after use. */
  private final EncoderPool byteEncoders = new EncoderPool();
  /** Records encoded, for {@link ConnectCacheStats}. */
  private final RecordCounter encoded = new RecordCounter();

  WriteSide(SchemaRegistry registry, KavroSerdeConfig serde, SubjectNames names, AvroDataSettings settings,
      int cacheSize, ConnectEncoderFactory encoders) {
    this.isKey = names.isKey();
    this.resolver = new SchemaIdResolver(registry, serde, names, ConnectErrors.ADAPTER);
    this.rules = serde.ruleSettings();
    this.settings = settings;
    this.mode = serde.compileMode();
    this.encoders = encoders;
    this.bySchema = Caffeine.newBuilder().weakKeys().maximumSize(cacheSize).build();
    ConnectCacheStats.WRITES.track(this, encoded);
  }

  @Override
  public long cacheSize() {
    return bySchema.estimatedSize();
  }

  /** The converter is closed: its writes stay in the JMX totals. */
  void close() {
    ConnectCacheStats.WRITES.close(this);
  }

  /** @param headers the record's headers, or null; the schema id header goes there when ids travel in headers */
  byte[] write(String topic, Headers headers, org.apache.kafka.connect.data.Schema schema, Object value) {
    if (value == null) {
      if (schema == null || schema.isOptional()) {
        return null;
      }
      throw new DataException("Found null value for non-optional schema " + AdapterErrors.where(topic, isKey, null));
    }
    SchemaTarget topicTarget = null;
    try {
      resolver.checkHeaders(topic, headers);
      SchemaTargets targets = last;
      if (targets == null || targets.connect != schema) {
        targets = bySchema.get(schema, newTargets);
        last = targets;
      }
      topicTarget = targets.forTopic(topic);
      byte[] bytes = encode(targets, topicTarget, value);
      topicTarget.addHeaderTo(headers);
      return bytes;
    } catch (RuntimeException | IOException e) {
      throw ConnectErrors.wrap("Failed to serialize Connect data to Avro",
          AdapterErrors.where(topic, isKey, topicTarget == null ? null : topicTarget.id()), e);
    }
  }

  private byte[] encode(SchemaTargets targets, SchemaTarget topicTarget, Object value) throws IOException {
    encoded.increment();
    try (EncoderPool.Lease lease = byteEncoders.acquire()) {
      ByteArrayEncoder out = lease.encoder();
      out.writeFixed(topicTarget.prefix());
      if (targets.avro.getType() == Schema.Type.BYTES) {
        // Confluent's serializer writes a top-level bytes value raw, with no Avro length.
        out.writeFixed((ByteBuffer) ConnectToAvroValue.convert(targets.connect, targets.avro, value, settings));
      } else if (topicTarget.transcoder() == null) {
        targets.encoder.encode(value, out);
      } else {
        topicTarget.transcoder().write(targets.asDatumWriter, value, out);
      }
      return out.toByteArray();
    }
  }

  /** One Connect schema instance: its Avro form, its encoder, and its target per topic. */
  private final class SchemaTargets extends TopicTargets<SchemaTarget> {
    final org.apache.kafka.connect.data.Schema connect;
    final Schema avro;
    final ConnectEncoder encoder;
    /** The encoder as the core's {@link dev.kavro.serde.Transcoder} takes it. */
    final DatumWriter<Object> asDatumWriter;

    SchemaTargets(org.apache.kafka.connect.data.Schema connect) {
      this.connect = connect;
      this.avro = ConnectToAvroSchema.convert(connect, settings);
      this.encoder = avro.getType() == Schema.Type.BYTES ? null : encoders.encoder(connect, avro, settings, mode);
      this.asDatumWriter = new EncoderWriter(encoder);
    }

    /** The core's target; the converter writes Structs straight to bytes and runs no rules, so WRITE rules fail. */
    @Override
    protected SchemaTarget resolve(String topic) {
      SchemaTarget resolved = resolver.resolve(topic, avro);
      if (resolved.contract().hasRules()) {
        try {
          RulePlan.refuse("KavroConverter", rules, resolved.contract(), resolved.writeSchema(), resolved.subject(),
              RuleMode.WRITE);
        } catch (RuleFailedException e) {
          throw new DataException(e.getMessage() + " " + AdapterErrors.where(topic, isKey, resolved.id()));
        }
      }
      return resolved;
    }
  }

  /** A Connect encoder seen as an Avro datum writer. */
  private record EncoderWriter(ConnectEncoder encoder) implements DatumWriter<Object> {
    @Override
    public void setSchema(Schema schema) {}

    @Override
    public void write(Object value, Encoder out) throws IOException {
      encoder.encode(value, out);
    }
  }
}
