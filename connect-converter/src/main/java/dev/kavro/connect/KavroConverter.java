package dev.kavro.connect;

import dev.kavro.KavroVersion;
import dev.kavro.cache.ReaderCache;
import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.CyclicSchema;
import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroSerdeConfig;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.connect.components.Versioned;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.Converter;
import org.apache.kafka.connect.storage.ConverterConfig;
import org.apache.kafka.connect.storage.ConverterType;
import org.apache.kafka.connect.storage.HeaderConverter;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Kafka Connect converter for Avro in the Confluent wire format, on Kavro's core. Schemas map between Connect and
 * Avro exactly as Confluent 8.3.1's {@code AvroData} maps them (same {@code connect.*} properties in the same order,
 * MapEntry arrays, union and enum parameters; checked by {@code ConfluentCorpusTest}), so schemas registered by
 * either converter are interchangeable. With {@code kavro.connect.extended.logical.types} it also maps {@code
 * timestamp-micros}, {@code time-micros}, {@code local-timestamp-*} and {@code uuid}, which Confluent leaves as
 * primitives. Configuration: {@link KavroConverterConfig}.
 *
 * <p>toConnectData decodes straight from bytes into Connect values onto the writer's Connect schema, or onto a
 * caller's target schema ({@link #toConnectData(String, Headers, byte[], Schema)} or {@code
 * kavro.connect.target.schema}).
 *
 * <p>Thread-safety: after {@code configure}, one instance may be used by any number of threads (Connect uses one
 * instance per task).
 */
public final class KavroConverter implements Converter, HeaderConverter, Versioned {
  private static final Logger LOG = LoggerFactory.getLogger(KavroConverter.class);
  /**
   * Serde keys that the serializer and deserializer implement but the converter does not (yet): Confluent's
   * AvroConverter honours them, so setting one here is warned about rather than ignored silently.
   */
  private static final List<String> SERDE_ONLY_KEYS = List.of(KavroSerdeConfig.CONTEXT_NAME_STRATEGY_CONFIG,
      KavroSerdeConfig.KEY_SCHEMA_ID_SERIALIZER_CONFIG, KavroSerdeConfig.VALUE_SCHEMA_ID_SERIALIZER_CONFIG,
      KavroSerdeConfig.KEY_SCHEMA_ID_DESERIALIZER_CONFIG, KavroSerdeConfig.VALUE_SCHEMA_ID_DESERIALIZER_CONFIG,
      KavroSerdeConfig.USE_SCHEMA_GUID_CONFIG, KavroSerdeConfig.SCHEMA_REFLECTION_CONFIG);

  private final SchemaRegistry injected;
  private final ReadSide.DecoderFactoryKind decoders;
  private final WriteSide.EncoderFactoryKind encoders;
  private volatile State state;

  /** For Connect's {@code key.converter} / {@code value.converter} / {@code header.converter} class configs. */
  public KavroConverter() {
    this.injected = null;
    this.decoders = Paths.INTERPRETER.decoders;
    this.encoders = Paths.INTERPRETER.encoders;
  }

  /**
   * A converter that talks to {@code registry} (for tests or shared clients); {@code schema.registry.url} is then
   * optional, and the registry is not closed by {@link #close()}.
   */
  public KavroConverter(SchemaRegistry registry) {
    this(registry, Paths.INTERPRETER);
  }

  KavroConverter(SchemaRegistry registry, Paths paths) {
    this(registry, paths.decoders, paths.encoders);
  }

  /** For tests: a converter with its own decoder and encoder factories (say, on a cache with a failing compiler). */
  KavroConverter(SchemaRegistry registry, ReadSide.DecoderFactoryKind decoders, WriteSide.EncoderFactoryKind encoders) {
    this.injected = Objects.requireNonNull(registry, "registry");
    this.decoders = decoders;
    this.encoders = encoders;
  }

