package dev.kavro.serde;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.avro.CompileMode;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleFailedException;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RulePlan;
import dev.kavro.rules.RuleSettings;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.runtime.EncoderPool;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.UUID;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.SchemaNormalization;
import org.apache.avro.generic.GenericContainer;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.reflect.ReflectDatumWriter;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
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
    if (s.idInHeader && headers == null) {
      throw SerdeErrors.serialization("Missing headers", SerdeErrors.where(topic, s.isKey, null),
          "the schema id goes in a header (" + KavroSerdeConfig.VALUE_SCHEMA_ID_SERIALIZER_CONFIG + "/"
              + KavroSerdeConfig.KEY_SCHEMA_ID_SERIALIZER_CONFIG + "), so serialize(topic, headers, data) is needed");
    }
    SchemaTargets targets = s.targets(schema);
    Target target = targets.target(s, topic);
    if (target.rules != null) {
      data = runRules(s, topic, headers, target, data);
    }
    byte[] bytes = encode(s, topic, targets, target, data);
    if (target.header != null) {
      addHeader(headers, WireFormat.schemaIdHeader(s.isKey), target.header);
    }
    return bytes;
  }

  /** As Confluent's header serializer: the same header with the same value is not added twice. */
  private static void addHeader(Headers headers, String name, byte[] value) {
    Header existing = headers.lastHeader(name);
    if (existing == null || !Arrays.equals(existing.value(), value)) {
      headers.add(name, value);
    }
  }

  /** The WRITE domain rules of the schema written with; only schemas that have such rules get here. */
  private static Object runRules(State s, String topic, Headers headers, Target target, Object data) {
    try {
      return target.rules.run(topic, headers, s.isKey, data, data);
    } catch (RuleFailedException e) {
      throw SerdeErrors.rule(e, SerdeErrors.where(topic, s.isKey, target.id));
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
      encoder.writeFixed(target.prefix);
      if (targets.schema.getType() == Schema.Type.BYTES) {
        writeRawBytes(encoder, data);
      } else if (target.transcoder == null) {
        targets.writer(s, data).write(data, encoder);
      } else {
        target.transcoder.write(targets.writer(s, data), data, encoder);
      }
      return encoder.toByteArray();
    } catch (IOException | RuntimeException e) {
      GenericData model = data instanceof SpecificRecord ? DataModels.specific(data.getClass(), s.conversions)
          : s.genericModel;
      String path = DatumPaths.firstMismatch(targets.schema, data, model);
      throw SerdeErrors.serialization("Error serializing Avro " + side(s) + (path == null ? "" : " " + path),
          SerdeErrors.where(topic, s.isKey, target.id), e);
    } catch (StackOverflowError e) {
      // Only a datum nested past the stack (or one that contains itself) recurses this far; the stack has unwound.
      throw SerdeErrors.serialization("Error serializing Avro " + side(s), SerdeErrors.where(topic, s.isKey,
          target.id), "the datum is nested too deeply for this thread's stack, or contains itself");
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
    final SubjectNameStrategy strategy;
    final boolean autoRegister;
    final int useSchemaId;
    final boolean idCompatibilityStrict;
    final boolean useLatest;
    final boolean latestCompatibilityStrict;
    final boolean normalize;
    final ContextNames contexts;
    final boolean idInHeader;
    final UUID useSchemaGuid;
    final ValueSchemas schemas;
    final ReflectData reflectData;
    final boolean conversions;
    final GenericData genericModel;
    final CompileMode mode;
    final RuleSettings rules;
    /** {@code use.latest.with.metadata}, or {@code null}. */
    final Map<String, String> latestMetadata;
    /**
     * Keyed by schema identity (Caffeine's weak keys compare with ==), so a record costs no schema hashing. The
     * values hold their schema (writers need it), so entries leave by the size bound rather than by GC.
     */
    final Cache<Schema, SchemaTargets> bySchema = Caffeine.newBuilder().weakKeys().maximumSize(1_000).build();
    volatile SchemaTargets last;

    State(KavroSerdeConfig config, boolean isKey, SchemaRegistry registry, boolean ownsRegistry) {
      this.registry = registry;
      this.ownsRegistry = ownsRegistry;
      this.isKey = isKey;
      this.strategy = config.subjectNameStrategy(isKey);
      this.autoRegister = config.autoRegisterSchemas();
      this.useSchemaId = config.useSchemaId();
      this.idCompatibilityStrict = config.idCompatibilityStrict();
      this.useLatest = config.useLatestVersion();
      this.latestCompatibilityStrict = config.latestCompatibilityStrict();
      this.normalize = config.normalizeSchemas();
      this.contexts = config.contextNames();
      this.idInHeader = config.schemaIdSerializer(isKey) == SchemaIdPlacement.HEADER;
      this.useSchemaGuid = config.useSchemaGuid();
      this.reflectData = config.schemaReflection()
          ? ValueSchemas.reflectData(config.reflectionAllowNull(), config.useLogicalTypeConverters()) : null;
      this.schemas = new ValueSchemas(reflectData, config.removeJavaProperties());
      this.conversions = config.useLogicalTypeConverters();
      this.genericModel = DataModels.generic(conversions);
      this.mode = config.compileMode();
      this.rules = config.ruleSettings();
      this.latestMetadata = config.useLatestWithMetadata();
    }

    SchemaTargets targets(Schema schema) {
      SchemaTargets t = last;
      if (t != null && t.schema == schema) {
        return t;
      }
      t = bySchema.get(schema, SchemaTargets::new);
      last = t;
      return t;
    }

    void release() {
      rules.close();
      if (ownsRegistry) {
        registry.close();
      }
    }
  }

  /** What the serializer knows about one schema object: its writers and its id per topic. */
  private static final class SchemaTargets {
    final Schema schema;
    final Map<String, Target> byTopic = new ConcurrentHashMap<>();
    volatile Target lastTarget;
    volatile DatumWriter<Object> genericWriter;
    volatile DatumWriter<Object> specificWriter;
    volatile DatumWriter<Object> reflectWriter;

    SchemaTargets(Schema schema) {
      this.schema = schema;
    }

    Target target(State s, String topic) {
      Target t = lastTarget;
      if (t != null && (t.topic == topic || t.topic.equals(topic))) {
        return t;
      }
      t = byTopic.get(topic);
      if (t == null) {
        // Resolved outside any lock: a registry call must not block other topics. A race resolves twice, harmlessly.
        t = resolve(s, topic);
        Target raced = byTopic.putIfAbsent(topic, t);
        t = raced != null ? raced : t;
      }
      lastTarget = t;
      return t;
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

    private Target resolve(State s, String topic) {
      String subject;
      try {
        subject = s.contexts.qualify(topic, s.strategy.subject(topic, s.isKey, schema));
      } catch (RuntimeException e) {
        throw SerdeErrors.serialization("Cannot name the registry subject", SerdeErrors.where(topic, s.isKey, null),
            e);
      }
      int id = s.useSchemaId;
      UUID guid = null;
      String action = "registering Avro schema";
      try {
        Schema writeSchema = schema;
        // The data contract of the schema written with, as Confluent picks it: a lookup carries none.
        SchemaContract contract = SchemaContract.NONE;
        if (s.autoRegister) {
          RegisteredSchema registered = s.registry.registerWithResponse(subject, schema, s.normalize);
          id = registered.id();
          guid = registered.guid();
          contract = registered.contract();
        } else if (s.useSchemaId >= 0) {
          action = "retrieving Avro schema";
          RegisteredSchema byId = s.registry.schemaById(subject, id);
          writeSchema = byId.schema();
          guid = byId.guid();
          contract = byId.contract();
          if (s.idCompatibilityStrict) {
            checkCanRead(s, topic, id, writeSchema, KavroSerdeConfig.ID_COMPATIBILITY_STRICT_CONFIG);
          }
        } else if (s.useSchemaGuid != null) {
          action = "retrieving Avro schema by guid " + s.useSchemaGuid;
          guid = s.useSchemaGuid;
          writeSchema = s.registry.schemaByGuid(guid);
          contract = s.registry.contractByGuid(guid);
          if (s.idCompatibilityStrict) {
            checkCanRead(s, topic, guid, writeSchema, KavroSerdeConfig.ID_COMPATIBILITY_STRICT_CONFIG);
          }
          // As Confluent: the id is the registered id of the guid's schema under the subject.
          id = s.registry.lookup(subject, writeSchema, false).id();
        } else if (s.latestMetadata != null) {
          action = "retrieving latest with metadata '" + s.latestMetadata + "'";
          RegisteredSchema latest = s.registry.latestWithMetadata(subject, s.latestMetadata);
          id = latest.id();
          writeSchema = latest.schema();
          guid = latest.guid();
          contract = latest.contract();
        } else if (s.useLatest) {
          action = "retrieving latest version of Avro schema";
          RegisteredSchema latest = s.registry.latest(subject);
          id = latest.id();
          guid = latest.guid();
          writeSchema = latest.schema();
          contract = latest.contract();
          if (s.latestCompatibilityStrict) {
            checkCanRead(s, topic, id, writeSchema, KavroSerdeConfig.LATEST_COMPATIBILITY_STRICT_CONFIG);
          }
        } else {
          action = "retrieving Avro schema";
          RegisteredSchema found = s.registry.lookup(subject, schema, s.normalize);
          id = found.id();
          guid = found.guid();
        }
        RulePlan rules = RulePlan.of(s.rules, contract, writeSchema, subject, RuleMode.WRITE);
        if (!s.idInHeader) {
          return new Target(topic, id, WireFormat.idPrefix(id), null, transcoder(s, writeSchema), rules);
        }
        if (guid == null) {
          throw SerdeErrors.serialization("Schema GUID is null", SerdeErrors.where(topic, s.isKey, id),
              "the registry returned no guid for subject '" + subject + "' (registries before Confluent 8 and "
                  + "Apicurio do not); the header schema id serializer needs one. Set "
                  + (s.isKey ? KavroSerdeConfig.KEY_SCHEMA_ID_SERIALIZER_CONFIG
                      : KavroSerdeConfig.VALUE_SCHEMA_ID_SERIALIZER_CONFIG) + "=prefix to write the id prefix");
        }
        return new Target(topic, id, new byte[0], WireFormat.toBytes(SchemaId.ofGuid(guid)),
            transcoder(s, writeSchema), rules);
      } catch (RegistryException e) {
        throw SerdeErrors.registry("Error " + action + " under subject '" + subject + "'",
            SerdeErrors.where(topic, s.isKey, id >= 0 ? id : null), e);
      }
    }

    private void checkCanRead(State s, String topic, Object id, Schema registered, String configKey) {
      SchemaCompatibility.SchemaPairCompatibility result =
          SchemaCompatibility.checkReaderWriterCompatibility(registered, schema);
      if (result.getType() != SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE) {
        throw SerdeErrors.serialization("Incompatible schema", SerdeErrors.where(topic, s.isKey, id),
            "the registered schema cannot read data written with the record's schema "
                + schema.getFullName() + " (" + result.getDescription() + "). Set " + configKey
                + "=false to disable this check.");
      }
    }

    /** {@code null} when the registered schema encodes exactly like the record's (same parsing canonical form). */
    private Transcoder transcoder(State s, Schema writeSchema) {
      if (writeSchema == schema
          || SchemaNormalization.toParsingForm(writeSchema).equals(SchemaNormalization.toParsingForm(schema))) {
        return null;
      }
      return new Transcoder(KavroDatumReader.create(schema, writeSchema, s.genericModel, s.mode),
          KavroDatumWriter.create(writeSchema, s.genericModel, s.mode));
    }
  }

  /**
   * The schema id a record of one schema gets on one topic, and how to encode it: {@code prefix} goes before the
   * body (empty when the id travels in the header), {@code header} is the header value or {@code null}; {@code rules}
   * the WRITE rules of the schema written with, or {@code null}.
   */
  private record Target(String topic, int id, byte[] prefix, byte[] header, Transcoder transcoder, RulePlan rules) {}

  /**
   * Rewrites a record into a registered schema that differs from the record's own ({@code use.schema.id} and
   * {@code use.latest.version}): write with the record's schema, read back resolved to the registered schema, write
   * that. Only this path pays the double encoding.
   */
  private record Transcoder(DatumReader<Object> reader, DatumWriter<Object> writer) {
    void write(DatumWriter<Object> recordWriter, Object data, Encoder out) throws IOException {
      ByteArrayEncoder tmp = new ByteArrayEncoder();
      recordWriter.write(data, tmp);
      writer.write(reader.read(null, new ByteArrayDecoder(tmp.array(), 0, tmp.size())), out);
    }
  }
}
