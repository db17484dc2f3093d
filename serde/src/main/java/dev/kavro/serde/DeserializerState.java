package dev.kavro.serde;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import dev.kavro.plan.ClassProps;
import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.Migration;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RulePlan;
import dev.kavro.rules.RuleSettings;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ThreadScratch;
import dev.kavro.wire.SchemaId;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.Supplier;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.reflect.ReflectDatumReader;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * What a configured {@link KavroDeserializer} decided and learned: its settings, and per schema id the writer schema
 * with its resolved reader. Replaced as a whole by {@code configure}, so readers never see a half-built state.
 *
 * <p>Thread-safe: the id tables are lock-free for reads; resolving a new id calls the registry outside any lock.
 */
final class DeserializerState {
  private static final Logger LOG = LoggerFactory.getLogger(KavroDeserializer.class);
  /** Bound of each id table; beyond it the table starts over (see {@link IntObjectTable}). */
  private static final int MAX_CACHED_IDS = 10_000;

  final SchemaRegistry registry;
  final boolean ownsRegistry;
  final boolean isKey;
  final SubjectNames names;
  /** The reflect model with {@code schema.reflection}, else {@code null}. */
  final ReflectData reflectData;
  final Schema reflectReader;
  final boolean useLatest;
  final boolean specificReader;
  final boolean conversions;
  final boolean failOnTrailingData;
  final CompileMode mode;
  final RuleSettings rules;
  /** {@code use.latest.with.metadata}, or {@code null}. */
  final Map<String, String> latestMetadata;
  /** Explicit reader schema or the configured specific class's schema; {@code null} when neither is set. */
  final Schema fixedReader;
  final GenericData fixedModel;
  /** Where each record's id is, and the entry of each id. */
  final SchemaIdTable<Entry> ids;
  final ThreadScratch<ByteArrayDecoder> decoders = new ThreadScratch<>(ByteArrayDecoder::new);

  DeserializerState(
      KavroSerdeConfig config, boolean isKey, SchemaRegistry registry, boolean ownsRegistry, Schema explicit) {
    this.registry = registry;
    this.ownsRegistry = ownsRegistry;
    this.isKey = isKey;
    this.names = SubjectNames.of(config, isKey);
    if (config.schemaReflection()) {
      this.reflectData = ValueSchemas.reflectData(config.reflectionAllowNull(), config.useLogicalTypeConverters());
      this.reflectReader = reflectReader(config, isKey, reflectData, explicit);
    } else {
      this.reflectData = null;
      this.reflectReader = null;
    }
    this.useLatest = config.useLatestVersion();
    this.specificReader = config.specificAvroReader();
    this.conversions = config.useLogicalTypeConverters();
    this.failOnTrailingData = config.failOnTrailingData();
    this.mode = config.compileMode();
    this.rules = config.ruleSettings();
    this.latestMetadata = config.useLatestWithMetadata();
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
    this.ids = new SchemaIdTable<>(registry, config, names, MAX_CACHED_IDS, SerdeErrors.ADAPTER, this::newEntry);
  }

