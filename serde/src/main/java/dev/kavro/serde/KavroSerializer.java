package dev.kavro.serde;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleFailedException;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RulePlan;
import dev.kavro.rules.RuleSettings;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.runtime.EncoderPool;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.reflect.ReflectDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Serializer;

/**
 * Serializes Avro values in the Confluent wire format: {@code 0x00}, the big-endian int32 schema id, then the Avro
 * binary body. The bytes are identical to what Confluent's {@code KafkaAvroSerializer} writes for the same schema id,
 * including its quirk of writing a top-level {@code bytes} value raw, without an Avro length prefix.
 *
 * <p>Accepts {@code GenericContainer}s ({@code GenericRecord}, generated {@code SpecificRecord}s, enums, fixed,
 * arrays), top-level primitives: {@code CharSequence}, {@code Integer}, {@code Long}, {@code Float},
 * {@code Double}, {@code Boolean}, {@code byte[]} and {@code ByteBuffer} (its remaining bytes), {@code Map}s of
 * those, and with {@code schema.reflection} any class Avro's {@code ReflectData} can describe. {@code null} becomes
 * {@code null} (a tombstone) without a registry call.
 *
 * <p>The schema id is found as Confluent finds it ({@link KavroSerdeConfig}): register
 * ({@code auto.register.schemas}), else the fixed {@code use.schema.id}, else the schema of {@code use.schema.guid},
 * else the subject's latest version ({@code use.latest.version}), else a lookup. Subjects are qualified with the
 * context of {@code context.name.strategy}. With the header schema id serializer the payload is plain Avro and the
 * schema's GUID goes into the {@code __key_schema_id}/{@code __value_schema_id} header. When the schema behind the
 * id is not the record's schema, the record is converted to it through Avro schema resolution. The id is cached per
 * schema object and topic for the life of the serializer, so steady-state records make no registry call and no
 * schema hashing. The WRITE rules of the schema's data contract run on the value before it is encoded
 * ({@link dev.kavro.rules.RulePlan}); schemas without rules pay nothing for them.
 *
 * <p>Thread-safety: after {@link #configure}, one instance may be shared by any number of threads.
 */
public final class KavroSerializer implements Serializer<Object> {
  /** Per-thread encoders: no per-record allocation besides the returned array. */
  private static final EncoderPool ENCODERS = new EncoderPool();

  private final SchemaRegistry injected;
  private volatile State state;

  /** For Kafka's {@code value.serializer} / {@code key.serializer} class configs; {@link #configure} is required. */
  public KavroSerializer() {
    this.injected = null;
  }

  /**
   * A serializer that talks to {@code registry} (for tests or shared clients); {@code schema.registry.url} is then
   * optional. The registry is not closed by {@link #close()}. {@link #configure} is still required.
   */
  public KavroSerializer(SchemaRegistry registry) {
    this.injected = Objects.requireNonNull(registry, "registry");
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
    State previous = state;
    state = new State(config, isKey, registry, owns);
    if (previous != null) {
      previous.release();
    }
  }

  /**
   * Same as {@link #serialize(String, Headers, Object)} without headers.
   *
   * @throws SerializationException see {@link #serialize(String, Headers, Object)}
   */
  @Override
  public byte[] serialize(String topic, Object data) {
    return serialize(topic, null, data);
  }

