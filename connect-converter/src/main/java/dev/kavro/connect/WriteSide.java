package dev.kavro.connect;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.cache.RecordCounter;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.connect.data.ConnectToAvroValue;
import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleFailedException;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RulePlan;
import dev.kavro.rules.RuleSettings;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.runtime.EncoderPool;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.SubjectNameStrategy;
import dev.kavro.wire.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.Encoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.connect.errors.DataException;

/**
 * fromConnectData: the Avro schema of a Connect schema (cached by schema instance, never by a deep hash), its id per
 * topic, and the Avro body. Ids are chosen as the serializer chooses them: register, else {@code use.schema.id},
 * else the latest version, else a lookup.
 *
 * <p>Thread-safe.
 */
final class WriteSide implements ConnectCacheStats.Side {
  private final SchemaRegistry registry;
  private final boolean isKey;
  private final SubjectNameStrategy strategy;
  private final KavroSerdeConfig serde;
  private final RuleSettings rules;
  private final AvroDataSettings settings;
  private final CompileMode mode;
  private final EncoderFactoryKind encoders;
  private final Cache<org.apache.kafka.connect.data.Schema, Target> bySchema;
  private volatile Target last;
  /** Per-thread encoders; one that grew past the pool's retained capacity drops its array after use. */
  private final EncoderPool byteEncoders = new EncoderPool();
  /** Records encoded, for {@link ConnectCacheStats}. */
  private final RecordCounter encoded = new RecordCounter();

  /** How encoders are built: the reference generic path, or the interpreter. */
  interface EncoderFactoryKind {
    ConnectEncoder create(org.apache.kafka.connect.data.Schema connect, Schema avro, AvroDataSettings settings,
        CompileMode mode);
  }

