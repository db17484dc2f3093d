package dev.kavro.serde;

import java.util.Locale;
import java.util.Map;
import org.apache.kafka.common.config.ConfigException;

/**
 * Where the schema id travels: the values of {@code key/value.schema.id.serializer} and
 * {@code key/value.schema.id.deserializer}. Confluent's class names are accepted as strings (the classes do not
 * exist here), as are Kavro's short names.
 */
enum SchemaIdPlacement {
  /** {@code 0x00} + int32 id in front of the Avro body; the deserializer reads only that. */
  PREFIX,
  /** {@code 0x01} + GUID in the {@code __key_schema_id} / {@code __value_schema_id} header, plain Avro payload. */
  HEADER,
  /** Deserializer: the header when present, else the payload prefix (Confluent's default). */
  DUAL,
  /** Deserializer: the schema of {@code use.schema.id} / {@code use.schema.guid}, the whole payload as Avro. */
  CONFIG;

  private static final String PACKAGE = "io.confluent.kafka.serializers.schema.id.";
  static final String CONFLUENT_PREFIX_SERIALIZER = PACKAGE + "PrefixSchemaIdSerializer";
  static final String CONFLUENT_DUAL_DESERIALIZER = PACKAGE + "DualSchemaIdDeserializer";

  private static final Map<String, SchemaIdPlacement> SERIALIZERS = Map.of(
      CONFLUENT_PREFIX_SERIALIZER.toLowerCase(Locale.ROOT), PREFIX,
      (PACKAGE + "HeaderSchemaIdSerializer").toLowerCase(Locale.ROOT), HEADER,
      "prefix", PREFIX, "header", HEADER);

  private static final Map<String, SchemaIdPlacement> DESERIALIZERS = Map.of(
      CONFLUENT_DUAL_DESERIALIZER.toLowerCase(Locale.ROOT), DUAL,
      (PACKAGE + "PrefixSchemaIdDeserializer").toLowerCase(Locale.ROOT), PREFIX,
      (PACKAGE + "ConfigSchemaIdDeserializer").toLowerCase(Locale.ROOT), CONFIG,
      "dual", DUAL, "prefix", PREFIX, "config", CONFIG);

  static SchemaIdPlacement ofSerializer(String value) {
    return SERIALIZERS.get(value.trim().toLowerCase(Locale.ROOT));
  }

  static SchemaIdPlacement ofDeserializer(String value) {
    return DESERIALIZERS.get(value.trim().toLowerCase(Locale.ROOT));
  }

  static void validateSerializer(String name, Object value) {
    if (value == null || ofSerializer(value.toString()) == null) {
      throw new ConfigException(name, value, "must be prefix, header, or Confluent's " + CONFLUENT_PREFIX_SERIALIZER
          + " or " + PACKAGE + "HeaderSchemaIdSerializer; custom schema id serializers are not supported");
    }
  }

  static void validateDeserializer(String name, Object value) {
    if (value == null || ofDeserializer(value.toString()) == null) {
      throw new ConfigException(name, value, "must be dual, prefix, config, or Confluent's "
          + CONFLUENT_DUAL_DESERIALIZER + ", " + PACKAGE + "PrefixSchemaIdDeserializer or " + PACKAGE
          + "ConfigSchemaIdDeserializer; custom schema id deserializers are not supported");
    }
  }
}