  /**
   * Configures a key or value converter.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  @Override
  public void configure(Map<String, ?> configs, boolean isKey) {
    Map<String, Object> copy = new HashMap<>(configs);
    copy.put(ConverterConfig.TYPE_CONFIG, (isKey ? ConverterType.KEY : ConverterType.VALUE).getName());
    configure(copy);
  }

  /**
   * Configures from a map that names {@code converter.type} ({@code header} for a header converter).
   *
   * @throws org.apache.kafka.common.config.ConfigException if the configuration is invalid
   */
  @Override
  public void configure(Map<String, ?> configs) {
    Map<String, Object> withUrl = new HashMap<>(configs);
    if (injected != null) {
      withUrl.putIfAbsent("schema.registry.url", "mock://kavro-injected-registry");
    }
    KavroConverterConfig config = new KavroConverterConfig(withUrl);
    KavroSerdeConfig serde = new KavroSerdeConfig(withUrl);
    for (String key : SERDE_ONLY_KEYS) {
      if (configs.containsKey(key)) {
        LOG.warn("Configuration '{}' is a serde setting that KavroConverter does not support; it is ignored (the "
            + "converter writes the schema id prefix and looks ids up without a context)", key);
      }
    }
    if (configs.containsKey(KavroSerdeConfig.KAVRO_READER_CACHE_MAX_CONFIG)
        || configs.containsKey(KavroSerdeConfig.KAVRO_COMPILE_THREADS_CONFIG)) {
      ReaderCache.shared().resize(serde.getInt(KavroSerdeConfig.KAVRO_READER_CACHE_MAX_CONFIG),
          serde.getInt(KavroSerdeConfig.KAVRO_COMPILE_THREADS_CONFIG));
    }
    if (configs.containsKey(KavroSerdeConfig.KAVRO_COMPILE_THRESHOLD_CONFIG)) {
      ReaderCache.shared().setCompileThreshold(serde.getInt(KavroSerdeConfig.KAVRO_COMPILE_THRESHOLD_CONFIG));
    }
    SchemaRegistry registry = injected != null ? injected : SchemaRegistries.create(configs);
    boolean owns = injected == null && !(registry instanceof MockSchemaRegistry);
    State previous = state;
    state = new State(config, serde, registry, owns, decoders, encoders);
    if (previous != null) {
      previous.release();
    }
  }

  /** Every key this converter reads. */
  @Override
  public ConfigDef config() {
    return KavroConverterConfig.configDef();
  }

  /** Kavro's version, from the jar manifest ({@link KavroVersion}); Connect lists it with the plugin. */
  @Override
  public String version() {
    return KavroVersion.get();
  }

  /**
   * Same as {@link #fromConnectData(String, Headers, Schema, Object)} without headers.
   *
   * @throws DataException see the headers overload
   */
  @Override
  public byte[] fromConnectData(String topic, Schema schema, Object value) {
    return requireState().writer.write(topic, schema, value);
  }

