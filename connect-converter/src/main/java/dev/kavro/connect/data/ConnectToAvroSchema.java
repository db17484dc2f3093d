package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.AvroTypeException;
import org.apache.avro.JsonProperties;
import org.apache.avro.util.internal.JacksonUtils;
import org.apache.kafka.connect.data.ConnectSchema;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Connect schema to Avro schema exactly as Confluent 8.3.1's {@code AvroData.fromConnectSchema} maps it, down to the
 * order of the Avro properties (the registry stores the text, so another order would register another schema):
 * checked against a corpus recorded from Confluent ({@code ConfluentCorpusTest}). With
 * {@link AvroDataSettings#extendedLogicalTypes()}, Kavro's marked Connect timestamps, times and uuids get their Avro
 * logical types back. One instance per conversion: it numbers unnamed records ({@code ConnectDefault},
 * {@code ConnectDefault2}, ...) and reuses the Avro schema of an equal Connect schema. A {@link CyclicSchema} becomes
 * a reference to the record of the struct it refers to, so recursive schemas map back.
 */
public final class ConnectToAvroSchema {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectToAvroSchema.class);

  private final AvroDataSettings settings;
  /** Converted required schemas, by Connect equality: an equal schema reuses its Avro type (named types must). */
  private final Map<Schema, org.apache.avro.Schema> known = new HashMap<>();
  private int defaultNames;

  private ConnectToAvroSchema(AvroDataSettings settings) {
    this.settings = settings;
  }

  /**
   * The Avro schema of {@code connect}.
   *
   * @throws DataException for a null schema (schemaless data is not supported) or a malformed logical type
   * @throws org.apache.avro.AvroRuntimeException where Avro refuses the result, as it does for Confluent (an invalid
   *     name without {@code scrub.invalid.names}, say)
   */
  public static org.apache.avro.Schema convert(Schema connect, AvroDataSettings settings) {
    if (connect == null) {
      throw new DataException("Kavro's converter needs a Connect schema; schemaless values are not supported");
    }
    return new ConnectToAvroSchema(settings).schema(connect, false);
  }

  static boolean isUnion(Schema connect) {
    return ConfluentUnions.isUnion(connect);
  }

  private org.apache.avro.Schema schema(Schema connect, boolean ignoreOptional) {
    if (connect instanceof CyclicSchema cyclic) {
      org.apache.avro.Schema record = known.get(cyclic.target());
      if (record == null) {
        record = known.get(nonOptional(cyclic.target()));
      }
      if (record == null) {
        throw new DataException("Cyclic reference to the struct " + cyclic.name() + ", which does not enclose it");
      }
      return ignoreOptional ? record : optional(connect, record);
    }
    boolean cacheable = !isUnion(connect) && !connect.isOptional();
    if (cacheable) {
      org.apache.avro.Schema cached = known.get(connect);
      if (cached != null) {
        return cached;
      }
    }
    String connectType = null;
    org.apache.avro.Schema base;
    switch (connect.type()) {
      case INT8 -> {
        connectType = CONNECT_TYPE_INT8;
        base = primitive(org.apache.avro.Schema.Type.INT);
      }
      case INT16 -> {
        connectType = CONNECT_TYPE_INT16;
        base = primitive(org.apache.avro.Schema.Type.INT);
      }
      case INT32 -> base = primitive(isTimeMicros(connect) ? org.apache.avro.Schema.Type.LONG
          : org.apache.avro.Schema.Type.INT);
      case INT64 -> base = primitive(org.apache.avro.Schema.Type.LONG);
      case FLOAT32 -> base = primitive(org.apache.avro.Schema.Type.FLOAT);
      case FLOAT64 -> base = primitive(org.apache.avro.Schema.Type.DOUBLE);
      case BOOLEAN -> base = primitive(org.apache.avro.Schema.Type.BOOLEAN);
      case STRING -> base = string(connect);
      case BYTES -> base = bytes(connect);
      case ARRAY -> base = org.apache.avro.Schema.createArray(schema(connect.valueSchema(), false));
      case MAP -> base = map(connect);
      case STRUCT -> base = struct(connect);
      default -> throw new DataException("Unknown schema type: " + connect.type());
    }
    org.apache.avro.Schema result = base;
    if (base.getType() != org.apache.avro.Schema.Type.UNION) {
      if (settings.connectMetaData()) {
        metadata(base, connect, connectType);
      }
      logicalType(base, connect);
      Map<String, String> params = connect.parameters();
      if (params != null) {
        params.forEach((k, v) -> {
          if (k.startsWith(AVRO_PARAM_PREFIX)) {
            base.addProp(k, v);
          }
        });
      }
      if (!ignoreOptional) {
        result = optional(connect, base);
      }
    }
    if (!connect.isOptional()) {
      known.put(connect, result);
    }
    return result;
  }

  private static org.apache.avro.Schema primitive(org.apache.avro.Schema.Type type) {
    return org.apache.avro.Schema.create(type);
  }

  /** An optional schema is a union with null: null first, unless the schema has a default (Avro's rule). */
  private static org.apache.avro.Schema optional(Schema connect, org.apache.avro.Schema base) {
    if (!connect.isOptional()) {
      return base;
    }
    org.apache.avro.Schema nul = primitive(org.apache.avro.Schema.Type.NULL);
    return org.apache.avro.Schema.createUnion(connect.defaultValue() != null ? List.of(base, nul)
        : List.of(nul, base));
  }

  private org.apache.avro.Schema string(Schema connect) {
    Map<String, String> params = connect.parameters();
    boolean enumSupport = settings.generalizedSumTypes() || settings.enhancedSchemaSupport();
    if (!enumSupport || params == null
        || !(params.containsKey(GENERALIZED_TYPE_ENUM) || params.containsKey(AVRO_TYPE_ENUM))) {
      return primitive(org.apache.avro.Schema.Type.STRING);
    }
    String param = settings.generalizedSumTypes() ? GENERALIZED_TYPE_ENUM : AVRO_TYPE_ENUM;
    String prefix = param + ".";
    List<String> symbols = new ArrayList<>();
    for (String key : params.keySet()) {
      if (key.startsWith(prefix)) {
        symbols.add(key.substring(prefix.length()));
      }
    }
    String shortName = nameOrDefault(connect.name())[1];
    String[] enumName = rawSplit(params.get(param)); // Confluent does not scrub the enum's own name
    if (settings.discardTypeDocDefault()) {
      return org.apache.avro.Schema.createEnum(enumName[1], params.get(CONNECT_ENUM_DOC_PROP), enumName[0], symbols);
    }
    return org.apache.avro.Schema.createEnum(enumName[1], params.get(AVRO_ENUM_DOC_PREFIX_PARAM + shortName),
        enumName[0], symbols, params.get(AVRO_ENUM_DEFAULT_PREFIX_PARAM + shortName));
  }

  private org.apache.avro.Schema bytes(Schema connect) {
    org.apache.avro.Schema base;
    if (ConfluentUnions.isFixed(connect)) {
      String[] name = nameOrDefault(connect.name());
      base = org.apache.avro.Schema.createFixed(name[1], null, name[0],
          Integer.parseInt(connect.parameters().get(FIXED_SIZE_PARAM)));
    } else {
      base = primitive(org.apache.avro.Schema.Type.BYTES);
    }
    if (Decimal.LOGICAL_NAME.equalsIgnoreCase(connect.name())) {
      Map<String, String> params = connect.parameters();
      base.addProp(AVRO_DECIMAL_SCALE_PROP, (Object) Integer.parseInt(params.get(Decimal.SCALE_FIELD)));
      String precision = params.get(DECIMAL_PRECISION_PARAM);
      base.addProp(AVRO_DECIMAL_PRECISION_PROP,
          (Object) (precision != null ? Integer.parseInt(precision) : DECIMAL_PRECISION_DEFAULT));
    }
    return base;
  }

  /** A map with required (or allowed optional) string keys is an Avro map; others an array of MapEntry records. */
  private org.apache.avro.Schema map(Schema connect) {
    Schema key = connect.keySchema();
    if (key.type() == Schema.Type.STRING && (!key.isOptional() || settings.allowOptionalMapKeys())) {
      return org.apache.avro.Schema.createMap(schema(connect.valueSchema(), false));
    }
    org.apache.avro.Schema entry;
    if (connect.name() == null) {
      entry = org.apache.avro.Schema.createRecord(MAP_ENTRY_TYPE_NAME, null, NAMESPACE, false);
    } else {
      String[] name = nameOrDefault(connect.name());
      entry = org.apache.avro.Schema.createRecord(name[1], null, name[0], false);
      entry.addProp(CONNECT_INTERNAL_TYPE_PROP, MAP_ENTRY_TYPE_NAME);
    }
    List<org.apache.avro.Schema.Field> fields = new ArrayList<>(2);
    fields.add(field(KEY_FIELD, key, null));
    fields.add(field(VALUE_FIELD, connect.valueSchema(), null));
    entry.setFields(fields);
    return org.apache.avro.Schema.createArray(entry);
  }

  private org.apache.avro.Schema struct(Schema connect) {
    if (isUnion(connect)) {
      List<org.apache.avro.Schema> branches = new ArrayList<>();
      if (connect.isOptional()) {
        branches.add(primitive(org.apache.avro.Schema.Type.NULL));
      }
      for (Field field : connect.fields()) {
        branches.add(schema(nonOptional(field.schema()), true));
      }
      return org.apache.avro.Schema.createUnion(branches);
    }
    if (connect.isOptional()) {
      // The record's metadata goes on the record, inside the union: an Avro union has no properties.
      return org.apache.avro.Schema.createUnion(List.of(primitive(org.apache.avro.Schema.Type.NULL),
          schema(nonOptional(connect), false)));
    }
    String[] name = nameOrDefault(connect.name());
    Map<String, String> params = connect.parameters();
    String doc = params == null ? null
        : params.get(settings.discardTypeDocDefault() ? CONNECT_RECORD_DOC_PROP : AVRO_RECORD_DOC_PARAM);
    org.apache.avro.Schema record = org.apache.avro.Schema.createRecord(name[1], doc, name[0], false);
    known.put(connect, record);
    List<org.apache.avro.Schema.Field> fields = new ArrayList<>();
    for (Field field : connect.fields()) {
      String fieldDoc = !settings.discardTypeDocDefault() && params != null
          ? params.get(AVRO_FIELD_DOC_PREFIX_PARAM + field.name()) : null;
      fields.add(field(scrub(field.name()), field.schema(), fieldDoc));
    }
    record.setFields(fields);
    return record;
  }

  /** A Connect schema as required, keeping everything else (Confluent's {@code nonOptional}). */
  private static Schema nonOptional(Schema connect) {
    if (!connect.isOptional() || connect instanceof CyclicSchema) {
      return connect instanceof CyclicSchema cyclic ? new CyclicSchema(cyclic.target(), false) : connect;
    }
    return new ConnectSchema(connect.type(), false, connect.defaultValue(), connect.name(), connect.version(),
        connect.doc(), connect.parameters(), connect.type() == Schema.Type.STRUCT ? connect.fields() : null,
        connect.type() == Schema.Type.MAP ? connect.keySchema() : null,
        connect.type() == Schema.Type.MAP || connect.type() == Schema.Type.ARRAY ? connect.valueSchema() : null);
  }

  /** A record field; a default Avro refuses is dropped with a warning, as Confluent drops it. */
  private org.apache.avro.Schema.Field field(String name, Schema connect, String doc) {
    Object defaultValue = null;
    if (connect.defaultValue() != null) {
      defaultValue = JacksonUtils.toObject(ConnectDefaults.toJson(connect, connect.defaultValue(), settings));
    } else if (connect.isOptional()) {
      defaultValue = JsonProperties.NULL_VALUE;
    }
    org.apache.avro.Schema avro = schema(connect, false);
    String fieldDoc = settings.discardTypeDocDefault() ? connect.doc() : doc;
    try {
      return new org.apache.avro.Schema.Field(name, avro, fieldDoc, defaultValue);
    } catch (AvroTypeException e) {
      LOG.warn("Ignoring the default of field '{}': Avro does not accept it for {}: {}", name, avro,
          e.getMessage());
      return new org.apache.avro.Schema.Field(name, avro, fieldDoc);
    }
  }

  /** The {@code connect.*} properties, in Confluent's order. */
  private void metadata(org.apache.avro.Schema base, Schema connect, String connectType) {
    Map<String, String> params = connect.parameters();
    if (connect.doc() != null) {
      base.addProp(CONNECT_DOC_PROP, connect.doc());
    }
    if (connect.version() != null) {
      base.addProp(CONNECT_VERSION_PROP, (Object) connect.version());
    }
    if (params != null) {
      Map<String, Object> written = new LinkedHashMap<>();
      params.forEach((k, v) -> {
        boolean kavroMarker = settings.extendedLogicalTypes() && KAVRO_LOGICAL_TYPE_PARAM.equals(k);
        if ((settings.discardTypeDocDefault() || !AVRO_FIELD_DEFAULT_FLAG_PARAM.equals(k)) && !kavroMarker) {
          written.put(k, v);
        }
      });
      if (!written.isEmpty()) {
        base.addProp(CONNECT_PARAMETERS_PROP, written);
      }
    }
    if (connect.defaultValue() != null && (settings.discardTypeDocDefault() || params == null
        || !params.containsKey(AVRO_FIELD_DEFAULT_FLAG_PARAM))) {
      base.addProp(CONNECT_DEFAULT_VALUE_PROP, ConnectDefaults.toJson(connect, connect.defaultValue(), settings));
    }
    if (connect.name() != null) {
      base.addProp(CONNECT_NAME_PROP, connect.name());
    }
    if (connectType != null) {
      base.addProp(CONNECT_TYPE_PROP, connectType);
    }
  }

  /**
   * The Avro logical type of a Connect logical type, then the legacy {@code logicalType} property Confluent also
   * writes. A decimal Avro cannot express (scale below 0 or above the precision) keeps the legacy property only.
   */
  private void logicalType(org.apache.avro.Schema base, Schema connect) {
    String kavroType = settings.extendedLogicalTypes() ? LogicalTypes.kavroLogicalType(connect) : null;
    if (kavroType != null && kavroLogicalType(base, connect, kavroType)) {
      return;
    }
    String name = connect.name();
    if (name == null) {
      return;
    }
    boolean legacyDecimal = false;
    if (Decimal.LOGICAL_NAME.equalsIgnoreCase(name)) {
      String precisionText = connect.parameters().get(DECIMAL_PRECISION_PARAM);
      String scaleText = connect.parameters().get(Decimal.SCALE_FIELD);
      int precision = precisionText == null ? DECIMAL_PRECISION_DEFAULT : Integer.parseInt(precisionText);
      int scale = scaleText == null ? 0 : Integer.parseInt(scaleText);
      if (scale < 0 || scale > precision) {
        legacyDecimal = true;
      } else {
        org.apache.avro.LogicalTypes.decimal(precision, scale).addToSchema(base);
      }
      if (precisionText != null || legacyDecimal) {
        base.addProp(AVRO_LOGICAL_TYPE_PROP, "decimal");
      }
    } else if (Time.LOGICAL_NAME.equalsIgnoreCase(name)) {
      org.apache.avro.LogicalTypes.timeMillis().addToSchema(base);
      base.addProp(AVRO_LOGICAL_TYPE_PROP, "time-millis");
    } else if (Timestamp.LOGICAL_NAME.equalsIgnoreCase(name)) {
      org.apache.avro.LogicalTypes.timestampMillis().addToSchema(base);
      base.addProp(AVRO_LOGICAL_TYPE_PROP, "timestamp-millis");
    } else if (Date.LOGICAL_NAME.equalsIgnoreCase(name)) {
      org.apache.avro.LogicalTypes.date().addToSchema(base);
      base.addProp(AVRO_LOGICAL_TYPE_PROP, "date");
    }
  }

  /** Kavro's extended logical types (opt-in); false when the marked schema is not one Kavro made. */
  private static boolean kavroLogicalType(org.apache.avro.Schema base, Schema connect, String kavroType) {
    org.apache.avro.LogicalType type = switch (kavroType) {
      case "timestamp-micros" -> Timestamp.LOGICAL_NAME.equals(connect.name())
          ? org.apache.avro.LogicalTypes.timestampMicros() : null;
      case "local-timestamp-millis" -> Timestamp.LOGICAL_NAME.equals(connect.name())
          ? org.apache.avro.LogicalTypes.localTimestampMillis() : null;
      case "local-timestamp-micros" -> Timestamp.LOGICAL_NAME.equals(connect.name())
          ? org.apache.avro.LogicalTypes.localTimestampMicros() : null;
      case "time-micros" -> Time.LOGICAL_NAME.equals(connect.name()) ? org.apache.avro.LogicalTypes.timeMicros()
          : null;
      case "uuid" -> connect.type() == Schema.Type.STRING && base.getType() == org.apache.avro.Schema.Type.STRING
          ? org.apache.avro.LogicalTypes.uuid() : null;
      default -> null;
    };
    if (type == null) {
      return false;
    }
    type.addToSchema(base);
    return true;
  }

  /** A Connect Time that Kavro's extended mapping made of an Avro {@code time-micros}: an Avro long. */
  private boolean isTimeMicros(Schema connect) {
    return settings.extendedLogicalTypes() && Time.LOGICAL_NAME.equals(connect.name())
        && "time-micros".equals(LogicalTypes.kavroLogicalType(connect));
  }

  /** {@code [namespace, name]} of a Connect name (scrubbed as configured), or the next {@code ConnectDefault}. */
  private String[] nameOrDefault(String connectName) {
    if (connectName != null) {
      return splitName(connectName);
    }
    defaultNames++;
    return new String[] {NAMESPACE, DEFAULT_SCHEMA_NAME + (defaultNames > 1 ? defaultNames : "")};
  }

  private static String[] rawSplit(String fullName) {
    int dot = fullName == null ? -1 : fullName.lastIndexOf('.');
    return dot < 0 ? new String[] {null, fullName}
        : new String[] {fullName.substring(0, dot), fullName.substring(dot + 1)};
  }

  private String scrub(String name) {
    return settings.scrubInvalidNames() ? NameScrubber.scrub(name) : name;
  }

  /** {@code [namespace or null, name]}, split on the last dot, each part scrubbed as configured. */
  private String[] splitName(String fullName) {
    if (fullName == null || fullName.isEmpty()) {
      return new String[] {null, fullName};
    }
    String scrubbed = settings.scrubInvalidNames() ? NameScrubber.scrubFullName(fullName) : fullName;
    int dot = scrubbed.lastIndexOf('.');
    return dot < 0 ? new String[] {null, scrubbed}
        : new String[] {scrubbed.substring(0, dot), scrubbed.substring(dot + 1)};
  }
}