  /**
   * Serializes {@code data}. The headers are left untouched unless the header schema id serializer is configured.
   *
   * @return {@code null} for {@code null} data, else {@code 0x00} + schema id + Avro binary, or the Avro binary
   *     alone with the header schema id serializer
   * @throws InvalidConfigurationException if {@link #configure} was not called
   * @throws SerializationException if the value is not an Avro value, does not match its schema, or the registry
   *     rejects it; the message names the topic, the side and the schema id
   * @throws org.apache.kafka.common.KafkaException a typed subclass for registry failures: {@code
   *     AuthenticationException} (401), {@code AuthorizationException} (403), {@code
   *     ThrottlingQuotaExceededException} (429), {@code TimeoutException} (408, 500, 503, 504, timeouts), {@code
   *     DisconnectException} (502)
   */
  @Override
  public byte[] serialize(String topic, Headers headers, Object data) {
    State s = state;
    if (s == null) {
      throw new InvalidConfigurationException(
          "You must configure() before serialize() or use serializer constructor with SchemaRegistry");
    }
    if (data == null) {
      return null;
    }
    if (topic == null) {
      throw SerdeErrors.serialization("Cannot serialize without a topic", SerdeErrors.where(null, s.isKey, null),
          "topic is null");
    }
    Schema schema = s.schemas.of(data, topic, s.isKey);
    s.resolver.checkHeaders(topic, headers);
    SchemaTargets targets = s.targets(schema);
    Target target = targets.forTopic(topic);
    if (target.rules != null) {
      data = runRules(s, topic, headers, target, data);
    }
    byte[] bytes = encode(s, topic, targets, target, data);
    target.addHeaderTo(headers);
    return bytes;
  }

  /** The WRITE domain rules of the schema written with; only schemas that have such rules get here. */
  private static Object runRules(State s, String topic, Headers headers, Target target, Object data) {
    try {
      return target.rules.run(topic, headers, s.isKey, data, data);
    } catch (RuleFailedException e) {
      throw SerdeErrors.rule(e, SerdeErrors.where(topic, s.isKey, target.id()));
    }
  }

  /** Closes the registry client if this serializer created it. Idempotent. */
  @Override
  public void close() {
    State s = state;
    state = null;
    if (s != null) {
      s.release();
    }
  }

  private static byte[] encode(State s, String topic, SchemaTargets targets, Target target, Object data) {
    // A serializer called from inside a write on this thread (a custom conversion, say) gets its own encoder.
    try (EncoderPool.Lease lease = ENCODERS.acquire()) {
      ByteArrayEncoder encoder = lease.encoder();
      // The frame goes first, so the final array is one copy of the encoder's.
      encoder.writeFixed(target.prefix());
      if (targets.schema.getType() == Schema.Type.BYTES) {
        writeRawBytes(encoder, data);
      } else if (target.transcoder() == null) {
        targets.writer(s, data).write(data, encoder);
      } else {
        target.transcoder().write(targets.writer(s, data), data, encoder);
      }
      return encoder.toByteArray();
    } catch (IOException | RuntimeException e) {
      GenericData model = data instanceof SpecificRecord ? DataModels.specific(data.getClass(), s.conversions)
          : s.genericModel;
      String path = DatumPaths.firstMismatch(targets.schema, data, model);
      throw SerdeErrors.serialization("Error serializing Avro " + side(s) + (path == null ? "" : " " + path),
          SerdeErrors.where(topic, s.isKey, target.id()), e);
    } catch (StackOverflowError e) {
      // Only a datum nested past the stack (or one that contains itself) recurses this far; the stack has unwound.
      throw SerdeErrors.serialization("Error serializing Avro " + side(s), SerdeErrors.where(topic, s.isKey,
          target.id()), "the datum is nested too deeply for this thread's stack, or contains itself");
    }
  }

  /** Confluent's quirk, kept for compatibility: a top-level {@code bytes} value is written without a length. */
  private static void writeRawBytes(ByteArrayEncoder out, Object data) {
    if (data instanceof byte[] bytes) {
      out.writeFixed(bytes, 0, bytes.length);
    } else {
      out.writeFixed((ByteBuffer) data); // its remaining bytes; the buffer's position is left alone
    }
  }

  private static String side(State s) {
    return s.isKey ? "key" : "value";
  }