  /**
   * The reader schema of {@code schema.reflection}: the explicit reader schema, else the configured class's. Confluent
   * loads the class named by the writer schema here; Kavro never does, so the class must be configured.
   */
  private static Schema reflectReader(KavroSerdeConfig config, boolean isKey, ReflectData model, Schema explicit) {
    if (explicit != null) {
      return explicit;
    }
    Class<?> type = config.reflectionType(isKey);
    if (type == null) {
      throw new ConfigException(KavroSerdeConfig.SCHEMA_REFLECTION_CONFIG + "=true on a deserializer needs "
          + (isKey ? KavroSerdeConfig.KAVRO_REFLECTION_KEY_TYPE_CONFIG
              : KavroSerdeConfig.KAVRO_REFLECTION_VALUE_TYPE_CONFIG)
          + " (the class to read into) or a reader schema: Kavro never loads a class named by a writer schema, "
          + "which is what Confluent's deserializer does here");
    }
    try {
      return model.getSchema(type);
    } catch (RuntimeException e) {
      throw new ConfigException("Avro reflection cannot derive a schema for " + type.getName() + ": "
          + e.getMessage());
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

  /** The entry of one writer schema: its reader (unless it reads into the latest version) and its READ rules. */
  private Entry newEntry(String topic, SchemaId id, Schema writer, SchemaContract contract) {
    if (reflectData != null && !isPrimitive(writer)) {
      RulePlan plan = contract.hasRules() ? readPlan(contract, writer, subjectOrNull(topic, writer)) : null;
      return new Entry(id, writer, contract, reflectReader(topic, id, writer), plan);
    }
    if (writer.getType() == Schema.Type.BYTES || (fixedReader == null && readsLatest())) {
      return new Entry(id, writer, contract, null, null);
    }
    // Registry schemas never name classes for Avro to load; a generated class's own schema may.
    Schema untrusted = ClassProps.strip(writer);
    if (fixedReader != null) {
      if (contract.hasRules()) {
        // Confluent runs no rules when the reader schema is a configured class: say so rather than skip silently.
        LOG.warn("Schema {} has data-contract rules, which do not run with a fixed reader schema ({}); {}",
            id, fixedReader.getFullName(), SerdeErrors.where(topic, isKey, id));
      }
      return new Entry(id, writer, contract, newReader(topic, id, untrusted, fixedReader, () -> fixedModel), null);
    }
    Schema reader = specificReader ? specificReaderSchema(topic, id, untrusted) : untrusted;
    RulePlan plan = contract.hasRules() ? readPlan(contract, writer, subjectOrNull(topic, writer)) : null;
    return new Entry(id, writer, contract, newReader(topic, id, untrusted, reader, () -> model(untrusted, reader)),
        plan);
  }

  private DatumReader<Object> reflectReader(String topic, SchemaId id, Schema writer) {
    try {
      return new ReflectDatumReader<>(writer, reflectReader, reflectData);
    } catch (RuntimeException e) {
      throw SerdeErrors.serialization("Cannot read the writer schema into " + reflectReader.getFullName()
          + " with Avro reflection", SerdeErrors.where(topic, isKey, id), e);
    }
  }

  private static boolean isPrimitive(Schema writer) {
    return switch (writer.getType()) {
      case RECORD, ENUM, FIXED, ARRAY, MAP, UNION -> false;
      default -> true;
    };
  }

  /** Whether the reader schema is the subject's latest version (with {@code use.latest.with.metadata} too). */
  private boolean readsLatest() {
    return useLatest || latestMetadata != null;
  }

  private RulePlan readPlan(SchemaContract contract, Schema target, String subject) {
    return RulePlan.of(rules, contract, target, subject, RuleMode.READ);
  }

  /** The subject rules report; a strategy that cannot name it (no topic) leaves it unknown. */
  private String subjectOrNull(String topic, Schema writer) {
    try {
      return topic == null ? null : names.strategy().subject(topic, isKey, writer);
    } catch (RuntimeException e) {
      return null;
    }
  }

  /**
   * The reader and read rules with {@code use.latest.version} or {@code use.latest.with.metadata}; the registry
   * client caches the latest version.
   */
  Latest latestReader(String topic, Entry entry) {
    if (topic == null) {
      throw SerdeErrors.serialization("Cannot use the latest version without a topic",
          SerdeErrors.where(null, isKey, entry.schemaId), "topic is null");
    }
    Latest known = entry.latestByTopic.get(topic);
    String subject = known != null ? known.subject() : subject(topic, entry);
    RegisteredSchema latestVersion;
    try {
      latestVersion = latestMetadata != null ? registry.latestWithMetadata(subject, latestMetadata)
          : registry.latest(subject);
    } catch (RegistryException e) {
      if (known != null) {
        if (known.warned().compareAndSet(false, true)) {
          LOG.warn("Cannot refresh the latest version of subject '{}' {}; reading with the last known one: {}",
              subject, SerdeErrors.where(topic, isKey, entry.schemaId), e.getMessage());
        }
        return known;
      }
      throw SerdeErrors.registry("Error retrieving latest version of Avro schema under subject '" + subject + "'",
          SerdeErrors.where(topic, isKey, entry.schemaId), e);
    }
    Schema latest = ClassProps.strip(latestVersion.schema());
    if (known != null && known.latestId() == latestVersion.id()
        && (known.readerSchema() == latest || known.readerSchema().equals(latest))) {
      return known;
    }
    Schema writer = ClassProps.strip(entry.writer);
    DatumReader<Object> reader = newReader(topic, entry.schemaId, writer, latest, () -> model(writer, latest));
    Migration migration = migration(topic, subject, entry, latestVersion);
    if (migration != null) {
      // Migration rules work on the writer's data as written, so that reader reads without resolution.
      reader = migration.reader(newReader(topic, entry.schemaId, writer, writer, () -> DataModels.generic(false)),
          writer, latest, model(writer, latest), isKey);
    }
    Latest fresh = new Latest(subject, latestVersion.id(), latest, reader,
        readPlan(latestVersion.contract(), latest, subject), new AtomicBoolean());
    entry.latestByTopic.put(topic, fresh);
    return fresh;
  }

  /**
   * The migration from the writer's version to {@code latest}, or {@code null}. The writer's version is looked up
   * only when either side has migration rules: a subject whose versions carry none needs no lookup.
   */
  private Migration migration(String topic, String subject, Entry entry, RegisteredSchema latest) {
    if (!hasMigrationRules(latest.contract()) && !hasMigrationRules(entry.contract)) {
      return null;
    }
    try {
      RegisteredSchema written = registry.lookup(subject, entry.writer, false);
      RegisteredSchema writer = new RegisteredSchema(subject, written.id(), written.version(), written.text(),
          written.references(), written.schema(), entry.contract);
      return Migration.between(rules, registry, subject, topic, writer, latest);
    } catch (RegistryException e) {
      throw SerdeErrors.registry("Error finding the version of the writer schema under subject '" + subject
          + "' for its migration rules", SerdeErrors.where(topic, isKey, entry.schemaId), e);
    }
  }

  private static boolean hasMigrationRules(SchemaContract contract) {
    return contract.ruleSet() != null && !contract.ruleSet().migrationRules().isEmpty();
  }

  private String subject(String topic, Entry entry) {
    try {
      return names.subject(topic, entry.writer);
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
    return specificReader && !isPrimitive(writer) ? DataModels.specific(reader, conversions) : DataModels.generic(conversions);
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
    rules.close();
    if (ownsRegistry) {
      registry.close();
    }
  }

  enum Kind { BYTES, STRING, OTHER }

  /**
   * What one schema id resolves to. {@code reader} is fixed unless the reader schema is the subject's latest
   * version, which depends on the topic and may change; those readers live in {@code latestByTopic}.
   */
  static final class Entry {
    final SchemaId schemaId;
    final Schema writer;
    final SchemaContract contract;
    final Kind kind;
    final DatumReader<Object> reader;
    /** The READ rules of the writer schema; {@code null} when it has none (the common case costs one check). */
    final RulePlan readRules;
    final Map<String, Latest> latestByTopic = new ConcurrentHashMap<>();

    Entry(SchemaId schemaId, Schema writer, SchemaContract contract, DatumReader<Object> reader,
        RulePlan readRules) {
      this.schemaId = schemaId;
      this.writer = writer;
      this.contract = contract;
      this.readRules = readRules;
      this.kind = switch (writer.getType()) {
        case BYTES -> Kind.BYTES;
        case STRING -> Kind.STRING;
        default -> Kind.OTHER;
      };
      this.reader = reader;
    }
  }

  /** The latest reader of one topic for one writer, with its READ rules; kept when the registry later fails. */
  record Latest(String subject, int latestId, Schema readerSchema, DatumReader<Object> reader, RulePlan readRules,
      AtomicBoolean warned) {}
}
