package dev.kavro.serde;

import dev.kavro.SupportedVersions;
import dev.kavro.cache.ReaderCache;
import dev.kavro.cache.WriterCache;
import dev.kavro.avro.CompileMode;
import dev.kavro.registry.RegistryClientConfig;
import dev.kavro.rules.RuleSettings;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.avro.specific.SpecificRecord;
import org.apache.kafka.common.Configurable;
import org.apache.kafka.common.config.AbstractConfig;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Configuration of {@link KavroSerializer} and {@link KavroDeserializer}: Confluent's serde keys with Confluent's
 * names and defaults, Kavro's own {@code kavro.*} keys, and the registry client's keys
 * ({@link RegistryClientConfig}).
 *
 * <p>Confluent keys that Kavro does not implement (see {@link UnsupportedConfluentKeys} and the README's migration
 * table) are logged once at WARN when the config is built, and otherwise ignored. Keys that are
 * not serde keys at all (producer and consumer configs passed on by Kafka) are ignored silently.
 *
 * <p>Immutable and thread-safe once built.
 */
public final class KavroSerdeConfig extends AbstractConfig {
  private static final Logger LOG = LoggerFactory.getLogger(KavroSerdeConfig.class);

  public static final String AUTO_REGISTER_SCHEMAS_CONFIG = "auto.register.schemas";
  public static final boolean AUTO_REGISTER_SCHEMAS_DEFAULT = true;
  private static final String AUTO_REGISTER_SCHEMAS_DOC = "Serializer: register the record's schema under its subject "
      + "if it is not registered yet. Checked before use.schema.id and use.latest.version.";

  public static final String USE_LATEST_VERSION_CONFIG = "use.latest.version";
  public static final boolean USE_LATEST_VERSION_DEFAULT = false;
  private static final String USE_LATEST_VERSION_DOC = "Serializer (with auto.register.schemas=false): write with the "
      + "subject's latest schema. Deserializer: read into the subject's latest schema.";

  public static final String LATEST_COMPATIBILITY_STRICT_CONFIG = "latest.compatibility.strict";
  public static final boolean LATEST_COMPATIBILITY_STRICT_DEFAULT = true;
  private static final String LATEST_COMPATIBILITY_STRICT_DOC = "With use.latest.version, the serializer checks that "
      + "the latest schema can read data written with the record's schema.";

  public static final String USE_SCHEMA_ID_CONFIG = "use.schema.id";
  public static final int USE_SCHEMA_ID_DEFAULT = -1;
  private static final String USE_SCHEMA_ID_DOC = "Serializer (with auto.register.schemas=false): write with this "
      + "schema id. -1 means unset.";

  public static final String ID_COMPATIBILITY_STRICT_CONFIG = "id.compatibility.strict";
  public static final boolean ID_COMPATIBILITY_STRICT_DEFAULT = true;
  private static final String ID_COMPATIBILITY_STRICT_DOC = "With use.schema.id, the serializer checks that the "
      + "schema behind the id can read data written with the record's schema.";

  public static final String NORMALIZE_SCHEMAS_CONFIG = "normalize.schemas";
  public static final boolean NORMALIZE_SCHEMAS_DEFAULT = false;
  private static final String NORMALIZE_SCHEMAS_DOC = "Ask the registry to normalize schemas on register and lookup.";

  public static final String KEY_SUBJECT_NAME_STRATEGY_CONFIG = "key.subject.name.strategy";
  public static final String VALUE_SUBJECT_NAME_STRATEGY_CONFIG = "value.subject.name.strategy";
  public static final String SUBJECT_NAME_STRATEGY_DEFAULT = TopicNameStrategy.class.getName();
  private static final String SUBJECT_NAME_STRATEGY_DOC = "Class that names the registry subject: Kavro's "
      + "TopicNameStrategy, RecordNameStrategy, TopicRecordNameStrategy or any SubjectNameStrategy, or Confluent's "
      + "class names io.confluent.kafka.serializers.subject.{TopicNameStrategy,RecordNameStrategy,"
      + "TopicRecordNameStrategy}, which map to Kavro's. Confluent's AssociatedNameStrategy falls back to topic names.";

  public static final String SPECIFIC_AVRO_READER_CONFIG = "specific.avro.reader";
  public static final boolean SPECIFIC_AVRO_READER_DEFAULT = false;
  private static final String SPECIFIC_AVRO_READER_DOC = "Deserializer: return generated SpecificRecord classes "
      + "instead of GenericRecord.";

