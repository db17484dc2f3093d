package dev.kavro.flink;

import dev.kavro.flink.runtime.AvroReading;
import dev.kavro.flink.runtime.AvroTypes;
import dev.kavro.flink.runtime.FormatConfig;
import dev.kavro.flink.runtime.ReadSpec;
import dev.kavro.flink.runtime.RecordDecoder;
import dev.kavro.flink.runtime.RowReading;
import java.io.IOException;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.kafka.common.header.Headers;

/**
 * Deserializes Avro in the Confluent wire format (the {@code 0x00} + schema id prefix, or {@code 0x01} + GUID) into
 * {@code GenericRecord}s, generated specific records, or Flink's internal {@code RowData}, with Kavro's core: the
 * same static factories as Flink's {@code ConfluentRegistryAvroDeserializationSchema}, so a job switches by class
 * name, and {@link #forRowData} for rows decoded straight from bytes.
 *
 * <p>Configuration: the registry configs are Confluent's serde and registry keys, read by Kavro as by its Kafka
 * deserializer ({@code basic.auth.*}, {@code schema.registry.ssl.*}, {@code kavro.reader.mode}, ...). The identity map
 * capacity bounds the registry client's caches ({@code max.schemas.per.subject}). GenericRecord and specific records
 * go through {@code KavroDeserializer} (its compiled readers and data-contract rules); their {@code TypeInformation}
 * is flink-avro's, as with Flink's own schema.
 *
 * <p>At run time each task manager keeps one registry client per job and configuration, shared by its subtasks and
 * closed when the job's classes are released; a schema id is fetched once, and ids already met keep working while
 * the registry is down. A null or empty record (a tombstone) deserializes to null. The schema id header
 * ({@code __value_schema_id}) is read only through {@link KavroKafkaRecordDeserializationSchema}, which gets the
 * record's headers and topic; this schema alone sees only the value bytes.
 *
 * <p>Instances are immutable and serializable; {@link #open} builds the task's state. After {@code open}, one
 * instance may be used by one task's threads.
 *
 * @param <T> the values produced
 */
public final class KavroDeserializationSchema<T> implements DeserializationSchema<T> {
  private static final long serialVersionUID = 1L;

  private final FormatConfig config;
  private final ReadSpec<T> spec;
  private final TypeInformation<T> type;
  private final boolean rows;
  private transient RecordDecoder<T> decoder;

  KavroDeserializationSchema(FormatConfig config, ReadSpec<T> spec, TypeInformation<T> type, boolean rows) {
    this.config = config;
    this.spec = spec;
    this.type = type;
    this.rows = rows;
  }

  /**
   * Generic records read as {@code readerSchema}, from the registry at {@code url}.
   *
   * @throws NullPointerException if an argument is null
   */
  public static KavroDeserializationSchema<GenericRecord> forGeneric(Schema readerSchema, String url) {
    return forGeneric(readerSchema, url, DataStreamConfigs.DEFAULT_IDENTITY_MAP_CAPACITY, null);
  }

  /**
   * As {@link #forGeneric(Schema, String)}, the registry client's caches bounded by {@code identityMapCapacity}.
   *
   * @throws IllegalArgumentException if {@code identityMapCapacity} is not positive
   */
  public static KavroDeserializationSchema<GenericRecord> forGeneric(Schema readerSchema, String url,
      int identityMapCapacity) {
    return forGeneric(readerSchema, url, identityMapCapacity, null);
  }

  /**
   * As {@link #forGeneric(Schema, String)}, with Confluent's serde and registry keys (may be null).
   *
   * @throws NullPointerException if {@code readerSchema} or {@code url} is null
   */
  public static KavroDeserializationSchema<GenericRecord> forGeneric(Schema readerSchema, String url,
      Map<String, ?> registryConfigs) {
    return forGeneric(readerSchema, url, DataStreamConfigs.DEFAULT_IDENTITY_MAP_CAPACITY, registryConfigs);
  }

  /**
   * As {@link #forGeneric(Schema, String)}, with a cache capacity and Confluent's serde and registry keys.
   *
   * @throws IllegalArgumentException if {@code identityMapCapacity} is not positive
   */
  public static KavroDeserializationSchema<GenericRecord> forGeneric(Schema readerSchema, String url,
      int identityMapCapacity, Map<String, ?> registryConfigs) {
    Objects.requireNonNull(readerSchema, "readerSchema");
    return new KavroDeserializationSchema<>(DataStreamConfigs.of(url, identityMapCapacity, registryConfigs),
        AvroReading.generic(readerSchema.toString()), AvroTypes.generic(readerSchema), false);
  }

  /**
   * Records of the generated class {@code type}, read as its schema, from the registry at {@code url}.
   *
   * @throws NullPointerException if an argument is null
   */
  public static <T extends SpecificRecord> KavroDeserializationSchema<T> forSpecific(Class<T> type, String url) {
    return forSpecific(type, url, DataStreamConfigs.DEFAULT_IDENTITY_MAP_CAPACITY, null);
  }

  /**
   * As {@link #forSpecific(Class, String)}, the registry client's caches bounded by {@code identityMapCapacity}.
   *
   * @throws IllegalArgumentException if {@code identityMapCapacity} is not positive
   */
  public static <T extends SpecificRecord> KavroDeserializationSchema<T> forSpecific(Class<T> type, String url,
      int identityMapCapacity) {
    return forSpecific(type, url, identityMapCapacity, null);
  }

