package dev.kavro.flink;

import dev.kavro.flink.runtime.AvroWriting;
import dev.kavro.flink.runtime.FixedSubject;
import dev.kavro.flink.runtime.FormatConfig;
import dev.kavro.flink.runtime.RecordEncoder;
import dev.kavro.flink.runtime.RowWriting;
import dev.kavro.flink.runtime.WriteSpec;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.kafka.common.header.Headers;

/**
 * Serializes {@code GenericRecord}s, generated specific records or Flink's internal {@code RowData} to Avro in the
 * Confluent wire format ({@code 0x00}, the schema id, the Avro body), with Kavro's core: the same static factories as
 * Flink's {@code ConfluentRegistryAvroSerializationSchema}, so a job switches by class name, and {@link #forRowData}
 * for rows encoded straight to bytes.
 *
 * <p>The schema id is found as Kavro's Kafka serializer finds it, once per schema and topic, never per record:
 * registered under the subject ({@code auto.register.schemas}, on by default as in Flink), or with
 * {@code auto.register.schemas=false} looked up ({@code use.latest.version}, {@code use.schema.id} and the
 * {@code *.compatibility.strict} checks as in Confluent's serializer). With a null subject the configured subject
 * name strategy names it from the topic ({@link #withTopic}, or each record's in
 * {@link KavroKafkaRecordSerializationSchema}). Ids in the {@code __value_schema_id} header
 * ({@code value.schema.id.serializer=header}) need {@link KavroKafkaRecordSerializationSchema}, which writes headers.
 *
 * <p>Instances are immutable and serializable; {@link #open} builds the task's state. After {@code open}, one
 * instance may be used by one task's threads.
 *
 * @param <T> the values consumed
 */
public final class KavroSerializationSchema<T> implements SerializationSchema<T> {
  private static final long serialVersionUID = 1L;

  private final FormatConfig config;
  private final WriteSpec<T> spec;
  private final boolean rows;
  /** Whether a table format runs it: its schema id is resolved when the task starts, and it has no headers. */
  private final boolean table;
  private transient RecordEncoder<T> encoder;

  KavroSerializationSchema(FormatConfig config, WriteSpec<T> spec, boolean rows, boolean table) {
    this.config = config;
    this.spec = spec;
    this.rows = rows;
    this.table = table;
  }

  /**
   * Generic records of {@code schema}, registered under {@code subject} in the registry at {@code url}.
   *
   * @param subject the subject, or null to name it with the subject name strategy from the topic
   * @throws NullPointerException if {@code schema} or {@code url} is null
   */
  public static KavroSerializationSchema<GenericRecord> forGeneric(String subject, Schema schema, String url) {
    return forGeneric(subject, schema, url, null);
  }

  /**
   * As {@link #forGeneric(String, Schema, String)}, with Confluent's serde and registry keys (may be null).
   *
   * @throws NullPointerException if {@code schema} or {@code url} is null
   */
  public static KavroSerializationSchema<GenericRecord> forGeneric(String subject, Schema schema, String url,
      Map<String, ?> registryConfigs) {
    Objects.requireNonNull(schema, "schema");
    return new KavroSerializationSchema<>(config(subject, url, registryConfigs), AvroWriting.generic(schema.toString()),
        false, false);
  }

  /**
   * Records of the generated class {@code type}, registered under {@code subject} in the registry at {@code url}.
   *
   * @param subject the subject, or null to name it with the subject name strategy from the topic
   * @throws NullPointerException if {@code type} or {@code url} is null
   */
  public static <T extends SpecificRecord> KavroSerializationSchema<T> forSpecific(Class<T> type, String subject,
      String url) {
    return forSpecific(type, subject, url, null);
  }

  /**
   * As {@link #forSpecific(Class, String, String)}, with Confluent's serde and registry keys (may be null).
   *
   * @throws NullPointerException if {@code type} or {@code url} is null
   */
  public static <T extends SpecificRecord> KavroSerializationSchema<T> forSpecific(Class<T> type, String subject,
      String url, Map<String, ?> registryConfigs) {
    Objects.requireNonNull(type, "type");
    return new KavroSerializationSchema<>(config(subject, url, registryConfigs), AvroWriting.specific(), false,
        false);
  }

