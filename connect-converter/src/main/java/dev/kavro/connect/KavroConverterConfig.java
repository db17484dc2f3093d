package dev.kavro.connect;

import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectSchema;
import dev.kavro.serde.KavroSerdeConfig;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.apache.kafka.common.config.ConfigDef;
import org.apache.kafka.common.config.ConfigDef.Importance;
import org.apache.kafka.common.config.ConfigDef.Type;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.connect.errors.DataException;
import org.apache.kafka.connect.storage.ConverterConfig;

/**
 * Configuration of {@link KavroConverter}: Kafka's {@code converter.type}, Confluent AvroData's keys with their names
 * and defaults, every serde and registry key of {@link KavroSerdeConfig}, and {@code kavro.connect.target.schema}.
 *
 * <p>Immutable and thread-safe once built.
 */
public final class KavroConverterConfig extends ConverterConfig {
  public static final String SCHEMAS_CACHE_SIZE_CONFIG = "schemas.cache.config";
  public static final int SCHEMAS_CACHE_SIZE_DEFAULT = 1000;
  private static final String SCHEMAS_CACHE_SIZE_DOC = "Size of each schema conversion cache (Connect to Avro by "
      + "schema instance, Avro to Connect by schema id).";

  public static final String ENHANCED_AVRO_SCHEMA_SUPPORT_CONFIG = "enhanced.avro.schema.support";
  public static final boolean ENHANCED_AVRO_SCHEMA_SUPPORT_DEFAULT = false;
  private static final String ENHANCED_AVRO_SCHEMA_SUPPORT_DOC = "Keep enum symbols (Connect to Avro) and full "
      + "names of union branches.";

  public static final String CONNECT_META_DATA_CONFIG = "connect.meta.data";
  public static final boolean CONNECT_META_DATA_DEFAULT = true;
  private static final String CONNECT_META_DATA_DOC = "Write and read the connect.* Avro properties (doc, version, "
      + "parameters, default, name, int8/int16 type).";

  public static final String SCRUB_INVALID_NAMES_CONFIG = "scrub.invalid.names";
  public static final boolean SCRUB_INVALID_NAMES_DEFAULT = false;
  private static final String SCRUB_INVALID_NAMES_DOC = "Turn Connect names that are invalid in Avro into valid ones.";

  public static final String GENERALIZED_SUM_TYPE_SUPPORT_CONFIG = "generalized.sum.type.support";
  public static final boolean GENERALIZED_SUM_TYPE_SUPPORT_DEFAULT = false;
  private static final String GENERALIZED_SUM_TYPE_SUPPORT_DOC = "Map enums and unions to the generalized Connect "
      + "forms (org.apache.kafka.connect.data.Enum / Union, connect_union_N).";

  public static final String IGNORE_DEFAULT_FOR_NULLABLES_CONFIG = "ignore.default.for.nullables";
  public static final boolean IGNORE_DEFAULT_FOR_NULLABLES_DEFAULT = false;
  private static final String IGNORE_DEFAULT_FOR_NULLABLES_DOC = "Write a null optional field as null rather than "
      + "as its default.";

  public static final String ALLOW_OPTIONAL_MAP_KEYS_CONFIG = "allow.optional.map.keys";
  public static final boolean ALLOW_OPTIONAL_MAP_KEYS_DEFAULT = false;
  private static final String ALLOW_OPTIONAL_MAP_KEYS_DOC = "An optional string map key still maps to an Avro map.";

  public static final String FLATTEN_SINGLETON_UNIONS_CONFIG = "flatten.singleton.unions";
  public static final boolean FLATTEN_SINGLETON_UNIONS_DEFAULT = true;
  private static final String FLATTEN_SINGLETON_UNIONS_DOC = "Read a one-branch Avro union as its branch.";

  public static final String DISCARD_TYPE_DOC_DEFAULT_CONFIG = "discard.type.doc.default";
  public static final boolean DISCARD_TYPE_DOC_DEFAULT_DEFAULT = false;
  private static final String DISCARD_TYPE_DOC_DEFAULT_DOC = "Confluent's deprecated doc and default handling: Avro "
      + "docs become Connect docs (and the connect.record.doc / connect.enum.doc parameters), Connect docs become "
      + "Avro field docs, and Connect defaults are always written as connect.default.";

  public static final String EXTENDED_LOGICAL_TYPES_CONFIG = "kavro.connect.extended.logical.types";
  public static final boolean EXTENDED_LOGICAL_TYPES_DEFAULT = false;
  private static final String EXTENDED_LOGICAL_TYPES_DOC = "Kavro's mapping beyond Confluent's (off by default, so "
      + "that schemas match Confluent's): Avro timestamp-micros, local-timestamp-millis and local-timestamp-micros "
      + "become Connect Timestamps, time-micros a Connect Time, and uuid strings carry their logical type, each marked "
      + "with the dev.kavro.connect.avro.logicalType parameter so that the way back restores the Avro type. A Connect "
      + "Timestamp or Time is a java.util.Date of milliseconds: microseconds are truncated (floor), and a local "
      + "timestamp loses that it had no time zone. Off, these stay Connect INT64 / STRING as in Confluent.";

  public static final String TARGET_SCHEMA_CONFIG = "kavro.connect.target.schema";
  private static final String TARGET_SCHEMA_DOC = "toConnectData decodes every record onto this schema instead of the "
      + "writer's: an Avro schema (JSON), mapped to Connect as the converter maps any Avro schema. Writer fields "
      + "match exactly, else by their upper-cased name; optional target fields the writer lacks become null; writer "
      + "fields the target lacks are skipped.";

  private static final ConfigDef CONFIG = definitions();

  private final Schema targetAvroSchema;

