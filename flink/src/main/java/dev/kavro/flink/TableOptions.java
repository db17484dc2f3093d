package dev.kavro.flink;

import static dev.kavro.flink.KavroFormatOptions.AUTO_REGISTER_SCHEMAS;
import static dev.kavro.flink.KavroFormatOptions.BASIC_AUTH_CREDENTIALS_SOURCE;
import static dev.kavro.flink.KavroFormatOptions.BASIC_AUTH_USER_INFO;
import static dev.kavro.flink.KavroFormatOptions.BEARER_AUTH_CREDENTIALS_SOURCE;
import static dev.kavro.flink.KavroFormatOptions.BEARER_AUTH_TOKEN;
import static dev.kavro.flink.KavroFormatOptions.COMPILE_MODE;
import static dev.kavro.flink.KavroFormatOptions.IGNORE_PARSE_ERRORS;
import static dev.kavro.flink.KavroFormatOptions.PROPERTIES;
import static dev.kavro.flink.KavroFormatOptions.SCHEMA;
import static dev.kavro.flink.KavroFormatOptions.SSL_KEYSTORE_LOCATION;
import static dev.kavro.flink.KavroFormatOptions.SSL_KEYSTORE_PASSWORD;
import static dev.kavro.flink.KavroFormatOptions.SSL_TRUSTSTORE_LOCATION;
import static dev.kavro.flink.KavroFormatOptions.SSL_TRUSTSTORE_PASSWORD;
import static dev.kavro.flink.KavroFormatOptions.SUBJECT;
import static dev.kavro.flink.KavroFormatOptions.SUBJECT_NAME_STRATEGY;
import static dev.kavro.flink.KavroFormatOptions.TIMESTAMP_MAPPING;
import static dev.kavro.flink.KavroFormatOptions.URL;
import static dev.kavro.flink.KavroFormatOptions.USE_LATEST_VERSION;

import dev.kavro.avro.CompileMode;
import dev.kavro.flink.row.RowSchemas;
import dev.kavro.flink.runtime.FixedSubject;
import dev.kavro.flink.runtime.FormatConfig;
import dev.kavro.registry.RegistryClientConfig;
import dev.kavro.serde.KavroSerdeConfig;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.types.logical.RowType;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A table format's options read and checked once, when the planner creates the format: the registry and serde keys
 * in Kavro's (Confluent's) names, the subject, the schema, and the table facts that decide the side and the default
 * subject ({@link TableSide}). What is wrong fails here, in planning, with a {@link ValidationException}.
 */
final class TableOptions {
  private static final Logger LOG = LoggerFactory.getLogger(TableOptions.class);
  private static final Map<ConfigOption<String>, String> RENAMED = Map.of(
      SSL_KEYSTORE_LOCATION, "schema.registry.ssl.keystore.location",
      SSL_KEYSTORE_PASSWORD, "schema.registry.ssl.keystore.password",
      SSL_TRUSTSTORE_LOCATION, "schema.registry.ssl.truststore.location",
      SSL_TRUSTSTORE_PASSWORD, "schema.registry.ssl.truststore.password",
      BASIC_AUTH_CREDENTIALS_SOURCE, RegistryClientConfig.BASIC_AUTH_CREDENTIALS_SOURCE_CONFIG,
      BASIC_AUTH_USER_INFO, RegistryClientConfig.BASIC_AUTH_USER_INFO_CONFIG,
      BEARER_AUTH_CREDENTIALS_SOURCE, RegistryClientConfig.BEARER_AUTH_CREDENTIALS_SOURCE_CONFIG,
      BEARER_AUTH_TOKEN, RegistryClientConfig.BEARER_AUTH_TOKEN_CONFIG);

  final Map<String, String> configs;
  final String subject;
  final Schema schema;
  final String strategy;
  final boolean ignoreParseErrors;
  final TimestampMapping mapping;
  final TableSide side;

  private TableOptions(Map<String, String> configs, String subject, Schema schema, String strategy,
      boolean ignoreParseErrors, TimestampMapping mapping, TableSide side) {
    this.configs = configs;
    this.subject = subject;
    this.schema = schema;
    this.strategy = strategy;
    this.ignoreParseErrors = ignoreParseErrors;
    this.mapping = mapping;
    this.side = side;
  }