  /**
   * Flink's internal rows of {@code rowType}, encoded straight to bytes with the table-derived writer schema (Flink's
   * own record names, so a table moved from {@code avro-confluent} registers the schema it registered before).
   *
   * @param subject the subject, or null to name it with the subject name strategy from the topic
   * @param registryConfigs Confluent's serde and registry keys, or null
   * @throws NullPointerException if {@code rowType} or {@code url} is null
   */
  public static KavroSerializationSchema<RowData> forRowData(RowType rowType, String subject, String url,
      Map<String, ?> registryConfigs) {
    return forRowData(rowType, null, subject, url, registryConfigs);
  }

  /**
   * As {@link #forRowData(RowType, String, String, Map)}, writing {@code writerSchema} (a record schema whose fields
   * the columns fill by name; a field without a column takes its default), or the table-derived schema where null.
   *
   * @throws IllegalArgumentException if the rows cannot be written with {@code writerSchema}
   */
  public static KavroSerializationSchema<RowData> forRowData(RowType rowType, Schema writerSchema, String subject,
      String url, Map<String, ?> registryConfigs) {
    Objects.requireNonNull(rowType, "rowType");
    FormatConfig config = config(subject, url, registryConfigs);
    if (writerSchema != null) {
      // Fails here, in the client, rather than in every task.
      dev.kavro.flink.row.RowEncoder.create(rowType, writerSchema, config.mapping());
    }
    return new KavroSerializationSchema<>(config, RowWriting.spec(rowType,
        writerSchema == null ? null : writerSchema.toString()), true, false);
  }

  private static FormatConfig config(String subject, String url, Map<String, ?> registryConfigs) {
    FormatConfig config = DataStreamConfigs.of(url, DataStreamConfigs.DEFAULT_IDENTITY_MAP_CAPACITY, registryConfigs);
    return subject == null ? config : FixedSubject.apply(config, subject);
  }

  /**
   * A copy that writes to {@code topic}: a subject name strategy names the subject from it where no subject was
   * given, and messages name it. {@link KavroKafkaRecordSerializationSchema} passes its topic instead.
   */
  public KavroSerializationSchema<T> withTopic(String topic) {
    return new KavroSerializationSchema<>(config.withTopic(topic), spec, rows, table);
  }

  /**
   * A copy that maps timestamps as {@code mapping} says (the default is {@link TimestampMapping#CORRECT}).
   *
   * @throws IllegalStateException for GenericRecord and specific records, which hold Avro's own values
   */
  public KavroSerializationSchema<T> withTimestampMapping(TimestampMapping mapping) {
    if (!rows) {
      throw new IllegalStateException("The timestamp mapping applies to RowData only; GenericRecord and specific "
          + "records hold Avro's values");
    }
    return new KavroSerializationSchema<>(config.withMapping(mapping), spec, rows, table);
  }

  /**
   * Takes the task manager's registry client and registers the metrics (group {@code kavro}); a table format also
   * resolves its schema id here, so that a registry that refuses it fails the task when it starts.
   *
   * @throws org.apache.kafka.common.config.ConfigException if the registry configs are invalid
   * @throws org.apache.flink.util.FlinkRuntimeException when a table format's schema id cannot be resolved
   */
  @Override
  public void open(InitializationContext context) {
    encoder = RecordEncoder.open(spec, config, context.getUserCodeClassLoader(), context.getMetricGroup());
    if (table) {
      encoder.writing().prepare(config.topic(), false);
    }
  }

  /**
   * The bytes of one value, for the topic {@link #withTopic} names.
   *
   * @return null for null (a tombstone)
   * @throws org.apache.flink.util.FlinkRuntimeException when the value does not fit the schema (a null where the
   *     schema has none, a string that is no symbol of its enum, a decimal that would lose digits), when the registry
   *     refuses the schema or does not have it ({@code auto.register.schemas=false}), or when the id would go in a
   *     header; the message names the topic, the side and the schema id
   * @throws IllegalStateException if {@link #open} was not called
   */
  @Override
  public byte[] serialize(T element) {
    return serialize(config.topic(), null, element);
  }

  /** The bytes of a value for {@code topic}; the schema id header goes into {@code headers} where ids go there. */
  byte[] serialize(String topic, Headers headers, T element) {
    RecordEncoder<T> e = encoder;
    if (e == null) {
      throw new IllegalStateException("open() was not called");
    }
    return e.encode(topic, headers, element);
  }
}
