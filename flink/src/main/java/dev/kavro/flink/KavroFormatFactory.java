package dev.kavro.flink;

import java.util.HashSet;
import java.util.Set;
import java.util.TreeSet;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.configuration.ConfigOption;
import org.apache.flink.configuration.FallbackKey;
import org.apache.flink.configuration.ReadableConfig;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DeserializationFormatFactory;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.factories.SerializationFormatFactory;

/**
 * The Flink Table/SQL format {@code kavro}: Avro in the Confluent wire format, decoded straight into and encoded
 * straight from Flink's internal rows on Kavro's core, in place of Flink's {@code avro-confluent}. It takes every
 * option of {@code avro-confluent} under the same names ({@link KavroFormatOptions}), so a table switches by renaming
 * {@code 'format' = 'avro-confluent'} to {@code 'format' = 'kavro'} and its option prefix; where
 * {@code avro-confluent} reads or writes wrong values, Kavro differs, and {@code timestamp-mapping = 'legacy'} gives
 * the same rows ({@code docs/flink.md}).
 *
 * <p>Decoding: every writer schema the registry holds for a record's id that can fill the table's columns is read
 * (Avro's resolution rules, enums into strings, micros kept), fields the projection leaves out are skipped, and the
 * writer's schema id is the readable metadata column {@code schema-id} ({@code value.schema-id} in the Kafka
 * connectors). Encoding: the schema id is resolved when each task starts, not per record. Both formats are
 * insert-only. Found through {@code META-INF/services/org.apache.flink.table.factories.Factory}.
 *
 * <p>Stateless and thread-safe; the formats it creates are used by one planner thread.
 */
public final class KavroFormatFactory implements DeserializationFormatFactory, SerializationFormatFactory {
  /** The format's identifier, {@code 'format' = 'kavro'}. */
  public static final String IDENTIFIER = "kavro";

  private static final Set<ConfigOption<?>> OPTIONAL = Set.of(KavroFormatOptions.SUBJECT, KavroFormatOptions.SCHEMA,
      KavroFormatOptions.PROPERTIES, KavroFormatOptions.SSL_KEYSTORE_LOCATION, KavroFormatOptions.SSL_KEYSTORE_PASSWORD,
      KavroFormatOptions.SSL_TRUSTSTORE_LOCATION, KavroFormatOptions.SSL_TRUSTSTORE_PASSWORD,
      KavroFormatOptions.BASIC_AUTH_CREDENTIALS_SOURCE, KavroFormatOptions.BASIC_AUTH_USER_INFO,
      KavroFormatOptions.BEARER_AUTH_CREDENTIALS_SOURCE, KavroFormatOptions.BEARER_AUTH_TOKEN,
      KavroFormatOptions.AUTO_REGISTER_SCHEMAS, KavroFormatOptions.USE_LATEST_VERSION,
      KavroFormatOptions.SUBJECT_NAME_STRATEGY, KavroFormatOptions.IGNORE_PARSE_ERRORS,
      KavroFormatOptions.COMPILE_MODE, KavroFormatOptions.TIMESTAMP_MAPPING);

  /**
   * The decoding format of a table.
   *
   * @throws ValidationException for a missing URL, an unknown option, or option values that cannot be used
   */
  @Override
  public DecodingFormat<DeserializationSchema<RowData>> createDecodingFormat(DynamicTableFactory.Context context,
      ReadableConfig formatOptions) {
    validate(formatOptions);
    return new KavroDecodingFormat(TableOptions.read(context, formatOptions));
  }

  /**
   * The encoding format of a table.
   *
   * @throws ValidationException as {@link #createDecodingFormat}
   */
  @Override
  public EncodingFormat<SerializationSchema<RowData>> createEncodingFormat(DynamicTableFactory.Context context,
      ReadableConfig formatOptions) {
    validate(formatOptions);
    return new KavroEncodingFormat(TableOptions.read(context, formatOptions));
  }

  /** As Flink's factories validate, and unknown keys fail here too, whichever connector holds the format. */
  private void validate(ReadableConfig formatOptions) {
    FactoryUtil.validateFactoryOptions(this, formatOptions);
    Set<String> known = new HashSet<>();
    for (ConfigOption<?> option : allOptions()) {
      known.add(option.key());
      for (FallbackKey fallback : option.fallbackKeys()) {
        known.add(fallback.getKey());
      }
    }
    Set<String> unknown = new TreeSet<>();
    for (String key : formatOptions.toMap().keySet()) {
      if (!known.contains(key) && !key.startsWith(KavroFormatOptions.PROPERTIES.key() + ".")) {
        unknown.add(key);
      }
    }
    if (!unknown.isEmpty()) {
      throw new ValidationException("Unsupported options found for format '" + IDENTIFIER + "': " + unknown
          + ". Supported: " + new TreeSet<>(known) + ", and any serde key under '"
          + KavroFormatOptions.PROPERTIES.key() + ".'");
    }
  }

  private Set<ConfigOption<?>> allOptions() {
    Set<ConfigOption<?>> all = new HashSet<>(requiredOptions());
    all.addAll(optionalOptions());
    return all;
  }

  @Override
  public String factoryIdentifier() {
    return IDENTIFIER;
  }

  @Override
  public Set<ConfigOption<?>> requiredOptions() {
    return Set.of(KavroFormatOptions.URL);
  }

  @Override
  public Set<ConfigOption<?>> optionalOptions() {
    return OPTIONAL;
  }

  /** Every option may come from a catalog's enrichment options, as {@code avro-confluent}'s do. */
  @Override
  public Set<ConfigOption<?>> forwardOptions() {
    return allOptions();
  }
}