  /** Everything {@link #configure} decides; replaced as a whole so that readers never see a half-built state. */
  private static final class State {
    final SchemaRegistry registry;
    final boolean ownsRegistry;
    final boolean isKey;
    final SubjectNames names;
    final SchemaIdResolver resolver;
    final ValueSchemas schemas;
    final ReflectData reflectData;
    final boolean conversions;
    final GenericData genericModel;
    final CompileMode mode;
    final RuleSettings rules;
    /**
     * Keyed by schema identity (Caffeine's weak keys compare with ==), so a record costs no schema hashing. The
     * values hold their schema (writers need it), so entries leave by the size bound rather than by GC.
     */
    final Cache<Schema, SchemaTargets> bySchema = Caffeine.newBuilder().weakKeys().maximumSize(1_000).build();
    /** Made once: a capturing lambda at the lookup would allocate on every miss of {@link #last}. */
    private final Function<Schema, SchemaTargets> newTargets = schema -> new SchemaTargets(schema, this);
    volatile SchemaTargets last;

    State(KavroSerdeConfig config, boolean isKey, SchemaRegistry registry, boolean ownsRegistry) {
      this.registry = registry;
      this.ownsRegistry = ownsRegistry;
      this.isKey = isKey;
      this.names = SubjectNames.of(config, isKey);
      this.resolver = new SchemaIdResolver(registry, config, names, SerdeErrors.ADAPTER);
      this.reflectData = config.schemaReflection()
          ? ValueSchemas.reflectData(config.reflectionAllowNull(), config.useLogicalTypeConverters()) : null;
      this.schemas = new ValueSchemas(reflectData, config.removeJavaProperties());
      this.conversions = config.useLogicalTypeConverters();
      this.genericModel = DataModels.generic(conversions);
      this.mode = config.compileMode();
      this.rules = config.ruleSettings();
    }

    SchemaTargets targets(Schema schema) {
      SchemaTargets t = last;
      if (t != null && t.schema == schema) {
        return t;
      }
      t = bySchema.get(schema, newTargets);
      last = t;
      return t;
    }

    /** The target of {@code schema} on {@code topic}, with the WRITE rules of the schema written with. */
    Target resolve(String topic, Schema schema) {
      SchemaTarget resolved = resolver.resolve(topic, schema);
      return new Target(resolved, RulePlan.of(rules, resolved.contract(), resolved.writeSchema(), resolved.subject(),
          RuleMode.WRITE));
    }

    void release() {
      rules.close();
      if (ownsRegistry) {
        registry.close();
      }
    }
  }

  /** What the serializer knows about one schema object: its writers and its target per topic. */
  private static final class SchemaTargets extends TopicTargets<Target> {
    final Schema schema;
    final State state;
    volatile DatumWriter<Object> genericWriter;
    volatile DatumWriter<Object> specificWriter;
    volatile DatumWriter<Object> reflectWriter;

    SchemaTargets(Schema schema, State state) {
      this.schema = schema;
      this.state = state;
    }

    @Override
    protected Target resolve(String topic) {
      return state.resolve(topic, schema);
    }

    /** The writer matching the value's data model: generated classes need their own model. */
    DatumWriter<Object> writer(State s, Object value) {
      if (s.reflectData != null && !(value instanceof GenericContainer) && !ValueSchemas.isPrimitive(value)) {
        DatumWriter<Object> w = reflectWriter;
        if (w == null) {
          // Avro's own reflect writer: the bytes are ReflectDatumWriter's, as Confluent writes them.
          w = new ReflectDatumWriter<>(schema, s.reflectData);
          reflectWriter = w;
        }
        return w;
      }
      // The exact-class test first: instanceof an interface costs a scan of the class's interfaces when it fails.
      if (value.getClass() != GenericData.Record.class && value instanceof SpecificRecord) {
        DatumWriter<Object> w = specificWriter;
        if (w == null) {
          w = KavroDatumWriter.create(schema, DataModels.specific(value.getClass(), s.conversions), s.mode);
          specificWriter = w;
        }
        return w;
      }
      DatumWriter<Object> w = genericWriter;
      if (w == null) {
        w = KavroDatumWriter.create(schema, s.genericModel, s.mode);
        genericWriter = w;
      }
      return w;
    }
  }

  /** The core's target of one schema on one topic, with the WRITE rules of the schema written with, or {@code null}. */
  private static final class Target extends SchemaTarget {
    final RulePlan rules;

    Target(SchemaTarget resolved, RulePlan rules) {
      super(resolved);
      this.rules = rules;
    }
  }
}