  /**
   * The options of a format created for the table of {@code context}.
   *
   * @throws ValidationException for an option value that cannot be used, or options that contradict each other
   */
  static TableOptions read(DynamicTableFactory.Context context, ReadableConfig options) {
    Map<String, String> configs = new TreeMap<>();
    options.getOptional(PROPERTIES).ifPresent(configs::putAll);
    configs.put(RegistryClientConfig.SCHEMA_REGISTRY_URL_CONFIG, options.get(URL));
    RENAMED.forEach((option, key) -> options.getOptional(option).ifPresent(v -> configs.put(key, v)));
    configs.put(KavroSerdeConfig.AUTO_REGISTER_SCHEMAS_CONFIG, options.get(AUTO_REGISTER_SCHEMAS).toString());
    configs.put(KavroSerdeConfig.USE_LATEST_VERSION_CONFIG, options.get(USE_LATEST_VERSION).toString());
    configs.put(KavroSerdeConfig.KAVRO_READER_MODE_CONFIG, options.get(COMPILE_MODE).name().toLowerCase(Locale.ROOT));
    if (options.get(USE_LATEST_VERSION) && options.get(AUTO_REGISTER_SCHEMAS)) {
      throw new ValidationException("Option '" + USE_LATEST_VERSION.key() + "' needs '" + AUTO_REGISTER_SCHEMAS.key()
          + "' = 'false': a schema that is registered is written as it stands, as Confluent's serializer does");
    }
    if (options.get(COMPILE_MODE) != CompileMode.ASYNC) {
      LOG.warn("Option '{}' = '{}' does not change the table format of {}: it decodes and encodes RowData with node "
          + "trees, which have no compiled form (the mode applies to the GenericRecord and specific DataStream "
          + "schemas)", COMPILE_MODE.key(), options.get(COMPILE_MODE), context.getObjectIdentifier());
    }
    String subject = options.getOptional(SUBJECT).orElse(null);
    String strategy = options.getOptional(SUBJECT_NAME_STRATEGY).orElse(null);
    if (subject != null && strategy != null) {
      throw new ValidationException("Options '" + SUBJECT.key() + "' and '" + SUBJECT_NAME_STRATEGY.key()
          + "' both name the subject: set one");
    }
    Map<String, String> checked = new HashMap<>(configs);
    if (strategy != null) {
      checked.put(KavroSerdeConfig.VALUE_SUBJECT_NAME_STRATEGY_CONFIG, strategy);
    }
    check(checked);
    return new TableOptions(configs, subject, schema(options.getOptional(SCHEMA)), strategy,
        options.get(IGNORE_PARSE_ERRORS), options.get(TIMESTAMP_MAPPING), TableSide.of(context, options));
  }

  /** Kavro's own parse of the keys, so that a bad value fails the table rather than its tasks. */
  private static void check(Map<String, String> configs) {
    try {
      new KavroSerdeConfig(configs);
      new RegistryClientConfig(configs);
    } catch (RuntimeException e) {
      throw new ValidationException("Invalid 'kavro' format configuration: " + e.getMessage(), e);
    }
  }

  private static Schema schema(Optional<String> text) {
    if (text.isEmpty()) {
      return null;
    }
    try {
      return new Schema.Parser().parse(text.get());
    } catch (SchemaParseException | NullPointerException e) {
      // Avro 1.12.0 throws a NullPointerException for a name that no schema defines.
      throw new ValidationException("Option '" + SCHEMA.key() + "' is not a valid Avro schema: " + e.getMessage(), e);
    }
  }

  /**
   * Fails for a column type the timestamp mapping does not support (TIMESTAMP_LTZ, or precisions above 3, under the
   * legacy mapping), in planning rather than on each record.
   *
   * @throws ValidationException naming the type
   */
  void checkTypes(RowType rowType) {
    try {
      RowSchemas.writerSchema(rowType, mapping);
    } catch (IllegalArgumentException e) {
      throw new ValidationException("The 'kavro' format cannot hold the table's row " + rowType.asSummaryString()
          + ": " + e.getMessage(), e);
    }
  }

  /** The configuration of the format as the key or the value format of its table. */
  FormatConfig config(boolean isKey) {
    Map<String, String> sided = new HashMap<>(configs);
    if (strategy != null) {
      sided.put(isKey ? KavroSerdeConfig.KEY_SUBJECT_NAME_STRATEGY_CONFIG
          : KavroSerdeConfig.VALUE_SUBJECT_NAME_STRATEGY_CONFIG, strategy);
    }
    FormatConfig config = new FormatConfig(sided, isKey, side.topic(), ignoreParseErrors, mapping);
    return subject == null ? config : FixedSubject.apply(config, subject);
  }
}
