package dev.kavro.flink;

import dev.kavro.avro.CompileMode;
import java.util.Map;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.ConfigOptions;

/**
 * The options of the {@code kavro} format ({@link KavroFormatFactory}), each under the format's prefix:
 * {@code kavro.url}, or {@code key.kavro.url} / {@code value.kavro.url} in the Kafka connectors. Every option of
 * Flink's {@code avro-confluent} format is here under the same name with the same fallback keys, so a table
 * switches by renaming the format and the prefix; the rest are Kavro's. Nothing set is ignored: an unknown option
 * fails the table's validation, except under {@code properties}, which is passed to Kavro's configuration as it
 * stands.
 *
 * <p>Constants only; thread-safe.
 */
public final class KavroFormatOptions {
  public static final ConfigOption<String> URL = ConfigOptions.key("url")
      .stringType()
      .noDefaultValue()
      .withFallbackKeys("schema-registry.url")
      .withDescription("The URL of the schema registry (Confluent's REST API: Confluent Schema Registry, Apicurio's "
          + "ccompat API, Karapace); several may be given, comma-separated. mock://<scope> is an in-memory registry "
          + "shared within the JVM, for tests.");

  public static final ConfigOption<String> SUBJECT = ConfigOptions.key("subject")
      .stringType()
      .noDefaultValue()
      .withFallbackKeys("schema-registry.subject")
      .withDescription("The subject the writer schema is registered (or looked up) under. By default the format "
          + "derives '<topic>-value' or '<topic>-key' from a Kafka table's single 'topic' (Flink's Kafka connector "
          + "does this only for its own formats); a table that writes to several topics or another connector needs "
          + "it. Decoding needs no subject: schema ids are global.");

  public static final ConfigOption<String> SCHEMA = ConfigOptions.key("schema")
      .stringType()
      .noDefaultValue()
      .withFallbackKeys("schema-registry.schema")
      .withDescription("An Avro record schema used as the reader schema (its defaults fill columns a writer lacks, "
          + "its aliases name renamed fields) and as the writer schema instead of the one derived from the table. It "
          + "need not equal the table's type: every column must be readable from it and writable to it.");

  public static final ConfigOption<String> SSL_KEYSTORE_LOCATION = ConfigOptions.key("ssl.keystore.location")
      .stringType()
      .noDefaultValue()
      .withDescription("Location of the keystore for TLS client authentication to the registry.");

  public static final ConfigOption<String> SSL_KEYSTORE_PASSWORD = ConfigOptions.key("ssl.keystore.password")
      .stringType()
      .noDefaultValue()
      .withDescription("Password of the keystore.");

  public static final ConfigOption<String> SSL_TRUSTSTORE_LOCATION = ConfigOptions.key("ssl.truststore.location")
      .stringType()
      .noDefaultValue()
      .withDescription("Location of the truststore that verifies the registry's certificate.");

  public static final ConfigOption<String> SSL_TRUSTSTORE_PASSWORD = ConfigOptions.key("ssl.truststore.password")
      .stringType()
      .noDefaultValue()
      .withDescription("Password of the truststore.");

  public static final ConfigOption<String> BASIC_AUTH_CREDENTIALS_SOURCE =
      ConfigOptions.key("basic-auth.credentials-source")
          .stringType()
          .noDefaultValue()
          .withDescription("Where basic authentication credentials come from: USER_INFO, URL or SASL_INHERIT.");

  public static final ConfigOption<String> BASIC_AUTH_USER_INFO = ConfigOptions.key("basic-auth.user-info")
      .stringType()
      .noDefaultValue()
      .withDescription("user:password for basic authentication (with credentials source USER_INFO).");

  public static final ConfigOption<String> BEARER_AUTH_CREDENTIALS_SOURCE =
      ConfigOptions.key("bearer-auth.credentials-source")
          .stringType()
          .noDefaultValue()
          .withDescription("Where the bearer token comes from: STATIC_TOKEN, OAUTHBEARER or CUSTOM.");

  public static final ConfigOption<String> BEARER_AUTH_TOKEN = ConfigOptions.key("bearer-auth.token")
      .stringType()
      .noDefaultValue()
      .withDescription("The bearer token (with credentials source STATIC_TOKEN).");

  public static final ConfigOption<Map<String, String>> PROPERTIES = ConfigOptions.key("properties")
      .mapType()
      .noDefaultValue()
      .withDescription("Any of Kavro's serde and registry keys (Confluent's names: 'properties.max.schemas.per."
          + "subject', 'properties.use.schema.id', 'properties.kavro.rules.unsupported', ...), passed as they stand; "
          + "the options above take precedence.");

  public static final ConfigOption<Boolean> AUTO_REGISTER_SCHEMAS = ConfigOptions.key("auto.register.schemas")
      .booleanType()
      .defaultValue(true)
      .withDescription("Whether encoding registers the writer schema under the subject (as avro-confluent always "
          + "does). With false the schema must be registered already: it is looked up, and a schema that is not "
          + "there fails the job when it starts.");

  public static final ConfigOption<Boolean> USE_LATEST_VERSION = ConfigOptions.key("use.latest.version")
      .booleanType()
      .defaultValue(false)
      .withDescription("With auto.register.schemas=false: encode in the subject's latest registered schema, which "
          + "must be able to read the table's rows (latest.compatibility.strict, on by default).");

  public static final ConfigOption<String> SUBJECT_NAME_STRATEGY = ConfigOptions.key("subject.name.strategy")
      .stringType()
      .noDefaultValue()
      .withDescription("The subject name strategy of this side (key or value), Confluent's or Kavro's class name: "
          + "TopicNameStrategy (the default), RecordNameStrategy, TopicRecordNameStrategy, or a class implementing "
          + "dev.kavro.serde.SubjectNameStrategy. Not together with 'subject'.");

  public static final ConfigOption<Boolean> IGNORE_PARSE_ERRORS = ConfigOptions.key("ignore-parse-errors")
      .booleanType()
      .defaultValue(false)
      .withDescription("Skip a record that cannot be read (bad framing, an unknown schema id, data that does not "
          + "decode, a writer schema the table cannot read) instead of failing the job; skips are counted in the "
          + "metric kavro.recordsSkipped. A registry that cannot be reached still fails the job.");

  public static final ConfigOption<CompileMode> COMPILE_MODE = ConfigOptions.key("compile-mode")
      .enumType(CompileMode.class)
      .defaultValue(CompileMode.ASYNC)
      .withDescription("Kavro's code generation for the core's Avro readers and writers (kavro.reader.mode). The "
          + "table format decodes and encodes RowData with node trees built once per schema, which have no compiled "
          + "form, so in a table it changes nothing (a value other than the default is logged at WARN); it governs "
          + "the GenericRecord and specific DataStream schemas.");

  public static final ConfigOption<TimestampMapping> TIMESTAMP_MAPPING = ConfigOptions.key("timestamp-mapping")
      .enumType(TimestampMapping.class)
      .defaultValue(TimestampMapping.CORRECT)
      .withDescription("How TIMESTAMP and TIMESTAMP_LTZ map to Avro: CORRECT keeps every unit's precision and "
          + "supports TIMESTAMP_LTZ; LEGACY gives the rows of avro-confluent (every long read as milliseconds, "
          + "precision 3 at most, no TIMESTAMP_LTZ).");

  private KavroFormatOptions() {}
}