  WriteSide(SchemaRegistry registry, boolean isKey, SubjectNameStrategy strategy, KavroSerdeConfig serde,
      AvroDataSettings settings, int cacheSize, EncoderFactoryKind encoders) {
    this.registry = registry;
    this.isKey = isKey;
    this.strategy = strategy;
    this.serde = serde;
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

  byte[] write(String topic, org.apache.kafka.connect.data.Schema schema, Object value) {
    if (value == null) {
      if (schema == null || schema.isOptional()) {
        return null;
      }
      throw new DataException("Found null value for non-optional schema " + ConnectErrors.where(topic, isKey, null));
    }
    TopicId topicId = null;
    try {
      Target target = target(schema);
      topicId = target.idFor(topic);
      return encode(target, topicId, value);
    } catch (RuntimeException | IOException e) {
      throw ConnectErrors.wrap("Failed to serialize Connect data to Avro",
          ConnectErrors.where(topic, isKey, topicId == null ? null : topicId.id), e);
    }
  }

  private Target target(org.apache.kafka.connect.data.Schema schema) {
    Target t = last;
    if (t != null && t.connect == schema) {
      return t;
    }
    t = bySchema.get(schema, Target::new);
    last = t;
    return t;
  }

  private byte[] encode(Target target, TopicId topicId, Object value) throws IOException {
    encoded.increment();
    try (EncoderPool.Lease lease = byteEncoders.acquire()) {
      ByteArrayEncoder out = lease.encoder();
      out.writeFixed(topicId.prefix);
      if (target.avro.getType() == Schema.Type.BYTES) {
        // Confluent's serializer writes a top-level bytes value raw, with no Avro length.
        Object bytes = ConnectToAvroValue.convert(target.connect, target.avro, value, settings);
        ByteBuffer buffer = ((ByteBuffer) bytes).duplicate();
        byte[] raw = new byte[buffer.remaining()];
        buffer.get(raw);
        out.writeFixed(raw);
      } else if (topicId.transcoder == null) {
        target.encoder.encode(value, out);
      } else {
        topicId.transcoder.write(target, value, out);
      }
      return out.toByteArray();
    }
  }

  /** One Connect schema instance: its Avro form, encoder, and id per topic. */
  private final class Target {
    final org.apache.kafka.connect.data.Schema connect;
    final Schema avro;
    final ConnectEncoder encoder;
    final Map<String, TopicId> byTopic = new ConcurrentHashMap<>();
    /** A task's records nearly always go to one topic: answered without a map lookup. */
    volatile TopicId lastTopic;

    Target(org.apache.kafka.connect.data.Schema connect) {
      this.connect = connect;
      this.avro = ConnectToAvroSchema.convert(connect, settings);
      this.encoder = avro.getType() == Schema.Type.BYTES ? null : encoders.create(connect, avro, settings, mode);
    }

    TopicId idFor(String topic) {
      TopicId last = lastTopic;
      if (last != null && (last.topic == topic || last.topic.equals(topic))) {
        return last;
      }
      TopicId known = byTopic.get(topic);
      if (known == null) {
        known = resolve(topic);
        TopicId raced = byTopic.putIfAbsent(topic, known);
        known = raced != null ? raced : known;
      }
      lastTopic = known;
      return known;
    }

    private TopicId resolve(String topic) {
      String subject = strategy.subject(topic, isKey, avro);
      if (serde.autoRegisterSchemas()) {
        RegisteredSchema registered = registry.registerWithResponse(subject, avro, serde.normalizeSchemas());
        refuseRules(topic, subject, registered.contract(), avro);
        return new TopicId(topic, registered.id(), null);
      }
      if (serde.useSchemaId() >= 0) {
        Schema registered = registry.schemaById(serde.useSchemaId());
        refuseRules(topic, subject, registry.contractById(serde.useSchemaId()), registered);
        return new TopicId(topic, serde.useSchemaId(), transcoder(registered));
      }
      if (serde.useLatestVersion()) {
        RegisteredSchema latest = registry.latest(subject);
        refuseRules(topic, subject, latest.contract(), latest.schema());
        return new TopicId(topic, latest.id(), transcoder(latest.schema()));
      }
      return new TopicId(topic, registry.lookup(subject, avro, serde.normalizeSchemas()).id(), null);
    }

    /** The converter writes Structs straight to bytes and runs no rules: a schema with WRITE rules must not pass. */
    private void refuseRules(String topic, String subject, SchemaContract contract, Schema schema) {
      if (contract.hasRules()) {
        try {
          RulePlan.refuse("KavroConverter", rules, contract, schema, subject, RuleMode.WRITE);
        } catch (RuleFailedException e) {
          throw new DataException(e.getMessage() + " [topic '" + topic + "', " + (isKey ? "key" : "value") + "]");
        }
      }
    }

    private Transcoder transcoder(Schema registered) {
      if (SchemaNormalization.toParsingForm(registered).equals(SchemaNormalization.toParsingForm(avro))) {
        return null;
      }
      if (avro.getType() == Schema.Type.BYTES || registered.getType() == Schema.Type.BYTES) {
        throw new DataException("Cannot write with registered schema " + registered + " instead of " + avro);
      }
      return new Transcoder(KavroDatumReader.create(avro, registered, GenericData.get(), mode),
          KavroDatumWriter.create(registered, GenericData.get(), mode));
    }
  }

  private record TopicId(String topic, int id, byte[] prefix, Transcoder transcoder) {
    TopicId(String topic, int id, Transcoder transcoder) {
      this(topic, id, WireFormat.idPrefix(id), transcoder);
    }
  }

  /** Writes in our schema, reads back resolved to the registered one, writes that: only for a different schema. */
  private record Transcoder(DatumReader<Object> reader, DatumWriter<Object> writer) {
    void write(Target target, Object value, Encoder out) throws IOException {
      ByteArrayOutputStream tmp = new ByteArrayOutputStream();
      BinaryEncoder tmpEncoder = EncoderFactory.get().directBinaryEncoder(tmp, null);
      target.encoder.encode(value, tmpEncoder);
      BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(tmp.toByteArray(), null);
      writer.write(reader.read(null, decoder), out);
    }
  }

}