  public static final String SPECIFIC_AVRO_KEY_TYPE_CONFIG = "specific.avro.key.type";
  public static final String SPECIFIC_AVRO_VALUE_TYPE_CONFIG = "specific.avro.value.type";
  private static final String SPECIFIC_AVRO_TYPE_DOC = "Deserializer: a SpecificRecord class whose schema is the reader "
      + "schema. Only used with specific.avro.reader=true.";

  public static final String AVRO_USE_LOGICAL_TYPE_CONVERTERS_CONFIG = "avro.use.logical.type.converters";
  public static final boolean AVRO_USE_LOGICAL_TYPE_CONVERTERS_DEFAULT = false;
  private static final String AVRO_USE_LOGICAL_TYPE_CONVERTERS_DOC = "Map logical types to Java types (BigDecimal, "
      + "UUID, LocalDate, LocalTime, Instant, LocalDateTime) in generic data.";

  public static final String AVRO_FAIL_ON_TRAILING_DATA_CONFIG = "avro.fail.on.trailing.data";
  public static final boolean AVRO_FAIL_ON_TRAILING_DATA_DEFAULT = false;
  private static final String AVRO_FAIL_ON_TRAILING_DATA_DOC = "Deserializer: fail when bytes are left after the "
      + "Avro datum.";

  public static final String CONTEXT_NAME_STRATEGY_CONFIG = "context.name.strategy";
  private static final String CONTEXT_NAME_STRATEGY_DOC = "A class implementing dev.kavro.serde.ContextNameStrategy: "
      + "subjects become :.context:subject and schema ids are looked up in the topic's context. Unset (or "
      + "Confluent's NullContextNameStrategy): the default context.";

  public static final String KEY_SCHEMA_ID_SERIALIZER_CONFIG = "key.schema.id.serializer";
  public static final String VALUE_SCHEMA_ID_SERIALIZER_CONFIG = "value.schema.id.serializer";
  private static final String SCHEMA_ID_SERIALIZER_DOC = "Serializer: where the schema id goes. prefix (or Confluent's "
      + "io.confluent.kafka.serializers.schema.id.PrefixSchemaIdSerializer, the default): 0x00 + int32 id before the "
      + "Avro body. header (or ...HeaderSchemaIdSerializer): 0x01 + the schema's 16-byte GUID in the "
      + "__key_schema_id / __value_schema_id header and plain Avro as the payload; needs a registry that returns "
      + "GUIDs (Confluent 8) and the serialize(topic, headers, data) call.";

  public static final String KEY_SCHEMA_ID_DESERIALIZER_CONFIG = "key.schema.id.deserializer";
  public static final String VALUE_SCHEMA_ID_DESERIALIZER_CONFIG = "value.schema.id.deserializer";
  private static final String SCHEMA_ID_DESERIALIZER_DOC = "Deserializer: where the schema id is read from. dual (or "
      + "Confluent's ...DualSchemaIdDeserializer, the default): the header if present, else the payload prefix; "
      + "prefix (...PrefixSchemaIdDeserializer): the payload prefix only; config (...ConfigSchemaIdDeserializer): "
      + "use.schema.id or use.schema.guid, with the whole payload as Avro.";

  public static final String USE_SCHEMA_GUID_CONFIG = "use.schema.guid";
  private static final String USE_SCHEMA_GUID_DOC = "Serializer (with auto.register.schemas=false): write with the "
      + "schema of this GUID; its id is looked up under the subject. Deserializer with the config schema id "
      + "deserializer: read every record with this GUID's schema.";

  public static final String SCHEMA_REFLECTION_CONFIG = "schema.reflection";
  private static final String SCHEMA_REFLECTION_DOC = "Serializer: derive the schema of any non-primitive value with "
      + "Avro's ReflectData and write it with ReflectDatumWriter, as Confluent does. Deserializer: read into the "
      + "class of kavro.reflection.key.type / kavro.reflection.value.type with ReflectDatumReader (required: Kavro "
      + "never loads a class named by a writer schema).";

  public static final String AVRO_REFLECTION_ALLOW_NULL_CONFIG = "avro.reflection.allow.null";
  private static final String AVRO_REFLECTION_ALLOW_NULL_DOC = "With schema.reflection: use ReflectData.AllowNull, "
      + "so every field of a reflected class may be null.";

