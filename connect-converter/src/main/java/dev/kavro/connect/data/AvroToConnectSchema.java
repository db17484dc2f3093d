package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Avro schema to Connect schema exactly as Confluent 8.3.1's {@code AvroData.toConnectSchema} maps it: the same
 * types, names, versions, docs, parameters in the same order, and defaults (checked against a corpus recorded from
 * Confluent, {@code ConfluentCorpusTest}). With {@link AvroDataSettings#extendedLogicalTypes()} it also maps
 * {@code timestamp-micros}, {@code local-timestamp-*}, {@code time-micros} and {@code uuid}, which Confluent leaves
 * as plain {@code long}/{@code string}. A record that refers to an enclosing record (a recursive schema) maps to a
 * {@link CyclicSchema} at that reference, as Confluent's {@code CyclicSchemaWrapper}. One instance per conversion:
 * it carries the generalized-union counter and the records being built.
 */
public final class AvroToConnectSchema {
  private final AvroDataSettings settings;
  /** The records being converted, by Avro instance: a second visit is a cycle. */
  private final Map<org.apache.avro.Schema, SchemaBuilder> inProgress;
  /** The back-references to each record being built, pointed at its built schema once it exists. */
  private final Map<SchemaBuilder, List<CyclicSchema>> backReferences = new IdentityHashMap<>();
  /** Confluent numbers generalized unions per converter instance; a MapEntry's parts share the counter. */
  private final int[] unionIndex;

  private AvroToConnectSchema(AvroDataSettings settings, int[] unionIndex) {
    this.settings = settings;
    this.unionIndex = unionIndex;
    this.inProgress = new IdentityHashMap<>();
  }

  /**
   * The Connect schema of {@code avro}.
   *
   * @param version the registry version, used unless the schema carries {@code connect.version}; may be null
   * @throws DataException where Confluent throws: a standalone {@code null} schema, a malformed map entry, union
   *     branches mapping to one field name, a version or name that contradicts a logical type's, malformed
   *     {@code connect.*} properties
   */
  public static Schema convert(org.apache.avro.Schema avro, Integer version, AvroDataSettings settings) {
    return new AvroToConnectSchema(settings, new int[1]).schema(avro, false, null, null, version);
  }

  /** A cycle-aware conversion: a record being built is referred to, not converted again. */
  private Schema withCycles(org.apache.avro.Schema avro, boolean optional, String fieldDoc) {
    SchemaBuilder enclosing = inProgress.get(avro);
    if (enclosing != null) {
      CyclicSchema reference = new CyclicSchema(enclosing, optional);
      backReferences.computeIfAbsent(enclosing, k -> new java.util.ArrayList<>()).add(reference);
      return reference;
    }
    return schema(avro, optional, null, fieldDoc, null);
  }

  /**
   * @param fieldDefault the Avro field default (as {@code Schema.Field.defaultVal()} gives it), which wins over
   *     {@code connect.default}; null when not converting a record field's own type
   * @param fieldDoc the Avro field's doc, for {@code discard.type.doc.default}
   */
  private Schema schema(org.apache.avro.Schema avro, boolean optional, Object fieldDefault, String fieldDoc,
      Integer version) {
    String logical = avro.getProp(AVRO_LOGICAL_TYPE_PROP);
    SchemaBuilder builder;
    switch (avro.getType()) {
      case BOOLEAN -> builder = SchemaBuilder.bool();
      case BYTES, FIXED -> builder = bytesSchema(avro, logical);
      case DOUBLE -> builder = SchemaBuilder.float64();
      case FLOAT -> builder = SchemaBuilder.float32();
      case INT -> builder = intSchema(avro, logical);
      case LONG -> builder = longSchema(logical);
      case STRING -> builder = settings.extendedLogicalTypes() && "uuid".equals(logical)
          ? SchemaBuilder.string().parameter(KAVRO_LOGICAL_TYPE_PARAM, logical) : SchemaBuilder.string();
      case ARRAY -> builder = arraySchema(avro);
      case MAP -> builder = SchemaBuilder.map(Schema.STRING_SCHEMA, withCycles(avro.getValueType(), false, null));
      case RECORD -> builder = recordSchema(avro);
      case ENUM -> builder = enumSchema(avro);
      case UNION -> {
        List<org.apache.avro.Schema> types = avro.getTypes();
        if (types.size() == 1 && settings.flattenSingletonUnions()) {
          return withCycles(types.get(0), false, fieldDoc);
        }
        if (types.size() == 2 && AvroSchemas.nullIndex(avro) >= 0) {
          return withCycles(types.get(1 - AvroSchemas.nullIndex(avro)), true, fieldDoc);
        }
        builder = unionSchema(avro);
      }
      case NULL -> throw new DataException("Standalone null schemas are not supported by this converter");
      default -> throw new DataException("Couldn't translate unsupported schema type " + avro.getType() + ".");
    }
    doc(builder, avro, fieldDoc);
    version(builder, avro, version);
    parameters(builder, avro);
    defaultValue(builder, avro, fieldDefault);
    name(builder, avro);
    if (optional) {
      builder.optional();
    }
    Schema built = builder.build();
    List<CyclicSchema> references = backReferences.remove(builder);
    if (references != null) {
      references.forEach(reference -> reference.resolve(built));
    }
    return built;
  }

  private static SchemaBuilder bytesSchema(org.apache.avro.Schema avro, String logical) {
    SchemaBuilder builder;
    if ("decimal".equalsIgnoreCase(logical)) {
      Object scale = avro.getObjectProp(AVRO_DECIMAL_SCALE_PROP);
      builder = Decimal.builder(scale instanceof Number n ? n.intValue() : 0);
      Object precision = avro.getObjectProp(AVRO_DECIMAL_PRECISION_PROP);
      if (precision != null) {
        if (!(precision instanceof Number n)) {
          throw new DataException("precision property must be a JSON Integer. "
              + "https://avro.apache.org/docs/1.9.1/spec.html#Decimal");
        }
        if (n.intValue() != DECIMAL_PRECISION_DEFAULT) {
          builder.parameter(DECIMAL_PRECISION_PARAM, String.valueOf(n.intValue()));
        }
      }
    } else {
      builder = SchemaBuilder.bytes();
    }
    if (avro.getType() == org.apache.avro.Schema.Type.FIXED) {
      builder.parameter(FIXED_SIZE_PARAM, String.valueOf(avro.getFixedSize()));
    }
    return builder;
  }

  /** A logical type wins over {@code connect.type}, and one Connect does not know leaves a plain INT32. */
  private static SchemaBuilder intSchema(org.apache.avro.Schema avro, String logical) {
    String connectType = avro.getProp(CONNECT_TYPE_PROP);
    if (logical != null) {
      if ("date".equalsIgnoreCase(logical)) {
        return Date.builder();
      }
      return "time-millis".equalsIgnoreCase(logical) ? Time.builder() : SchemaBuilder.int32();
    }
    if (connectType == null) {
      return SchemaBuilder.int32();
    }
    if (CONNECT_TYPE_INT8.equals(connectType)) {
      return SchemaBuilder.int8();
    }
    if (CONNECT_TYPE_INT16.equals(connectType)) {
      return SchemaBuilder.int16();
    }
    throw new DataException("Connect type annotation for Avro int field is null");
  }

  private SchemaBuilder longSchema(String logical) {
    if ("timestamp-millis".equalsIgnoreCase(logical)) {
      return Timestamp.builder();
    }
    if (settings.extendedLogicalTypes() && logical != null) {
      // Kavro's opt-in mapping: the type is marked so that the way back restores it. Sub-millisecond digits do not
      // fit java.util.Date and are truncated; local timestamps lose that they had no time zone.
      switch (logical) {
        case "timestamp-micros", "local-timestamp-millis", "local-timestamp-micros" -> {
          return Timestamp.builder().parameter(KAVRO_LOGICAL_TYPE_PARAM, logical);
        }
        case "time-micros" -> {
          return Time.builder().parameter(KAVRO_LOGICAL_TYPE_PARAM, logical);
        }
        default -> { }
      }
    }
    return SchemaBuilder.int64();
  }

  private SchemaBuilder arraySchema(org.apache.avro.Schema avro) {
    org.apache.avro.Schema element = avro.getElementType();
    if (AvroSchemas.isMapEntry(element)) {
      if (element.getFields().size() != 2 || element.getField(KEY_FIELD) == null
          || element.getField(VALUE_FIELD) == null) {
        throw new DataException("Found map encoded as array of key-value pairs, but array elements do not match "
            + "the expected format.");
      }
      // Confluent converts a map entry's key and value as separate top-level schemas: no cycles seen through them.
      return SchemaBuilder.map(standalone(element.getField(KEY_FIELD).schema()),
          standalone(element.getField(VALUE_FIELD).schema()));
    }
    return SchemaBuilder.array(withCycles(element, false, null));
  }

  private Schema standalone(org.apache.avro.Schema avro) {
    return new AvroToConnectSchema(settings, unionIndex).schema(avro, false, null, null, null);
  }

  private SchemaBuilder recordSchema(org.apache.avro.Schema avro) {
    SchemaBuilder builder = SchemaBuilder.struct();
    inProgress.put(avro, builder);
    boolean docs = settings.connectMetaData() && !settings.discardTypeDocDefault();
    try {
      if (docs && avro.getDoc() != null) {
        builder.parameter(AVRO_RECORD_DOC_PARAM, avro.getDoc());
      }
      for (org.apache.avro.Schema.Field field : avro.getFields()) {
        if (docs && field.doc() != null) {
          builder.parameter(AVRO_FIELD_DOC_PREFIX_PARAM + field.name(), field.doc());
        }
        builder.field(field.name(), schema(field.schema(), false, fieldDefault(field), field.doc(), null));
      }
      return builder;
    } finally {
      inProgress.remove(avro);
    }
  }

  private static Object fieldDefault(org.apache.avro.Schema.Field field) {
    try {
      return field.defaultVal();
    } catch (RuntimeException e) {
      return null; // Confluent ignores an invalid default, with a warning
    }
  }

  private SchemaBuilder enumSchema(org.apache.avro.Schema avro) {
    SchemaBuilder builder = SchemaBuilder.string();
    if (settings.connectMetaData()) {
      if (avro.getDoc() != null) {
        builder.parameter(settings.discardTypeDocDefault() ? CONNECT_ENUM_DOC_PROP
            : AVRO_ENUM_DOC_PREFIX_PARAM + avro.getName(), avro.getDoc());
      }
      if (!settings.discardTypeDocDefault() && avro.getEnumDefault() != null) {
        builder.parameter(AVRO_ENUM_DEFAULT_PREFIX_PARAM + avro.getName(), avro.getEnumDefault());
      }
    }
    String param = settings.generalizedSumTypes() ? GENERALIZED_TYPE_ENUM : AVRO_TYPE_ENUM;
    builder.parameter(param, avro.getFullName());
    List<String> symbols = avro.getEnumSymbols();
    for (int i = 0; i < symbols.size(); i++) {
      builder.parameter(param + "." + symbols.get(i), settings.generalizedSumTypes() ? String.valueOf(i)
          : symbols.get(i));
    }
    return builder;
  }

  private SchemaBuilder unionSchema(org.apache.avro.Schema avro) {
    boolean generalized = settings.generalizedSumTypes();
    String name = generalized ? GENERALIZED_UNION_PREFIX + unionIndex[0]++ : AVRO_TYPE_UNION;
    SchemaBuilder builder = SchemaBuilder.struct().name(name);
    if (generalized) {
      builder.parameter(GENERALIZED_TYPE_UNION, name);
    }
    Set<String> names = new HashSet<>();
    List<org.apache.avro.Schema> types = avro.getTypes();
    for (int index = 0; index < types.size(); index++) {
      org.apache.avro.Schema branch = types.get(index);
      if (branch.getType() == org.apache.avro.Schema.Type.NULL) {
        builder.optional();
      } else {
        String fieldName = AvroSchemas.unionFieldName(branch, index, settings);
        if (!names.add(fieldName)) {
          throw new DataException("Multiple union schemas map to the Connect union field name");
        }
        builder.field(fieldName, withCycles(branch, true, null));
      }
    }
    return builder;
  }

  private void doc(SchemaBuilder builder, org.apache.avro.Schema avro, String fieldDoc) {
    if (settings.discardTypeDocDefault()) {
      String doc = fieldDoc != null ? fieldDoc : avro.getDoc() != null ? avro.getDoc() : avro.getProp(CONNECT_DOC_PROP);
      if (doc != null) {
        builder.doc(doc);
      }
      if (settings.connectMetaData() && avro.getDoc() != null) {
        builder.parameter(CONNECT_RECORD_DOC_PROP, avro.getDoc());
      }
    } else if (settings.connectMetaData() && avro.getProp(CONNECT_DOC_PROP) != null) {
      builder.doc(avro.getProp(CONNECT_DOC_PROP));
    }
  }

  /** {@code connect.version} wins over the registry version; a logical type's own version must agree. */
  private static void version(SchemaBuilder builder, org.apache.avro.Schema avro, Integer registryVersion) {
    Object connectVersion = avro.getObjectProp(CONNECT_VERSION_PROP);
    int version = -1;
    if (connectVersion != null) {
      if (!(connectVersion instanceof Number n)) {
        throw new DataException("Invalid Connect version found: " + connectVersion);
      }
      version = n.intValue();
    } else if (registryVersion != null) {
      version = registryVersion;
    }
    if (version < 0) {
      return;
    }
    if (builder.version() == null) {
      builder.version(version);
    } else if (builder.version() != version) {
      throw new DataException("Mismatched versions: version already added to SchemaBuilder (" + builder.version()
          + ") differs from version in source schema (" + version + ")");
    }
  }

  /** {@code connect.parameters} (with metadata on), then every property named {@code avro*}, in schema order. */
  private void parameters(SchemaBuilder builder, org.apache.avro.Schema avro) {
    Object params = avro.getObjectProp(CONNECT_PARAMETERS_PROP);
    if (settings.connectMetaData() && params != null) {
      if (!(params instanceof Map<?, ?> map)) {
        throw new DataException("Expected JSON object for schema parameters but found: " + params);
      }
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!(e.getValue() instanceof String value)) {
          throw new DataException("Expected schema parameter values to be strings but found: " + e.getValue());
        }
        builder.parameter(String.valueOf(e.getKey()), value);
      }
    }
    for (Map.Entry<String, Object> e : avro.getObjectProps().entrySet()) {
      if (e.getKey().startsWith(AVRO_PARAM_PREFIX)) {
        builder.parameter(e.getKey(), String.valueOf(e.getValue()));
      }
    }
  }

  /**
   * The field default wins over {@code connect.default}, and is flagged with the {@code field.default} parameter; a
   * default Connect refuses is dropped, as Confluent drops it (with a warning there).
   */
  private void defaultValue(SchemaBuilder builder, org.apache.avro.Schema avro, Object fieldDefault) {
    Object connectDefault = avro.getObjectProp(CONNECT_DEFAULT_VALUE_PROP);
    Object value = fieldDefault;
    boolean json = false;
    if (value == null) {
      value = connectDefault;
      json = true;
    } else if (!settings.discardTypeDocDefault() && settings.connectMetaData() && connectDefault == null) {
      builder.parameter(AVRO_FIELD_DEFAULT_FLAG_PARAM, "true");
    }
    if (value == null) {
      return;
    }
    try {
      builder.defaultValue(json ? AvroDefaults.fromJson(builder, avro, value, settings)
          : AvroDefaults.fromDatum(builder, value, settings));
    } catch (DataException e) {
      // Confluent logs and keeps the schema without the default.
    }
  }

  /** {@code connect.name} (whatever the metadata switch), else a record's, enum's or plain fixed's full name. */
  private static void name(SchemaBuilder builder, org.apache.avro.Schema avro) {
    Object connectName = avro.getObjectProp(CONNECT_NAME_PROP);
    String name = null;
    if (connectName != null) {
      if (!(connectName instanceof String s)) {
        throw new DataException("Invalid schema name: " + connectName);
      }
      name = s;
    } else if (avro.getType() == org.apache.avro.Schema.Type.RECORD
        || avro.getType() == org.apache.avro.Schema.Type.ENUM) {
      name = avro.getFullName();
    } else if (avro.getType() == org.apache.avro.Schema.Type.FIXED && !Decimal.LOGICAL_NAME.equals(builder.name())) {
      name = avro.getFullName();
    }
    if (name == null || name.startsWith(DEFAULT_SCHEMA_FULL_NAME)) {
      return;
    }
    if (builder.name() == null) {
      builder.name(name);
    } else if (!name.equals(builder.name())) {
      throw new DataException("Mismatched names: name already added to SchemaBuilder (" + builder.name()
          + ") differs from name in source schema (" + name + ")");
    }
  }
}