  /**
   * Serializes {@code value}: {@code 0x00}, the schema id, the Avro body. The headers are left alone.
   *
   * @return null for a null value with a null or optional schema (a tombstone)
   * @throws DataException if the value is null for a required schema, does not match its schema, or the registry
   *     rejects the schema; the message names the topic, the side and the schema id
   * @throws org.apache.kafka.connect.errors.RetriableException when the registry times out
   */
  @Override
  public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
    return fromConnectData(topic, schema, value);
  }

  /**
   * Same as {@link #toConnectData(String, Headers, byte[])} without headers.
   *
   * @throws DataException see the headers overload
   */
  @Override
  public SchemaAndValue toConnectData(String topic, byte[] value) {
    return toConnectData(topic, null, value);
  }

  /**
   * Deserializes a record: the schema id comes from the {@code __key_schema_id}/{@code __value_schema_id} header when
   * present, else from the payload prefix.
   *
   * @return {@link SchemaAndValue#NULL} for null bytes; null (as Confluent's AvroConverter) for the null datum of a
   *     top-level union
   * @throws DataException for bad framing, an unknown id, or undecodable data; names the topic, side and schema id
   * @throws org.apache.kafka.connect.errors.RetriableException when the registry times out
   */
  @Override
  public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value) {
    return requireState().reader.read(topic, headers, value, null);
  }

  /**
   * Deserializes a record onto {@code target} instead of the writer's schema (the ksqlDB use). Writer fields match
   * target fields by exact name, else by their upper-cased name ({@code Locale.ROOT}); optional target fields the
   * writer lacks become null (a required one without a default fails); writer fields the target lacks are skipped.
   * The returned schema is {@code target} itself. Pass the same instance for every record: decoders are cached per
   * target instance.
   *
   * @throws DataException as {@link #toConnectData(String, Headers, byte[])}, or when the writer cannot be read as
   *     the target
   */
  public SchemaAndValue toConnectData(String topic, Headers headers, byte[] value, Schema target) {
    return requireState().reader.read(topic, headers, value, Objects.requireNonNull(target, "target"));
  }

  @Override
  public SchemaAndValue toConnectHeader(String topic, String headerKey, byte[] value) {
    return toConnectData(topic, value);
  }

  @Override
  public byte[] fromConnectHeader(String topic, String headerKey, Schema schema, Object value) {
    return fromConnectData(topic, schema, value);
  }

  /** Closes the registry client if this converter created it; its records stay counted in JMX. Idempotent. */
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
      throw new DataException("KavroConverter is not configured; call configure() first");
    }
    return s;
  }

  /**
   * Which decoders and encoders the converter builds: its interpreters; the generic path, the reference the tests
   * compare with; the interpreters filling and reading structs through {@code Struct.put}/{@code get}, as they do
   * where Connect's struct internals cannot be reached (tests).
   */
  enum Paths {
    GENERIC(GenericPathDecoder::new, GenericPathEncoder::new),
    INTERPRETER(StructFiller.DEFAULT),
    INTERPRETER_THROUGH_PUT(StructFiller.THROUGH_PUT);

    final ReadSide.DecoderFactoryKind decoders;
    final WriteSide.EncoderFactoryKind encoders;

    Paths(ReadSide.DecoderFactoryKind decoders, WriteSide.EncoderFactoryKind encoders) {
      this.decoders = decoders;
      this.encoders = encoders;
    }

    Paths(StructFiller filler) {
      this((writer, reader, connect, settings, mode) -> ConnectReadInterpreter.create(writer, reader, connect,
          settings, mode, filler), (connect, avro, settings, mode) -> writeInterpreter(connect, avro, settings, mode,
          filler));
    }

    /** The write interpreter's tree; it is built eagerly and would not end on a recursive schema (generic path). */
    private static ConnectEncoder writeInterpreter(Schema connect, org.apache.avro.Schema avro,
        AvroDataSettings settings, CompileMode mode, StructFiller filler) {
      return CyclicSchema.isRecursive(connect) ? new GenericPathEncoder(connect, avro, settings, mode)
          : ConnectWriteInterpreter.create(connect, avro, settings, filler);
    }
  }

  private static final class State {
    final SchemaRegistry registry;
    final boolean ownsRegistry;
    final ReadSide reader;
    final WriteSide writer;

    State(KavroConverterConfig config, KavroSerdeConfig serde, SchemaRegistry registry, boolean owns,
        ReadSide.DecoderFactoryKind decoders, WriteSide.EncoderFactoryKind encoders) {
      this.registry = registry;
      this.ownsRegistry = owns;
      boolean isKey = config.type() == ConverterType.KEY;
      AvroDataSettings settings = config.avroDataSettings();
      this.reader = new ReadSide(registry, isKey, serde.subjectNameStrategy(isKey), settings, serde.compileMode(),
          serde.readerSchema(), config.targetSchema(), config.schemasCacheSize(), decoders, serde.ruleSettings());
      this.writer = new WriteSide(registry, isKey, serde.subjectNameStrategy(isKey), serde, settings,
          config.schemasCacheSize(), encoders);
    }

    void release() {
      reader.close();
      writer.close();
      if (ownsRegistry) {
        registry.close();
      }
    }
  }
}