  public static final String AVRO_REMOVE_JAVA_PROPERTIES_CONFIG = "avro.remove.java.properties";
  private static final String AVRO_REMOVE_JAVA_PROPERTIES_DOC = "Serializer: remove the avro.java.string property "
      + "from the schemas of records (generated classes carry it) before registering and writing them.";

  public static final String KAVRO_REFLECTION_KEY_TYPE_CONFIG = "kavro.reflection.key.type";
  public static final String KAVRO_REFLECTION_VALUE_TYPE_CONFIG = "kavro.reflection.value.type";
  private static final String KAVRO_REFLECTION_TYPE_DOC = "Deserializer with schema.reflection=true: the class to read "
      + "keys / values into (its ReflectData schema is the reader schema).";

  public static final String KAVRO_READER_MODE_CONFIG = "kavro.reader.mode";
  public static final String KAVRO_READER_MODE_DEFAULT = "async";
  private static final String KAVRO_READER_MODE_DOC = "async: serve interpreted reads and writes at once, switch to "
      + "compiled code when it is ready; compiled: compile on first use and wait; fallback: never compile.";

  public static final String KAVRO_READER_SCHEMA_CONFIG = "kavro.reader.schema";
  private static final String KAVRO_READER_SCHEMA_DOC = "Deserializer: an explicit reader schema, as Avro JSON. Takes "
      + "precedence over use.latest.version and the specific class of the writer's schema.";

  public static final String KAVRO_READER_CACHE_MAX_CONFIG = "kavro.reader.cache.max";
  public static final int KAVRO_READER_CACHE_MAX_DEFAULT = ReaderCache.DEFAULT_MAX_ENTRIES;
  private static final String KAVRO_READER_CACHE_MAX_DOC = "The most compiled readers (and, separately, writers) "
      + "kept in the process-wide caches; idle ones are evicted after an hour. Every Kavro serde in the JVM shares the cache: the last "
      + "configure() that sets this key wins.";

  public static final String KAVRO_COMPILE_THREADS_CONFIG = "kavro.compile.threads";
  public static final int KAVRO_COMPILE_THREADS_DEFAULT = ReaderCache.DEFAULT_COMPILE_THREADS;
  private static final String KAVRO_COMPILE_THREADS_DOC = "Background threads that compile readers (and as many for writers), shared by every "
      + "Kavro serde in the JVM; the last configure() that sets this key wins.";

  public static final String KAVRO_COMPILE_THRESHOLD_CONFIG = "kavro.compile.threshold";
  public static final int KAVRO_COMPILE_THRESHOLD_DEFAULT = ReaderCache.DEFAULT_COMPILE_THRESHOLD;
  private static final String KAVRO_COMPILE_THRESHOLD_DOC = "In async mode, how many records of one (writer schema, "
      + "reader schema) pair are read by the fallback before the pair is compiled in the background (0: at once). "
      + "Schema ids seen only a few times then cost no compile time and no metaspace. Shared by every Kavro serde in "
      + "the JVM; the last configure() that sets this key wins.";

  public static final String USE_LATEST_WITH_METADATA_CONFIG = "use.latest.with.metadata";
  private static final String USE_LATEST_WITH_METADATA_DOC = "Serializer (with auto.register.schemas=false) and "
      + "deserializer: use the subject's latest version whose metadata properties hold these entries, for example "
      + "'application.major.version=2' (comma-separated key=value pairs). Takes precedence over use.latest.version.";

