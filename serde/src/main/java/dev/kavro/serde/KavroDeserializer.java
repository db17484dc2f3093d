package dev.kavro.serde;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.ReaderMode;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.InvalidConfigurationException;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.common.serialization.Deserializer;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Deserializes Avro values in the Confluent wire format. The schema id comes from the {@code __key_schema_id} /
 * {@code __value_schema_id} header when present ({@code 0x00}+int32 or {@code 0x01}+GUID; the whole payload is then
 * Avro), otherwise from the payload prefix ({@code 0x00}+int32, or {@code 0x01}+GUID).
 *
 * <p>The reader schema is chosen in Confluent's order: the explicit reader schema (constructor argument or
 * {@code kavro.reader.schema}), the {@code specific.avro.key.type}/{@code specific.avro.value.type} class (with
 * {@code specific.avro.reader=true}), the subject's latest version ({@code use.latest.version}), the generated class
 * named by the writer's record schema ({@code specific.avro.reader=true}), else the writer schema. A top-level
 * {@code string} is returned as {@link String}; a top-level {@code bytes} value as the raw remaining bytes, matching
 * Confluent's serializer quirk.
 *
 * <p>Per schema id the writer schema and its resolved reader are looked up once; afterwards a record costs an int
 * table probe and the decode, with a per-thread reused decoder and no copy of the payload.
 *
 * <p>Thread-safety: after {@link #configure}, one instance may be shared by any number of threads.
 */
public final class KavroDeserializer implements Deserializer<Object> {
  private static final Logger LOG = LoggerFactory.getLogger(KavroDeserializer.class);
  /** Bound of each id table; beyond it the table starts over (see {@link IntObjectTable}). */
  private static final int MAX_CACHED_IDS = 10_000;
  private static final ThreadLocal<BinaryDecoder[]> DECODER = ThreadLocal.withInitial(() -> new BinaryDecoder[1]);

  private final SchemaRegistry injected;
  private final Schema explicitReaderSchema;
  private volatile State state;

  /** For Kafka's {@code value.deserializer} / {@code key.deserializer} class configs; {@link #configure} is required. */
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
    State previous = state;
    state = new State(config, isKey, registry, owns, explicitReaderSchema);
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
    State s = requireState();
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
    State s = state;
    state = null;
    if (s != null) {
      s.release();
    }
  }

  private State requireState() {
    State s = state;
    if (s == null) {
      throw new InvalidConfigurationException(
          "You must configure() before deserialize() or use deserializer constructor with SchemaRegistry");
    }
    return s;
  }

  private static Object decode(State s, String topic, Headers headers, byte[] buf, int off, int len) {
    Header header = headers == null ? null : headers.lastHeader(s.headerName);
    if (header != null && header.value() != null) {
      byte[] value = header.value();
      Entry entry;
      if (value.length == WireFormat.ID_PREFIX_LENGTH && value[0] == WireFormat.MAGIC_BYTE_ID) {
        entry = s.entry(topic, WireFormat.readInt(value, 1));
      } else {
        entry = s.entry(topic, parse(s, topic, () -> WireFormat.parseHeader(value), "header " + s.headerName));
      }
      return read(s, topic, entry, buf, off, len);
    }
    if (len >= WireFormat.ID_PREFIX_LENGTH && buf[off] == WireFormat.MAGIC_BYTE_ID) {
      Entry entry = s.entry(topic, WireFormat.readInt(buf, off + 1));
      return read(s, topic, entry, buf, off + WireFormat.ID_PREFIX_LENGTH, len - WireFormat.ID_PREFIX_LENGTH);
    }
    ByteBuffer payload = ByteBuffer.wrap(buf, off, len);
    SchemaId id = parse(s, topic, () -> WireFormat.readPrefix(payload), "payload prefix");
    return read(s, topic, s.entry(topic, id), buf, payload.position(), payload.remaining());
  }

  private static SchemaId parse(State s, String topic, Supplier<SchemaId> parser, String where) {
    try {
      return parser.get();
    } catch (IllegalArgumentException e) {
      throw SerdeErrors.serialization("Error deserializing the schema id from the " + where,
          SerdeErrors.where(topic, s.isKey, null), e);
    }
  }

  private static Object read(State s, String topic, Entry entry, byte[] buf, int off, int len) {
    if (entry.kind == Kind.BYTES) {
      return Arrays.copyOfRange(buf, off, off + len);
    }
    DatumReader<Object> reader = entry.reader != null ? entry.reader : s.latestReader(topic, entry);
    BinaryDecoder[] holder = DECODER.get();
    Object result;
    int remaining;
    try {
      BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(buf, off, len, holder[0]);
      holder[0] = decoder;
      result = reader.read(null, decoder);
      remaining = s.failOnTrailingData && !decoder.isEnd() ? decoder.remainingBytes() : 0;
    } catch (IOException | RuntimeException e) {
      holder[0] = null;
      throw SerdeErrors.serialization("Error deserializing Avro " + side(s), SerdeErrors.where(topic, s.isKey,
          entry.schemaId), e);
    }
    if (remaining != 0) {
      throw SerdeErrors.serialization("Error deserializing Avro " + side(s), SerdeErrors.where(topic, s.isKey,
          entry.schemaId), "trailing data found after the Avro datum (" + remaining + " bytes left)");
    }
    if (entry.kind == Kind.STRING && result instanceof CharSequence chars && !(result instanceof String)) {
      return chars.toString();
    }
    return result;
  }

  private static String side(State s) {
    return s.isKey ? "key" : "value";
  }

  private enum Kind { BYTES, STRING, OTHER }

  /**
   * What one schema id resolves to. {@code reader} is fixed unless the reader schema is the subject's latest
   * version, which depends on the topic and may change; those readers live in {@code latestByTopic}.
   */
  private static final class Entry {
    final SchemaId schemaId;
    final Schema writer;
    final Kind kind;
    final DatumReader<Object> reader;
    final Map<String, Latest> latestByTopic = new ConcurrentHashMap<>();

    Entry(SchemaId schemaId, Schema writer, DatumReader<Object> reader) {
      this.schemaId = schemaId;
      this.writer = writer;
      this.kind = switch (writer.getType()) {
        case BYTES -> Kind.BYTES;
        case STRING -> Kind.STRING;
        default -> Kind.OTHER;
      };
      this.reader = reader;
    }
  }

  /** The latest reader of one topic for one writer; kept when the registry later fails. */
  private record Latest(String subject, Schema readerSchema, DatumReader<Object> reader, AtomicBoolean warned) {}

  private static final class State {
    final SchemaRegistry registry;
    final boolean ownsRegistry;
    final boolean isKey;
    final String headerName;
    final SubjectNameStrategy strategy;
    final boolean useLatest;
    final boolean specificReader;
    final boolean conversions;
    final boolean failOnTrailingData;
    final ReaderMode mode;
    /** Explicit reader schema or the configured specific class's schema; {@code null} when neither is set. */
    final Schema fixedReader;
    final GenericData fixedModel;
    final IntObjectTable<Entry> byId = new IntObjectTable<>(MAX_CACHED_IDS);
    final Map<UUID, Entry> byGuid = new ConcurrentHashMap<>();

    State(KavroSerdeConfig config, boolean isKey, SchemaRegistry registry, boolean ownsRegistry, Schema explicit) {
      this.registry = registry;
      this.ownsRegistry = ownsRegistry;
      this.isKey = isKey;
      this.headerName = WireFormat.schemaIdHeader(isKey);
      this.strategy = config.subjectNameStrategy(isKey);
      this.useLatest = config.useLatestVersion();
      this.specificReader = config.specificAvroReader();
      this.conversions = config.useLogicalTypeConverters();
      this.failOnTrailingData = config.failOnTrailingData();
      this.mode = config.readerMode();
      Schema reader = explicit != null ? explicit : config.readerSchema();
      Class<? extends SpecificRecord> type = config.specificType(isKey);
      if (reader != null) {
        this.fixedReader = reader;
        this.fixedModel = specificReader ? specificModel(reader, conversions) : DataModels.generic(conversions);
      } else if (type != null) {
        SpecificData model = DataModels.specific(type, conversions);
        this.fixedReader = model.getSchema(type);
        this.fixedModel = model;
      } else {
        this.fixedReader = null;
        this.fixedModel = null;
      }
    }

    private static GenericData specificModel(Schema reader, boolean conversions) {
      try {
        return DataModels.specific(reader, conversions);
      } catch (SecurityException e) {
        throw new ConfigException("Avro does not trust the generated class for the reader schema "
            + reader.getFullName() + "; add its package to the system property org.apache.avro.SERIALIZABLE_PACKAGES: "
            + e.getMessage());
      }
    }

    Entry entry(String topic, int id) {
      Entry entry = byId.get(id);
      if (entry != null) {
        return entry;
      }
      return byId.computeIfAbsent(id, k -> newEntry(topic, SchemaId.ofId(k)));
    }

    Entry entry(String topic, SchemaId id) {
      if (!id.isGuid()) {
        return entry(topic, id.id());
      }
      Entry entry = byGuid.get(id.guid());
      if (entry == null) {
        entry = newEntry(topic, id);
        if (byGuid.size() >= MAX_CACHED_IDS) {
          byGuid.clear();
        }
        Entry raced = byGuid.putIfAbsent(id.guid(), entry);
        entry = raced != null ? raced : entry;
      }
      return entry;
    }

    private Entry newEntry(String topic, SchemaId id) {
      Schema writer;
      try {
        writer = id.isGuid() ? registry.schemaByGuid(id.guid()) : registry.schemaById(id.id());
      } catch (RegistryException e) {
        throw SerdeErrors.registry("Error retrieving Avro " + (isKey ? "key" : "value") + " schema",
            SerdeErrors.where(topic, isKey, id), e);
      }
      if (writer.getType() == Schema.Type.BYTES || (fixedReader == null && useLatest)) {
        return new Entry(id, writer, null);
      }
      if (fixedReader != null) {
        return new Entry(id, writer, newReader(topic, id, writer, fixedReader, () -> fixedModel));
      }
      Schema reader = specificReader ? specificReaderSchema(topic, id, writer) : writer;
      return new Entry(id, writer, newReader(topic, id, writer, reader, () -> model(writer, reader)));
    }

    /** The reader schema with {@code use.latest.version}; the registry client caches the latest version. */
    DatumReader<Object> latestReader(String topic, Entry entry) {
      if (topic == null) {
        throw SerdeErrors.serialization("Cannot use the latest version without a topic",
            SerdeErrors.where(null, isKey, entry.schemaId), "topic is null");
      }
      Latest known = entry.latestByTopic.get(topic);
      String subject = known != null ? known.subject() : subject(topic, entry);
      Schema latest;
      try {
        latest = registry.latest(subject).schema();
      } catch (RegistryException e) {
        if (known != null) {
          if (known.warned().compareAndSet(false, true)) {
            LOG.warn("Cannot refresh the latest version of subject '{}' {}; reading with the last known one: {}",
                subject, SerdeErrors.where(topic, isKey, entry.schemaId), e.getMessage());
          }
          return known.reader();
        }
        throw SerdeErrors.registry("Error retrieving latest version of Avro schema under subject '" + subject + "'",
            SerdeErrors.where(topic, isKey, entry.schemaId), e);
      }
      if (known != null && (known.readerSchema() == latest || known.readerSchema().equals(latest))) {
        if (known.readerSchema() != latest) {
          entry.latestByTopic.put(topic, new Latest(subject, latest, known.reader(), new AtomicBoolean()));
        }
        return known.reader();
      }
      DatumReader<Object> reader =
          newReader(topic, entry.schemaId, entry.writer, latest, () -> model(entry.writer, latest));
      entry.latestByTopic.put(topic, new Latest(subject, latest, reader, new AtomicBoolean()));
      return reader;
    }

    private String subject(String topic, Entry entry) {
      try {
        return strategy.subject(topic, isKey, entry.writer);
      } catch (RuntimeException e) {
        throw SerdeErrors.serialization("Cannot name the registry subject", SerdeErrors.where(topic, isKey,
            entry.schemaId), e);
      }
    }

    /** Generated classes are looked up for record writers only; other writers are read with their own schema. */
    private Schema specificReaderSchema(String topic, SchemaId id, Schema writer) {
      if (writer.getType() != Schema.Type.RECORD) {
        return writer;
      }
      Class<?> type;
      try {
        type = SpecificData.get().getClass(writer);
      } catch (SecurityException e) {
        throw untrusted(topic, id, writer, e);
      } catch (RuntimeException e) {
        throw SerdeErrors.serialization("Cannot load the class of " + writer.getFullName(),
            SerdeErrors.where(topic, isKey, id), e);
      }
      if (type == null || !SpecificRecord.class.isAssignableFrom(type)) {
        throw SerdeErrors.serialization("Could not find class " + writer.getFullName() + " specified in writer's "
            + "schema whilst finding reader's schema for a SpecificRecord.", SerdeErrors.where(topic, isKey, id),
            "generate it with the Avro compiler, or set specific.avro.reader=false");
      }
      return SpecificData.getForClass(type).getSchema(type);
    }

    private GenericData model(Schema writer, Schema reader) {
      boolean primitive = switch (writer.getType()) {
        case RECORD, ENUM, FIXED, ARRAY, MAP, UNION -> false;
        default -> true;
      };
      return specificReader && !primitive ? DataModels.specific(reader, conversions) : DataModels.generic(conversions);
    }

    private DatumReader<Object> newReader(
        String topic, SchemaId id, Schema writer, Schema reader, Supplier<GenericData> model) {
      try {
        return KavroDatumReader.create(writer, reader, model.get(), mode);
      } catch (SecurityException e) {
        throw untrusted(topic, id, reader, e);
      } catch (RuntimeException e) {
        throw SerdeErrors.serialization("Cannot read the writer schema with the reader schema " + reader.getFullName(),
            SerdeErrors.where(topic, isKey, id), e);
      }
    }

    /** Avro 1.12 refuses generated classes outside trusted packages; say how to trust them. */
    private SerializationException untrusted(String topic, SchemaId id, Schema schema, SecurityException e) {
      return SerdeErrors.serialization("Avro does not trust the generated class for " + schema.getFullName()
          + "; add its package to the system property org.apache.avro.SERIALIZABLE_PACKAGES",
          SerdeErrors.where(topic, isKey, id), e);
    }

    void release() {
      if (ownsRegistry) {
        registry.close();
      }
    }
  }
}
