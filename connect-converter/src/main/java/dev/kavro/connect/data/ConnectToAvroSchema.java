package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.JsonProperties;
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
 * Connect schema to Avro schema, as Confluent's {@code AvroData.fromConnectSchema} maps it, plus Kavro's extra logical
 * types (see {@link ConnectAvroNames#KAVRO_LOGICAL_TYPE_PARAM}). One instance per conversion: it numbers the
 * unnamed records ({@code ConnectDefault}, {@code ConnectDefault2}, ...) and reuses the record of an equal struct. A
 * {@link CyclicSchema} becomes a reference to the record of the struct it refers to, so recursive schemas map back.
 */
public final class ConnectToAvroSchema {
  private static final Logger LOG = LoggerFactory.getLogger(ConnectToAvroSchema.class);

  private final AvroDataSettings settings;
  private final Map<Schema, org.apache.avro.Schema> records = new HashMap<>();
  private int defaultNames;

  private ConnectToAvroSchema(AvroDataSettings settings) {
    this.settings = settings;
  }

  /**
   * The Avro schema of {@code connect}.
   *
   * @throws DataException for a null schema (schemaless data is not supported) or a malformed logical type
   */
  public static org.apache.avro.Schema convert(Schema connect, AvroDataSettings settings) {
    if (connect == null) {
      throw new DataException("Kavro's converter needs a Connect schema; schemaless values are not supported");
    }
    return new ConnectToAvroSchema(settings).schema(connect, false);
  }

  private org.apache.avro.Schema schema(Schema connect, boolean ignoreOptional) {
    if (isUnion(connect)) {
      return union(connect, ignoreOptional);
    }
    org.apache.avro.Schema base = base(connect);
    if (!connect.isOptional() || ignoreOptional) {
      return base;
    }
    org.apache.avro.Schema nul = org.apache.avro.Schema.create(org.apache.avro.Schema.Type.NULL);
    boolean defaultFirst = connect.defaultValue() != null && connect.type() != Schema.Type.STRUCT;
    return org.apache.avro.Schema.createUnion(defaultFirst ? List.of(base, nul) : List.of(nul, base));
  }

  static boolean isUnion(Schema connect) {
    return connect.type() == Schema.Type.STRUCT && (AVRO_TYPE_UNION.equals(connect.name())
        || (connect.parameters() != null && connect.parameters().containsKey(GENERALIZED_TYPE_UNION)));
  }

  private org.apache.avro.Schema union(Schema connect, boolean ignoreOptional) {
    List<org.apache.avro.Schema> branches = new ArrayList<>();
    if (connect.isOptional() && !ignoreOptional) {
      branches.add(org.apache.avro.Schema.create(org.apache.avro.Schema.Type.NULL));
    }
    for (Field field : connect.fields()) {
      branches.add(schema(field.schema(), true));
    }
    return org.apache.avro.Schema.createUnion(branches);
  }

  private org.apache.avro.Schema base(Schema connect) {
    if (connect instanceof CyclicSchema cyclic) {
      return backReference(cyclic);
    }
    if (connect.type() == Schema.Type.STRUCT) {
      org.apache.avro.Schema known = records.get(connect);
      if (known != null) {
        return known;
      }
    }
    org.apache.avro.Schema base = switch (connect.type()) {
      case INT8, INT16 -> primitive(org.apache.avro.Schema.Type.INT);
      case INT32 -> int32(connect);
      case INT64 -> int64(connect);
      case FLOAT32 -> primitive(org.apache.avro.Schema.Type.FLOAT);
      case FLOAT64 -> primitive(org.apache.avro.Schema.Type.DOUBLE);
      case BOOLEAN -> primitive(org.apache.avro.Schema.Type.BOOLEAN);
      case STRING -> string(connect);
      case BYTES -> bytes(connect);
      case ARRAY -> org.apache.avro.Schema.createArray(schema(connect.valueSchema(), false));
      case MAP -> map(connect);
      case STRUCT -> record(connect);
    };
    if (settings.connectMetaData() && (connect.type() == Schema.Type.INT8 || connect.type() == Schema.Type.INT16)) {
      base.addProp(CONNECT_TYPE_PROP, connect.type() == Schema.Type.INT8 ? CONNECT_TYPE_INT8 : CONNECT_TYPE_INT16);
    }
    metadata(base, connect);
    return base;
  }

  /** The record a cyclic reference refers to: already being built, since the reference sits inside it. */
  private org.apache.avro.Schema backReference(CyclicSchema cyclic) {
    org.apache.avro.Schema record = records.get(cyclic.target());
    if (record == null) {
      throw new DataException("Cyclic reference to the struct " + cyclic.name() + ", which does not enclose it");
    }
    return record;
  }

  private static org.apache.avro.Schema primitive(org.apache.avro.Schema.Type type) {
    return org.apache.avro.Schema.create(type);
  }

  private static org.apache.avro.Schema int32(Schema connect) {
    if (Date.LOGICAL_NAME.equals(connect.name())) {
      return org.apache.avro.LogicalTypes.date().addToSchema(primitive(org.apache.avro.Schema.Type.INT));
    }
    if (Time.LOGICAL_NAME.equals(connect.name())) {
      if ("time-micros".equals(LogicalTypes.kavroLogicalType(connect))) {
        return org.apache.avro.LogicalTypes.timeMicros().addToSchema(primitive(org.apache.avro.Schema.Type.LONG));
      }
      return org.apache.avro.LogicalTypes.timeMillis().addToSchema(primitive(org.apache.avro.Schema.Type.INT));
    }
    return primitive(org.apache.avro.Schema.Type.INT);
  }

  private static org.apache.avro.Schema int64(Schema connect) {
    org.apache.avro.Schema base = primitive(org.apache.avro.Schema.Type.LONG);
    if (!Timestamp.LOGICAL_NAME.equals(connect.name())) {
      return base;
    }
    String logical = LogicalTypes.kavroLogicalType(connect);
    org.apache.avro.LogicalType type = logical == null ? org.apache.avro.LogicalTypes.timestampMillis()
        : switch (logical) {
          case "timestamp-micros" -> org.apache.avro.LogicalTypes.timestampMicros();
          case "local-timestamp-millis" -> org.apache.avro.LogicalTypes.localTimestampMillis();
          case "local-timestamp-micros" -> org.apache.avro.LogicalTypes.localTimestampMicros();
          default -> org.apache.avro.LogicalTypes.timestampMillis();
        };
    return type.addToSchema(base);
  }

  private org.apache.avro.Schema string(Schema connect) {
    Map<String, String> params = connect.parameters();
    String enumParam = null;
    if (params != null && settings.enhancedSchemaSupport() && params.containsKey(AVRO_TYPE_ENUM)) {
      enumParam = AVRO_TYPE_ENUM;
    } else if (params != null && settings.generalizedSumTypes() && params.containsKey(GENERALIZED_TYPE_ENUM)) {
      enumParam = GENERALIZED_TYPE_ENUM;
    }
    if (enumParam == null) {
      org.apache.avro.Schema base = primitive(org.apache.avro.Schema.Type.STRING);
      return "uuid".equals(LogicalTypes.kavroLogicalType(connect))
          ? org.apache.avro.LogicalTypes.uuid().addToSchema(base) : base;
    }
    String fullName = scrubFull(params.get(enumParam));
    String prefix = enumParam + ".";
    List<String> symbols = new ArrayList<>();
    for (String key : params.keySet()) {
      if (key.startsWith(prefix)) {
        symbols.add(key.substring(prefix.length()));
      }
    }
    String[] split = splitName(fullName);
    String doc = params.get(AVRO_ENUM_DOC_PREFIX_PARAM + split[1]);
    String enumDefault = params.get(AVRO_ENUM_DEFAULT_PREFIX_PARAM + split[1]);
    return org.apache.avro.Schema.createEnum(split[1], doc, split[0], symbols, enumDefault);
  }

  private org.apache.avro.Schema bytes(Schema connect) {
    Map<String, String> params = connect.parameters();
    if (Decimal.LOGICAL_NAME.equals(connect.name())) {
      return decimal(connect);
    }
    String fixedSize = params == null ? null : params.get(FIXED_SIZE_PARAM);
    if (connect.name() != null && fixedSize != null) {
      String[] split = splitName(scrubFull(connect.name()));
      return org.apache.avro.Schema.createFixed(split[1], null, split[0], Integer.parseInt(fixedSize));
    }
    return primitive(org.apache.avro.Schema.Type.BYTES);
  }

  private static org.apache.avro.Schema decimal(Schema connect) {
    Map<String, String> params = connect.parameters();
    String scaleText = params == null ? null : params.get(Decimal.SCALE_FIELD);
    if (scaleText == null) {
      throw new DataException("Decimal schema without the '" + Decimal.SCALE_FIELD + "' parameter");
    }
    int scale = Integer.parseInt(scaleText);
    String precisionText = params.get(DECIMAL_PRECISION_PARAM);
    int precision = precisionText == null ? DECIMAL_PRECISION_DEFAULT : Integer.parseInt(precisionText);
    org.apache.avro.Schema base = primitive(org.apache.avro.Schema.Type.BYTES);
    if (scale < 0 || scale > precision) {
      // Avro refuses such a decimal; keep the legacy property-only form, as Confluent does.
      base.addProp(AVRO_LOGICAL_TYPE_PROP, "decimal");
      base.addProp(AVRO_DECIMAL_SCALE_PROP, (Object) scale);
      base.addProp(AVRO_DECIMAL_PRECISION_PROP, (Object) precision);
      return base;
    }
    return org.apache.avro.LogicalTypes.decimal(precision, scale).addToSchema(base);
  }

  private org.apache.avro.Schema map(Schema connect) {
    Schema key = connect.keySchema();
    if (key.type() == Schema.Type.STRING && (!key.isOptional() || settings.allowOptionalMapKeys())) {
      return org.apache.avro.Schema.createMap(schema(connect.valueSchema(), false));
    }
    org.apache.avro.Schema entry;
    if (connect.name() != null) {
      String[] split = splitName(scrubFull(connect.name()));
      entry = org.apache.avro.Schema.createRecord(split[1], null, split[0], false);
      entry.addProp(CONNECT_INTERNAL_TYPE_PROP, MAP_ENTRY_TYPE_NAME);
    } else {
      entry = org.apache.avro.Schema.createRecord(MAP_ENTRY_TYPE_NAME, null, NAMESPACE, false);
    }
    entry.setFields(List.of(
        new org.apache.avro.Schema.Field(KEY_FIELD, schema(key, false), null, (Object) null),
        new org.apache.avro.Schema.Field(VALUE_FIELD, schema(connect.valueSchema(), false), null, (Object) null)));
    return org.apache.avro.Schema.createArray(entry);
  }

  private org.apache.avro.Schema record(Schema connect) {
    String[] split;
    if (connect.name() == null) {
      defaultNames++;
      split = new String[] {NAMESPACE, DEFAULT_SCHEMA_NAME + (defaultNames > 1 ? defaultNames : "")};
    } else {
      split = splitName(scrubFull(connect.name()));
    }
    Map<String, String> params = connect.parameters() == null ? Map.of() : connect.parameters();
    String doc = settings.connectMetaData() ? params.get(AVRO_RECORD_DOC_PARAM) : null;
    org.apache.avro.Schema record = org.apache.avro.Schema.createRecord(split[1], doc, split[0], false);
    records.put(connect, record);
    List<org.apache.avro.Schema.Field> fields = new ArrayList<>();
    for (Field field : connect.fields()) {
      String fieldDoc = settings.connectMetaData() ? params.get(AVRO_FIELD_DOC_PREFIX_PARAM + field.name()) : null;
      fields.add(field(field, fieldDoc));
    }
    record.setFields(fields);
    return record;
  }

  private org.apache.avro.Schema.Field field(Field field, String doc) {
    Schema fieldSchema = field.schema();
    org.apache.avro.Schema avro = schema(fieldSchema, false);
    String name = settings.scrubInvalidNames() ? NameScrubber.scrub(field.name()) : field.name();
    Object defaultValue = null;
    if (fieldSchema.defaultValue() != null) {
      defaultValue = JsonDefaults.toJson(fieldSchema, fieldSchema.defaultValue());
    } else if (fieldSchema.isOptional()) {
      defaultValue = JsonProperties.NULL_VALUE;
    }
    if (defaultValue == null) {
      return new org.apache.avro.Schema.Field(name, avro, doc);
    }
    try {
      return new org.apache.avro.Schema.Field(name, avro, doc, defaultValue);
    } catch (AvroRuntimeException e) {
      LOG.warn("Ignoring the default of field '{}': Avro does not accept it for {}: {}", field.name(), avro,
          e.getMessage());
      return new org.apache.avro.Schema.Field(name, avro, doc);
    }
  }

  /** The {@code connect.*} properties, and Connect params named {@code avro*} as Avro properties. */
  private void metadata(org.apache.avro.Schema base, Schema connect) {
    Map<String, String> params = connect.parameters();
    if (params != null) {
      params.forEach((k, v) -> {
        if (k.startsWith(AVRO_PARAM_PREFIX)) {
          base.addProp(k, v);
        }
      });
    }
    if (!settings.connectMetaData()) {
      return;
    }
    if (connect.doc() != null) {
      base.addProp(CONNECT_DOC_PROP, connect.doc());
    }
    if (connect.version() != null) {
      base.addProp(CONNECT_VERSION_PROP, (Object) connect.version());
    }
    if (params != null && !params.isEmpty()) {
      Map<String, Object> written = new LinkedHashMap<>();
      params.forEach((k, v) -> {
        if (!AVRO_FIELD_DEFAULT_FLAG_PARAM.equals(k) && !KAVRO_LOGICAL_TYPE_PARAM.equals(k)) {
          written.put(k, v);
        }
      });
      if (!written.isEmpty()) {
        base.addProp(CONNECT_PARAMETERS_PROP, written);
      }
    }
    boolean fromAvroField = params != null && "true".equals(params.get(AVRO_FIELD_DEFAULT_FLAG_PARAM));
    if (connect.defaultValue() != null && !fromAvroField) {
      base.addProp(CONNECT_DEFAULT_VALUE_PROP, JsonDefaults.toJson(connect, connect.defaultValue()));
    }
    if (connect.name() != null) {
      base.addProp(CONNECT_NAME_PROP, connect.name());
    }
  }

  private String scrubFull(String name) {
    return settings.scrubInvalidNames() ? NameScrubber.scrubFullName(name) : name;
  }

  /** {@code [namespace or null, name]}, split on the last dot. */
  private static String[] splitName(String fullName) {
    int dot = fullName.lastIndexOf('.');
    return dot < 0 ? new String[] {null, fullName}
        : new String[] {fullName.substring(0, dot), fullName.substring(dot + 1)};
  }
}