  public static final String RULE_EXECUTORS_CONFIG = RuleSettings.RULE_EXECUTORS;
  private static final String RULE_EXECUTORS_DOC = "Names of configured rule executors; each is set with "
      + "rule.executors.<name>.class (Confluent's CelExecutor, CelFieldExecutor, JsonataExecutor, or a class "
      + "implementing dev.kavro.rules.RuleExecutor) and rule.executors.<name>.param.*. "
      + "rule.executors.<rule name|_TYPE_|_default_>.onSuccess/onFailure/disabled override rules.";
  public static final String RULE_ACTIONS_CONFIG = RuleSettings.RULE_ACTIONS;
  private static final String RULE_ACTIONS_DOC = "Names of configured rule actions; rule.actions.<name>.class may name "
      + "Confluent's DlqAction, with rule.actions.<name>.param.dlq.topic and producer settings.";
  public static final String RULE_SERVICE_LOADER_ENABLE_CONFIG = RuleSettings.RULE_SERVICE_LOADER_ENABLE;
  private static final String RULE_SERVICE_LOADER_ENABLE_DOC = "Make the built-in executors (CEL, CEL_FIELD, "
      + "JSONATA), the DLQ action and any dev.kavro.rules.RuleExecutor service available without listing them.";
  public static final String EXECUTION_ENVIRONMENT_CONFIG = RuleSettings.EXECUTION_ENVIRONMENT;
  private static final String EXECUTION_ENVIRONMENT_DOC = "The environment this client runs rules in (ALL, CLIENT, "
      + "GATEWAY, SERVER, NONE); a rule set whose enableAt names another environment does not run.";
  public static final String KAVRO_RULES_UNSUPPORTED_CONFIG = RuleSettings.UNSUPPORTED_RULES;
  private static final String KAVRO_RULES_UNSUPPORTED_DOC = "fail (default): a data-contract rule Kavro cannot "
      + "execute (ENCRYPT, encoding rules, unknown types) fails every record it applies to with a "
      + "SerializationException naming it. warn: such rules are skipped, with a WARN when the schema is first used.";