  /**
   * As {@link #forSpecific(Class, String)}, with Confluent's serde and registry keys (may be null).
   *
   * @throws NullPointerException if {@code type} or {@code url} is null
   */
  public static <T extends SpecificRecord> KavroDeserializationSchema<T> forSpecific(Class<T> type, String url,
      Map<String, ?> registryConfigs) {
    return forSpecific(type, url, DataStreamConfigs.DEFAULT_IDENTITY_MAP_CAPACITY, registryConfigs);
  }

  /**
   * As {@link #forSpecific(Class, String)}, with a cache capacity and Confluent's serde and registry keys.
   *
   * @throws IllegalArgumentException if {@code identityMapCapacity} is not positive, or {@code type} is not a
   *     generated class with a schema
   */
  public static <T extends SpecificRecord> KavroDeserializationSchema<T> forSpecific(Class<T> type, String url,
      int identityMapCapacity, Map<String, ?> registryConfigs) {
    Objects.requireNonNull(type, "type");
    SpecificData.get().getSchema(type); // fails here, in the client, for a class without a schema
    return new KavroDeserializationSchema<>(DataStreamConfigs.of(url, identityMapCapacity, registryConfigs),
        AvroReading.specific(type), AvroTypes.specific(type), false);
  }

  /**
   * Flink's internal rows of {@code rowType}, decoded straight from the bytes with the table format's codec (see
   * {@code docs/flink-type-mapping.md}): every writer schema that can fill the row's columns is read, fields the row
   * lacks skipped, nullable columns the writer lacks read as null.
   *
   * @param type the produced type information, {@code InternalTypeInfo.of(rowType)} from flink-table-runtime
   * @param registryConfigs Confluent's serde and registry keys, or null
   * @throws NullPointerException if {@code rowType}, {@code type} or {@code url} is null
   */
  public static KavroDeserializationSchema<RowData> forRowData(RowType rowType, TypeInformation<RowData> type,
      String url, Map<String, ?> registryConfigs) {
    Objects.requireNonNull(rowType, "rowType");
    Objects.requireNonNull(type, "type");
    return new KavroDeserializationSchema<>(
        DataStreamConfigs.of(url, DataStreamConfigs.DEFAULT_IDENTITY_MAP_CAPACITY, registryConfigs),
        RowReading.spec(rowType, null, false), type, true);
  }

  /**
   * A copy that reads records of {@code topic}: subject name strategies and schema contexts name subjects from it,
   * and messages name it. {@link KavroKafkaRecordDeserializationSchema} passes each record's own topic instead.
   */
  public KavroDeserializationSchema<T> withTopic(String topic) {
    return new KavroDeserializationSchema<>(config.withTopic(topic), spec, type, rows);
  }

  /**
   * A copy that skips a record it cannot read (bad framing, an unknown schema id, data that does not decode) instead
   * of failing the job, and counts it in the metric {@code kavro.recordsSkipped}. A registry that cannot be reached
   * still fails the job: its records are good.
   */
  public KavroDeserializationSchema<T> ignoringParseErrors() {
    return new KavroDeserializationSchema<>(config.withIgnoreParseErrors(true), spec, type, rows);
  }

  /**
   * A copy that maps timestamps as {@code mapping} says (the default is {@link TimestampMapping#CORRECT}).
   *
   * @throws IllegalStateException for GenericRecord and specific records, which hold Avro's own values
   */
  public KavroDeserializationSchema<T> withTimestampMapping(TimestampMapping mapping) {
    if (!rows) {
      throw new IllegalStateException("The timestamp mapping applies to RowData only; GenericRecord and specific "
          + "records hold Avro's values");
    }
    return new KavroDeserializationSchema<>(config.withMapping(mapping), spec, type, rows);
  }

  /**
   * Takes the task manager's registry client and registers the metrics (group {@code kavro}).
   *
   * @throws org.apache.kafka.common.config.ConfigException if the registry configs are invalid
   */
  @Override
  public void open(InitializationContext context) {
    decoder = RecordDecoder.open(spec, config, context.getUserCodeClassLoader(), context.getMetricGroup());
  }

  /**
   * The value of one record, as {@link #withTopic} names its topic.
   *
   * @return null for a null or empty message, and for a record skipped by {@link #ignoringParseErrors()}
   * @throws IOException when the record cannot be read: bad framing (an unknown magic byte, too short), an unknown
   *     schema id, data the writer schema does not decode, a writer schema the produced type cannot take, or a
   *     registry that fails; the message names the topic, the side and the schema id
   * @throws IllegalStateException if {@link #open} was not called
   */
  @Override
  public T deserialize(byte[] message) throws IOException {
    return deserialize(config.topic(), null, message);
  }

  /** The value of a record of {@code topic} with {@code headers} (may be null). */
  T deserialize(String topic, Headers headers, byte[] message) throws IOException {
    RecordDecoder<T> d = decoder;
    if (d == null) {
      throw new IllegalStateException("open() was not called");
    }
    return d.decode(topic, headers, message);
  }

  @Override
  public boolean isEndOfStream(T nextElement) {
    return false;
  }

  @Override
  public TypeInformation<T> getProducedType() {
    return type;
  }
}