  /**
   * Parses and validates {@code originals}.
   *
   * @throws ConfigException if a value is invalid, {@code converter.type} is missing, or the target schema does not
   *     parse
   */
  public KavroConverterConfig(Map<String, ?> originals) {
    super(CONFIG, originals);
    this.targetAvroSchema = parseTarget(getString(TARGET_SCHEMA_CONFIG));
  }

  /** A copy of the definition of every key. */
  public static ConfigDef configDef() {
    return new ConfigDef(CONFIG);
  }

  private static ConfigDef definitions() {
    ConfigDef def = ConverterConfig.newConfigDef()
        .define(SCHEMAS_CACHE_SIZE_CONFIG, Type.INT, SCHEMAS_CACHE_SIZE_DEFAULT, ConfigDef.Range.atLeast(1),
            Importance.LOW, SCHEMAS_CACHE_SIZE_DOC)
        .define(ENHANCED_AVRO_SCHEMA_SUPPORT_CONFIG, Type.BOOLEAN, ENHANCED_AVRO_SCHEMA_SUPPORT_DEFAULT,
            Importance.LOW, ENHANCED_AVRO_SCHEMA_SUPPORT_DOC)
        .define(CONNECT_META_DATA_CONFIG, Type.BOOLEAN, CONNECT_META_DATA_DEFAULT, Importance.LOW,
            CONNECT_META_DATA_DOC)
        .define(SCRUB_INVALID_NAMES_CONFIG, Type.BOOLEAN, SCRUB_INVALID_NAMES_DEFAULT, Importance.LOW,
            SCRUB_INVALID_NAMES_DOC)
        .define(GENERALIZED_SUM_TYPE_SUPPORT_CONFIG, Type.BOOLEAN, GENERALIZED_SUM_TYPE_SUPPORT_DEFAULT,
            Importance.LOW, GENERALIZED_SUM_TYPE_SUPPORT_DOC)
        .define(IGNORE_DEFAULT_FOR_NULLABLES_CONFIG, Type.BOOLEAN, IGNORE_DEFAULT_FOR_NULLABLES_DEFAULT,
            Importance.LOW, IGNORE_DEFAULT_FOR_NULLABLES_DOC)
        .define(ALLOW_OPTIONAL_MAP_KEYS_CONFIG, Type.BOOLEAN, ALLOW_OPTIONAL_MAP_KEYS_DEFAULT, Importance.LOW,
            ALLOW_OPTIONAL_MAP_KEYS_DOC)
        .define(FLATTEN_SINGLETON_UNIONS_CONFIG, Type.BOOLEAN, FLATTEN_SINGLETON_UNIONS_DEFAULT, Importance.LOW,
            FLATTEN_SINGLETON_UNIONS_DOC)
        .define(DISCARD_TYPE_DOC_DEFAULT_CONFIG, Type.BOOLEAN, DISCARD_TYPE_DOC_DEFAULT_DEFAULT, Importance.LOW,
            DISCARD_TYPE_DOC_DEFAULT_DOC)
        .define(EXTENDED_LOGICAL_TYPES_CONFIG, Type.BOOLEAN, EXTENDED_LOGICAL_TYPES_DEFAULT, Importance.LOW,
            EXTENDED_LOGICAL_TYPES_DOC)
        .define(TARGET_SCHEMA_CONFIG, Type.STRING, null, Importance.LOW, TARGET_SCHEMA_DOC);
    for (ConfigDef.ConfigKey key : KavroSerdeConfig.configDef().configKeys().values()) {
      def.define(key);
    }
    return def;
  }

  /** The Connect/Avro mapping settings ({@code enhanced.avro.schema.support}, {@code connect.meta.data}, ...). */
  public AvroDataSettings avroDataSettings() {
    return new AvroDataSettings(getBoolean(CONNECT_META_DATA_CONFIG), getBoolean(ENHANCED_AVRO_SCHEMA_SUPPORT_CONFIG),
        getBoolean(SCRUB_INVALID_NAMES_CONFIG), getBoolean(GENERALIZED_SUM_TYPE_SUPPORT_CONFIG),
        getBoolean(IGNORE_DEFAULT_FOR_NULLABLES_CONFIG), getBoolean(ALLOW_OPTIONAL_MAP_KEYS_CONFIG),
        getBoolean(FLATTEN_SINGLETON_UNIONS_CONFIG), getBoolean(DISCARD_TYPE_DOC_DEFAULT_CONFIG),
        getBoolean(EXTENDED_LOGICAL_TYPES_CONFIG));
  }

  /** {@code schemas.cache.config}: the most schemas each direction of the converter keeps. */
  public int schemasCacheSize() {
    return getInt(SCHEMAS_CACHE_SIZE_CONFIG);
  }

  /**
   * The Connect schema of {@code kavro.connect.target.schema}, or {@code null}.
   *
   * @throws ConfigException if the Avro schema has no Connect form
   */
  public org.apache.kafka.connect.data.Schema targetSchema() {
    if (targetAvroSchema == null) {
      return null;
    }
    try {
      return AvroToConnectSchema.convert(targetAvroSchema, null, avroDataSettings());
    } catch (DataException e) {
      throw new ConfigException(TARGET_SCHEMA_CONFIG, targetAvroSchema.toString(), e.getMessage());
    }
  }

  private static Schema parseTarget(String text) {
    if (text == null || text.isBlank()) {
      return null;
    }
    try {
      return new Schema.Parser().parse(text);
    } catch (SchemaParseException | NullPointerException e) {
      // Avro 1.12.0 throws a NullPointerException for a name that no schema defines.
      throw new ConfigException(TARGET_SCHEMA_CONFIG, text, "not a valid Avro schema: " + e.getMessage());
    }
  }
}