  private static final ConfigDef CONFIG = RegistryClientConfig.addDefinitions(new ConfigDef())
      .define(AUTO_REGISTER_SCHEMAS_CONFIG, Type.BOOLEAN, AUTO_REGISTER_SCHEMAS_DEFAULT, Importance.MEDIUM,
          AUTO_REGISTER_SCHEMAS_DOC)
      .define(USE_LATEST_VERSION_CONFIG, Type.BOOLEAN, USE_LATEST_VERSION_DEFAULT, Importance.LOW,
          USE_LATEST_VERSION_DOC)
      .define(LATEST_COMPATIBILITY_STRICT_CONFIG, Type.BOOLEAN, LATEST_COMPATIBILITY_STRICT_DEFAULT, Importance.LOW,
          LATEST_COMPATIBILITY_STRICT_DOC)
      .define(USE_SCHEMA_ID_CONFIG, Type.INT, USE_SCHEMA_ID_DEFAULT, Importance.LOW, USE_SCHEMA_ID_DOC)
      .define(ID_COMPATIBILITY_STRICT_CONFIG, Type.BOOLEAN, ID_COMPATIBILITY_STRICT_DEFAULT, Importance.LOW,
          ID_COMPATIBILITY_STRICT_DOC)
      .define(NORMALIZE_SCHEMAS_CONFIG, Type.BOOLEAN, NORMALIZE_SCHEMAS_DEFAULT, Importance.LOW,
          NORMALIZE_SCHEMAS_DOC)
      .define(KEY_SUBJECT_NAME_STRATEGY_CONFIG, Type.STRING, SUBJECT_NAME_STRATEGY_DEFAULT,
          SubjectNameStrategies::validate, Importance.MEDIUM, SUBJECT_NAME_STRATEGY_DOC)
      .define(VALUE_SUBJECT_NAME_STRATEGY_CONFIG, Type.STRING, SUBJECT_NAME_STRATEGY_DEFAULT,
          SubjectNameStrategies::validate, Importance.MEDIUM, SUBJECT_NAME_STRATEGY_DOC)
      .define(SPECIFIC_AVRO_READER_CONFIG, Type.BOOLEAN, SPECIFIC_AVRO_READER_DEFAULT, Importance.LOW,
          SPECIFIC_AVRO_READER_DOC)
      .define(SPECIFIC_AVRO_KEY_TYPE_CONFIG, Type.CLASS, null, KavroSerdeConfig::validateSpecificType,
          Importance.LOW, SPECIFIC_AVRO_TYPE_DOC)
      .define(SPECIFIC_AVRO_VALUE_TYPE_CONFIG, Type.CLASS, null, KavroSerdeConfig::validateSpecificType,
          Importance.LOW, SPECIFIC_AVRO_TYPE_DOC)
      .define(AVRO_USE_LOGICAL_TYPE_CONVERTERS_CONFIG, Type.BOOLEAN, AVRO_USE_LOGICAL_TYPE_CONVERTERS_DEFAULT,
          Importance.LOW, AVRO_USE_LOGICAL_TYPE_CONVERTERS_DOC)
      .define(AVRO_FAIL_ON_TRAILING_DATA_CONFIG, Type.BOOLEAN, AVRO_FAIL_ON_TRAILING_DATA_DEFAULT, Importance.LOW,
          AVRO_FAIL_ON_TRAILING_DATA_DOC)
      .define(CONTEXT_NAME_STRATEGY_CONFIG, Type.STRING, null, ContextNames::validate, Importance.LOW,
          CONTEXT_NAME_STRATEGY_DOC)
      .define(KEY_SCHEMA_ID_SERIALIZER_CONFIG, Type.STRING, SchemaIdPlacement.CONFLUENT_PREFIX_SERIALIZER,
          SchemaIdPlacement::validateSerializer, Importance.LOW, SCHEMA_ID_SERIALIZER_DOC)
      .define(VALUE_SCHEMA_ID_SERIALIZER_CONFIG, Type.STRING, SchemaIdPlacement.CONFLUENT_PREFIX_SERIALIZER,
          SchemaIdPlacement::validateSerializer, Importance.LOW, SCHEMA_ID_SERIALIZER_DOC)
      .define(KEY_SCHEMA_ID_DESERIALIZER_CONFIG, Type.STRING, SchemaIdPlacement.CONFLUENT_DUAL_DESERIALIZER,
          SchemaIdPlacement::validateDeserializer, Importance.LOW, SCHEMA_ID_DESERIALIZER_DOC)
      .define(VALUE_SCHEMA_ID_DESERIALIZER_CONFIG, Type.STRING, SchemaIdPlacement.CONFLUENT_DUAL_DESERIALIZER,
          SchemaIdPlacement::validateDeserializer, Importance.LOW, SCHEMA_ID_DESERIALIZER_DOC)
      .define(USE_SCHEMA_GUID_CONFIG, Type.STRING, null, KavroSerdeConfig::validateGuid, Importance.LOW,
          USE_SCHEMA_GUID_DOC)
      .define(SCHEMA_REFLECTION_CONFIG, Type.BOOLEAN, false, Importance.LOW, SCHEMA_REFLECTION_DOC)
      .define(AVRO_REFLECTION_ALLOW_NULL_CONFIG, Type.BOOLEAN, false, Importance.LOW, AVRO_REFLECTION_ALLOW_NULL_DOC)
      .define(AVRO_REMOVE_JAVA_PROPERTIES_CONFIG, Type.BOOLEAN, false, Importance.LOW,
          AVRO_REMOVE_JAVA_PROPERTIES_DOC)
      .define(KAVRO_REFLECTION_KEY_TYPE_CONFIG, Type.CLASS, null, Importance.LOW, KAVRO_REFLECTION_TYPE_DOC)
      .define(KAVRO_REFLECTION_VALUE_TYPE_CONFIG, Type.CLASS, null, Importance.LOW, KAVRO_REFLECTION_TYPE_DOC)
      .define(KAVRO_READER_MODE_CONFIG, Type.STRING, KAVRO_READER_MODE_DEFAULT,
          ConfigDef.CaseInsensitiveValidString.in("async", "compiled", "fallback"), Importance.LOW,
          KAVRO_READER_MODE_DOC)
      .define(KAVRO_READER_SCHEMA_CONFIG, Type.STRING, null, Importance.LOW, KAVRO_READER_SCHEMA_DOC)
      .define(KAVRO_READER_CACHE_MAX_CONFIG, Type.INT, KAVRO_READER_CACHE_MAX_DEFAULT, ConfigDef.Range.atLeast(1),
          Importance.LOW, KAVRO_READER_CACHE_MAX_DOC)
      .define(KAVRO_COMPILE_THRESHOLD_CONFIG, Type.INT, KAVRO_COMPILE_THRESHOLD_DEFAULT, ConfigDef.Range.atLeast(0),
          Importance.LOW, KAVRO_COMPILE_THRESHOLD_DOC)
      .define(KAVRO_COMPILE_THREADS_CONFIG, Type.INT, KAVRO_COMPILE_THREADS_DEFAULT, ConfigDef.Range.between(1, 64),
          Importance.LOW, KAVRO_COMPILE_THREADS_DOC)
      .define(USE_LATEST_WITH_METADATA_CONFIG, Type.STRING, null, Importance.LOW, USE_LATEST_WITH_METADATA_DOC)
      .define(RULE_EXECUTORS_CONFIG, Type.LIST, "", Importance.LOW, RULE_EXECUTORS_DOC)
      .define(RULE_ACTIONS_CONFIG, Type.LIST, "", Importance.LOW, RULE_ACTIONS_DOC)
      .define(RULE_SERVICE_LOADER_ENABLE_CONFIG, Type.BOOLEAN, true, Importance.LOW, RULE_SERVICE_LOADER_ENABLE_DOC)
      .define(EXECUTION_ENVIRONMENT_CONFIG, Type.STRING, null,
          ConfigDef.LambdaValidator.with((name, value) -> {
            if (value != null && !List.of("ALL", "CLIENT", "GATEWAY", "SERVER", "NONE").contains(value)) {
              throw new ConfigException(name, value, "must be one of ALL, CLIENT, GATEWAY, SERVER, NONE");
            }
          }, () -> "ALL, CLIENT, GATEWAY, SERVER, NONE"), Importance.LOW, EXECUTION_ENVIRONMENT_DOC)
      .define(KAVRO_RULES_UNSUPPORTED_CONFIG, Type.STRING, "fail", ConfigDef.ValidString.in("fail", "warn"),
          Importance.LOW, KAVRO_RULES_UNSUPPORTED_DOC);

