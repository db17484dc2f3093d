package dev.kavro.connect;

import dev.kavro.KavroVersion;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.SubjectNames;
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
 * <p>Framing, schema ids, subjects and contexts, and the cache keys work as in {@code KavroSerializer} and {@code
 * KavroDeserializer}: the converter calls the same core ({@code SchemaIdTable}, {@code SchemaIdResolver}), and adds
 * only the Connect mapping.
 *
 * <p>Thread-safety: after {@code configure}, one instance may be used by any number of threads (Connect uses one
 * instance per task).
 */
public final class KavroConverter implements Converter, HeaderConverter, Versioned {
  private static final Logger LOG = LoggerFactory.getLogger(KavroConverter.class);
  /**
   * Serde keys that the serializer and deserializer implement but the converter cannot: Confluent's AvroConverter
   * honours them, so setting one here is warned about rather than ignored silently.
   */
  private static final List<String> SERDE_ONLY_KEYS = List.of(KavroSerdeConfig.SCHEMA_REFLECTION_CONFIG);

  private final SchemaRegistry injected;
  private final ConnectDecoderFactory decoders;
  private final ConnectEncoderFactory encoders;
  private volatile State state;

  /** For Connect's {@code key.converter} / {@code value.converter} / {@code header.converter} class configs. */
  public KavroConverter() {
    this.injected = null;
    this.decoders = Interpreters.DEFAULT;
    this.encoders = Interpreters.DEFAULT;
  }

  /**
   * A converter that talks to {@code registry} (for tests or shared clients); {@code schema.registry.url} is then
   * optional, and the registry is not closed by {@link #close()}.
   */
  public KavroConverter(SchemaRegistry registry) {
    this(registry, Interpreters.DEFAULT, Interpreters.DEFAULT);
  }

  /** A converter building its decoders and encoders with these factories; for tests of the paths they choose. */
  KavroConverter(SchemaRegistry registry, ConnectDecoderFactory decoders, ConnectEncoderFactory encoders) {
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
    serde.applyCacheSettings();
    for (String key : SERDE_ONLY_KEYS) {
      if (configs.containsKey(key)) {
        LOG.warn("Configuration '{}' is a serde setting that KavroConverter does not support; it is ignored", key);
      }
    }
    SchemaRegistry registry = injected != null ? injected : SchemaRegistries.create(configs);
    boolean owns = injected == null && !(registry instanceof MockSchemaRegistry);
    replace(new State(config, serde, registry, owns, decoders, encoders));
  }

  /** Every key this converter reads. */
  @Override
  public ConfigDef config() {
    return KavroConverterConfig.configDef();
  }

  /** Swaps the whole state, so that no record sees a half-built one, and releases the previous. */
  private void replace(State next) {
    State previous = state;
    state = next;
    if (previous != null) {
      previous.release();
    }
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
    return fromConnectData(topic, null, schema, value);
  }

  /**
   * Serializes {@code value}: {@code 0x00}, the schema id, the Avro body. The schema id is found as the serializer
   * finds it (register, {@code use.schema.id}, {@code use.schema.guid}, {@code use.latest.with.metadata}, {@code
   * use.latest.version}, lookup; subjects in the context of {@code context.name.strategy}). With the header schema id
   * serializer ({@code key/value.schema.id.serializer=header}) the body goes alone and the schema's GUID into the
   * {@code __key_schema_id}/{@code __value_schema_id} header; otherwise the headers are left alone.
   *
   * @return null for a null value with a null or optional schema (a tombstone)
   * @throws DataException if the value is null for a required schema, does not match its schema, the registry
   *     rejects the schema, or the id goes in a header and {@code headers} is null; the message names the topic, the
   *     side and the schema id
   * @throws org.apache.kafka.connect.errors.RetriableException when the registry times out
   */
  @Override
  public byte[] fromConnectData(String topic, Headers headers, Schema schema, Object value) {
    return requireState().writer.write(topic, headers, schema, value);
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
   * present, else from the payload prefix ({@code key/value.schema.id.deserializer} may say the prefix only, or the
   * configured {@code use.schema.id}/{@code use.schema.guid}); ids are looked up in the topic's context.
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
    replace(null);
  }

  private State requireState() {
    State s = state;
    if (s == null) {
      throw new DataException("KavroConverter is not configured; call configure() first");
    }
    return s;
  }

  private static final class State {
    final SchemaRegistry registry;
    final boolean ownsRegistry;
    final ReadSide reader;
    final WriteSide writer;

    State(KavroConverterConfig config, KavroSerdeConfig serde, SchemaRegistry registry, boolean owns,
        ConnectDecoderFactory decoders, ConnectEncoderFactory encoders) {
      this.registry = registry;
      this.ownsRegistry = owns;
      SubjectNames names = SubjectNames.of(serde, config.type() == ConverterType.KEY);
      AvroDataSettings settings = config.avroDataSettings();
      this.reader = new ReadSide(registry, serde, names, settings, config.targetSchema(), config.schemasCacheSize(),
          decoders);
      this.writer = new WriteSide(registry, serde, names, settings, config.schemasCacheSize(), encoders);
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