  private static final String INJECTED_REGISTRY_PLACEHOLDER = "mock://kavro-injected-registry";

  private final Schema readerSchema;

  /**
   * Parses and validates {@code originals}; logs each unsupported Confluent key once at WARN.
   *
   * @throws ConfigException if a value is invalid: a required key is missing, a strategy or specific class cannot
   *     be used, or the reader schema does not parse
   * @throws org.apache.kafka.common.KafkaException if the Avro or Kafka clients on the classpath are older than
   *     Kavro supports ({@link SupportedVersions})
   */
  public KavroSerdeConfig(Map<String, ?> originals) {
    super(CONFIG, strategyClassesAsNames(originals), false);
    SupportedVersions.check();
    for (String key : UnsupportedConfluentKeys.find(originals, CONFIG.names())) {
      LOG.warn("Configuration '{}' is a Confluent serde setting that Kavro does not support; it is ignored", key);
    }
    this.readerSchema = parseReaderSchema(getString(KAVRO_READER_SCHEMA_CONFIG));
  }

  /**
   * The config of a serde built around an injected registry: {@code schema.registry.url} is then not required, so a
   * placeholder stands in for it when absent. The injected registry is used whatever the URL says.
   */
  static KavroSerdeConfig forSerde(Map<String, ?> configs, boolean registryInjected) {
    KavroSerdeConfig config = parse(configs, registryInjected);
    config.applyCacheSettings();
    return config;
  }

  private static KavroSerdeConfig parse(Map<String, ?> configs, boolean registryInjected) {
    if (!registryInjected || configs.get(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG) != null) {
      return new KavroSerdeConfig(configs);
    }
    Map<String, Object> copy = new HashMap<>(configs);
    copy.put(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, INJECTED_REGISTRY_PLACEHOLDER);
    return new KavroSerdeConfig(copy);
  }

  /** A copy of the definition of every key, for documentation and tools. */
  public static ConfigDef configDef() {
    return new ConfigDef(CONFIG);
  }

  /** {@code auto.register.schemas}: whether writers register the record's schema under its subject. */
  public boolean autoRegisterSchemas() {
    return getBoolean(AUTO_REGISTER_SCHEMAS_CONFIG);
  }

  /** {@code use.latest.version}: whether writers use the subject's latest registered version. */
  public boolean useLatestVersion() {
    return getBoolean(USE_LATEST_VERSION_CONFIG);
  }

  /** {@code latest.compatibility.strict}: whether the latest version must be able to read the record's schema. */
  public boolean latestCompatibilityStrict() {
    return getBoolean(LATEST_COMPATIBILITY_STRICT_CONFIG);
  }

  /** {@code use.schema.id}: the fixed schema id to write with, or {@code -1} when unset. */
  public int useSchemaId() {
    return getInt(USE_SCHEMA_ID_CONFIG);
  }

  /** {@code id.compatibility.strict}: whether the schema of a fixed id must be able to read the record's schema. */
  public boolean idCompatibilityStrict() {
    return getBoolean(ID_COMPATIBILITY_STRICT_CONFIG);
  }

  /** {@code normalize.schemas}: whether schemas are normalized before they are registered or looked up. */
  public boolean normalizeSchemas() {
    return getBoolean(NORMALIZE_SCHEMAS_CONFIG);
  }

  /** {@code specific.avro.reader}: whether records are read into generated classes. */
  public boolean specificAvroReader() {
    return getBoolean(SPECIFIC_AVRO_READER_CONFIG);
  }

  /** {@code avro.use.logical.type.converters}: whether logical types are read and written as their Java types. */
  public boolean useLogicalTypeConverters() {
    return getBoolean(AVRO_USE_LOGICAL_TYPE_CONVERTERS_CONFIG);
  }

  /** {@code avro.fail.on.trailing.data}: whether bytes left after the datum fail the record. */
  public boolean failOnTrailingData() {
    return getBoolean(AVRO_FAIL_ON_TRAILING_DATA_CONFIG);
  }

  /**
   * The entries of {@code use.latest.with.metadata}, in order, or {@code null} when it is not set.
   *
   * @throws ConfigException when an entry is not {@code key=value}
   */
  public Map<String, String> useLatestWithMetadata() {
    String spec = getString(USE_LATEST_WITH_METADATA_CONFIG);
    if (spec == null || spec.isBlank()) {
      return null;
    }
    Map<String, String> entries = new java.util.LinkedHashMap<>();
    for (String part : spec.split(",")) {
      int eq = part.indexOf('=');
      if (eq <= 0) {
        throw new ConfigException(USE_LATEST_WITH_METADATA_CONFIG, spec, "entries must be key=value");
      }
      entries.put(part.substring(0, eq).trim(), part.substring(eq + 1).trim());
    }
    return entries;
  }

  /**
   * The rule executors, actions and policies of this configuration.
   *
   * @throws ConfigException when an executor or action cannot be used
   */
  public RuleSettings ruleSettings() {
    return new RuleSettings(originals());
  }

  /** The configured context strategy, configured with this config's originals. */
  ContextNames contextNames() {
    return ContextNames.create(CONTEXT_NAME_STRATEGY_CONFIG, getString(CONTEXT_NAME_STRATEGY_CONFIG), originals());
  }

  /** Where the serializer of the key or value side puts the schema id. */
  SchemaIdPlacement schemaIdSerializer(boolean isKey) {
    return SchemaIdPlacement.ofSerializer(getString(isKey ? KEY_SCHEMA_ID_SERIALIZER_CONFIG
        : VALUE_SCHEMA_ID_SERIALIZER_CONFIG));
  }

  /** Where the deserializer of the key or value side reads the schema id from. */
  SchemaIdPlacement schemaIdDeserializer(boolean isKey) {
    return SchemaIdPlacement.ofDeserializer(getString(isKey ? KEY_SCHEMA_ID_DESERIALIZER_CONFIG
        : VALUE_SCHEMA_ID_DESERIALIZER_CONFIG));
  }

  /** The {@code use.schema.guid} GUID, or {@code null}. */
  UUID useSchemaGuid() {
    String guid = getString(USE_SCHEMA_GUID_CONFIG);
    return guid == null || guid.isBlank() ? null : UUID.fromString(guid.trim());
  }

  /** {@code schema.reflection}: whether values are read and written with Avro's reflection model. */
  public boolean schemaReflection() {
    return getBoolean(SCHEMA_REFLECTION_CONFIG);
  }

  /** {@code avro.remove.java.properties}: whether {@code java.*} properties are stripped before registering. */
  public boolean removeJavaProperties() {
    return getBoolean(AVRO_REMOVE_JAVA_PROPERTIES_CONFIG);
  }

  /** {@code avro.reflection.allow.null}: whether the reflection model makes fields nullable. */
  public boolean reflectionAllowNull() {
    return getBoolean(AVRO_REFLECTION_ALLOW_NULL_CONFIG);
  }

  /** The class that reflection reads keys or values into, or {@code null}. */
  Class<?> reflectionType(boolean isKey) {
    return getClass(isKey ? KAVRO_REFLECTION_KEY_TYPE_CONFIG : KAVRO_REFLECTION_VALUE_TYPE_CONFIG);
  }

  private static void validateGuid(String name, Object value) {
    if (value != null && !value.toString().isBlank()) {
      try {
        UUID.fromString(value.toString().trim());
      } catch (IllegalArgumentException e) {
        throw new ConfigException(name, value, "not a UUID");
      }
    }
  }

  /**
   * Applies this config's {@code kavro.reader.cache.max} and {@code kavro.compile.threads} to the process-wide reader
   * and writer caches, and {@code kavro.compile.threshold} to the reader cache (writers compile on first use); a
   * key the config does not set leaves its setting alone. Every adapter calls this from its {@code configure}, so
   * that the keys do the same in each; with several in one process, the last configuration wins.
   */
  public void applyCacheSettings() {
    if (originals().containsKey(KAVRO_READER_CACHE_MAX_CONFIG)
        || originals().containsKey(KAVRO_COMPILE_THREADS_CONFIG)) {
      ReaderCache.shared().resize(getInt(KAVRO_READER_CACHE_MAX_CONFIG), getInt(KAVRO_COMPILE_THREADS_CONFIG));
      WriterCache.shared().resize(getInt(KAVRO_READER_CACHE_MAX_CONFIG), getInt(KAVRO_COMPILE_THREADS_CONFIG));
    }
    if (originals().containsKey(KAVRO_COMPILE_THRESHOLD_CONFIG)) {
      ReaderCache.shared().setCompileThreshold(getInt(KAVRO_COMPILE_THRESHOLD_CONFIG));
    }
  }

  /** The {@code kavro.reader.mode} setting, for readers and writers alike. */
  public CompileMode compileMode() {
    return CompileMode.valueOf(getString(KAVRO_READER_MODE_CONFIG).toUpperCase(Locale.ROOT));
  }

  /** The explicit reader schema of {@code kavro.reader.schema}, or {@code null}. */
  public Schema readerSchema() {
    return readerSchema;
  }

  /**
   * A new instance of the configured strategy for the key or value side; one that implements Kafka's
   * {@code Configurable} is configured with this config's originals, as Confluent configures its strategies.
   * Confluent's AssociatedNameStrategy is mapped to topic naming and logged at WARN.
   */
  public SubjectNameStrategy subjectNameStrategy(boolean isKey) {
    String key = isKey ? KEY_SUBJECT_NAME_STRATEGY_CONFIG : VALUE_SUBJECT_NAME_STRATEGY_CONFIG;
    SubjectNameStrategy strategy = SubjectNameStrategies.create(key, getString(key), LOG);
    if (strategy instanceof Configurable configurable) {
      configurable.configure(originals());
    }
    return strategy;
  }

  /**
   * The {@code specific.avro.key.type} / {@code specific.avro.value.type} class, or {@code null}. A class set while
   * {@code specific.avro.reader=false} is ignored and logged at WARN, as Confluent does.
   */
  public Class<? extends SpecificRecord> specificType(boolean isKey) {
    String key = isKey ? SPECIFIC_AVRO_KEY_TYPE_CONFIG : SPECIFIC_AVRO_VALUE_TYPE_CONFIG;
    Class<?> type = getClass(key);
    if (type == null) {
      return null;
    }
    if (!specificAvroReader()) {
      LOG.warn("{}={} is ignored because {} is false", key, type.getName(), SPECIFIC_AVRO_READER_CONFIG);
      return null;
    }
    return type.asSubclass(SpecificRecord.class);
  }

  private static void validateSpecificType(String name, Object value) {
    if (value != null && !SpecificRecord.class.isAssignableFrom((Class<?>) value)) {
      throw new ConfigException(name, ((Class<?>) value).getName(),
          "must be a class implementing " + SpecificRecord.class.getName());
    }
  }

  private static Schema parseReaderSchema(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return new Schema.Parser().parse(text);
    } catch (SchemaParseException | NullPointerException e) {
      // Avro 1.12.0 throws a NullPointerException for a name that no schema defines.
      throw new ConfigException(KAVRO_READER_SCHEMA_CONFIG, text, "not a valid Avro schema: " + e.getMessage());
    }
  }

  /** Kafka's STRING type rejects Class values; a user may pass a Kavro strategy class object, as with Confluent. */
  private static Map<String, ?> strategyClassesAsNames(Map<String, ?> originals) {
    if (!(originals.get(KEY_SUBJECT_NAME_STRATEGY_CONFIG) instanceof Class)
        && !(originals.get(VALUE_SUBJECT_NAME_STRATEGY_CONFIG) instanceof Class)) {
      return originals;
    }
    Map<String, Object> copy = new HashMap<>(originals);
    for (String key : new String[] {KEY_SUBJECT_NAME_STRATEGY_CONFIG, VALUE_SUBJECT_NAME_STRATEGY_CONFIG}) {
      if (copy.get(key) instanceof Class<?> c) {
        copy.put(key, c.getName());
      }
    }
    return copy;
  }
}
