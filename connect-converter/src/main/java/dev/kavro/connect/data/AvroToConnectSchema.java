package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.apache.avro.JsonProperties;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * Avro schema to Connect schema, as Confluent's {@code AvroData.toConnectSchema} maps it (see the package's
 * reference), plus Kavro's mapping of {@code timestamp-micros}, {@code time-micros}, {@code local-timestamp-*} and
 * {@code uuid}. A record that refers to an enclosing record (a recursive schema) maps to a {@link CyclicSchema} at
 * that reference, as Confluent's {@code CyclicSchemaWrapper}. One instance per conversion: it carries the
 * generalized-union counter and the records being built.
 */
public final class AvroToConnectSchema {
  private final AvroDataSettings settings;
  /** The records being converted, by Avro instance: a second visit is a cycle. */
  private final Map<org.apache.avro.Schema, SchemaBuilder> inProgress = new IdentityHashMap<>();
  /** The back-references to each record being built, pointed at its built schema once it exists. */
  private final Map<SchemaBuilder, List<CyclicSchema>> backReferences = new IdentityHashMap<>();
  private int unionIndex;

  private AvroToConnectSchema(AvroDataSettings settings) {
    this.settings = settings;
  }

  /**
   * The Connect schema of {@code avro}.
   *
   * @param version the registry version, used unless the schema carries {@code connect.version}; may be null
   * @throws DataException for a standalone {@code null} schema, a malformed map entry, or a union whose branches
   *     map to the same field name
   */
  public static Schema convert(org.apache.avro.Schema avro, Integer version, AvroDataSettings settings) {
    return new AvroToConnectSchema(settings).schema(avro, false, null, version);
  }

  private Schema schema(org.apache.avro.Schema avro, boolean optional, org.apache.avro.Schema.Field field,
      Integer version) {
    if (avro.getType() == org.apache.avro.Schema.Type.UNION) {
      List<org.apache.avro.Schema> types = avro.getTypes();
      if (types.size() == 1 && settings.flattenSingletonUnions()) {
        return schema(types.get(0), optional, field, version);
      }
      if (types.size() == 2 && AvroSchemas.nullIndex(avro) >= 0) {
        return schema(types.get(1 - AvroSchemas.nullIndex(avro)), true, field, version);
      }
    }
    if (avro.getType() == org.apache.avro.Schema.Type.RECORD && inProgress.containsKey(avro)) {
      SchemaBuilder enclosing = inProgress.get(avro);
      CyclicSchema reference = new CyclicSchema(enclosing, optional);
      backReferences.computeIfAbsent(enclosing, k -> new ArrayList<>()).add(reference);
      return reference;
    }
    SchemaBuilder builder = base(avro);
    String name = name(avro);
    if (name != null && builder.name() == null) {
      builder.name(name);
    }
    if (optional) {
      builder.optional();
    }
    metadata(builder, avro, version);
    defaultValue(builder, avro, field);
    Schema built = builder.build();
    List<CyclicSchema> references = backReferences.remove(builder);
    if (references != null) {
      references.forEach(reference -> reference.resolve(built));
    }
    return built;
  }

  /** {@code connect.name} wins; else records and plain fixed types keep their Avro full name. */
  private String name(org.apache.avro.Schema avro) {
    String connectName = settings.connectMetaData() ? avro.getProp(CONNECT_NAME_PROP) : null;
    if (connectName != null) {
      return connectName;
    }
    return switch (avro.getType()) {
      case RECORD -> avro.getFullName().startsWith(DEFAULT_SCHEMA_FULL_NAME) ? null : avro.getFullName();
      case FIXED -> "decimal".equalsIgnoreCase(avro.getProp(AVRO_LOGICAL_TYPE_PROP)) ? null : avro.getFullName();
      default -> null;
    };
  }

  private SchemaBuilder base(org.apache.avro.Schema avro) {
    String logical = avro.getProp(AVRO_LOGICAL_TYPE_PROP);
    return switch (avro.getType()) {
      case BOOLEAN -> SchemaBuilder.bool();
      case FLOAT -> SchemaBuilder.float32();
      case DOUBLE -> SchemaBuilder.float64();
      case INT -> intSchema(avro, logical);
      case LONG -> longSchema(logical);
      case STRING -> kavroLogical(SchemaBuilder.string(), "uuid".equals(logical) ? logical : null);
      case BYTES, FIXED -> bytesSchema(avro, logical);
      case ENUM -> enumSchema(avro);
      case ARRAY -> arraySchema(avro);
      case MAP -> SchemaBuilder.map(Schema.STRING_SCHEMA, schema(avro.getValueType(), false, null, null));
      case RECORD -> recordSchema(avro);
      case UNION -> unionSchema(avro);
      case NULL -> throw new DataException("Standalone null schemas are not supported by this converter");
    };
  }

  private static SchemaBuilder intSchema(org.apache.avro.Schema avro, String logical) {
    if ("date".equals(logical)) {
      return Date.builder();
    }
    if ("time-millis".equals(logical)) {
      return Time.builder();
    }
    String connectType = avro.getProp(CONNECT_TYPE_PROP);
    if (CONNECT_TYPE_INT8.equals(connectType)) {
      return SchemaBuilder.int8();
    }
    if (CONNECT_TYPE_INT16.equals(connectType)) {
      return SchemaBuilder.int16();
    }
    return SchemaBuilder.int32();
  }

  private static SchemaBuilder longSchema(String logical) {
    if (logical == null) {
      return SchemaBuilder.int64();
    }
    return switch (logical) {
      case "timestamp-millis" -> Timestamp.builder();
      // Beyond Confluent (its #1720): micros and local timestamps as Connect timestamps, the type marked so that
      // the way back restores it. Sub-millisecond digits do not fit java.util.Date and are truncated.
      case "timestamp-micros", "local-timestamp-millis", "local-timestamp-micros" ->
          kavroLogical(Timestamp.builder(), logical);
      case "time-micros" -> kavroLogical(Time.builder(), logical);
      default -> SchemaBuilder.int64();
    };
  }

  private static SchemaBuilder kavroLogical(SchemaBuilder builder, String logical) {
    return logical == null ? builder : builder.parameter(KAVRO_LOGICAL_TYPE_PARAM, logical);
  }

  private static SchemaBuilder bytesSchema(org.apache.avro.Schema avro, String logical) {
    SchemaBuilder builder;
    if ("decimal".equalsIgnoreCase(logical)) {
      builder = Decimal.builder(intProp(avro, AVRO_DECIMAL_SCALE_PROP, 0));
      int precision = intProp(avro, AVRO_DECIMAL_PRECISION_PROP, DECIMAL_PRECISION_DEFAULT);
      if (avro.getObjectProp(AVRO_DECIMAL_PRECISION_PROP) != null && precision != DECIMAL_PRECISION_DEFAULT) {
        builder.parameter(DECIMAL_PRECISION_PARAM, Integer.toString(precision));
      }
    } else {
      builder = SchemaBuilder.bytes();
    }
    if (avro.getType() == org.apache.avro.Schema.Type.FIXED) {
      builder.parameter(FIXED_SIZE_PARAM, Integer.toString(avro.getFixedSize()));
    }
    return builder;
  }

  private static int intProp(org.apache.avro.Schema avro, String name, int fallback) {
    return avro.getObjectProp(name) instanceof Number n ? n.intValue() : fallback;
  }

  private SchemaBuilder enumSchema(org.apache.avro.Schema avro) {
    SchemaBuilder builder = SchemaBuilder.string();
    String param = settings.generalizedSumTypes() ? GENERALIZED_TYPE_ENUM : AVRO_TYPE_ENUM;
    builder.parameter(param, avro.getFullName());
    List<String> symbols = avro.getEnumSymbols();
    for (int i = 0; i < symbols.size(); i++) {
      builder.parameter(param + "." + symbols.get(i), settings.generalizedSumTypes() ? Integer.toString(i)
          : symbols.get(i));
    }
    if (settings.connectMetaData() && avro.getDoc() != null) {
      builder.parameter(AVRO_ENUM_DOC_PREFIX_PARAM + avro.getName(), avro.getDoc());
    }
    if (settings.connectMetaData() && avro.getEnumDefault() != null) {
      builder.parameter(AVRO_ENUM_DEFAULT_PREFIX_PARAM + avro.getName(), avro.getEnumDefault());
    }
    return builder;
  }

  private SchemaBuilder arraySchema(org.apache.avro.Schema avro) {
    org.apache.avro.Schema element = avro.getElementType();
    if (AvroSchemas.isMapEntry(element)) {
      if (element.getFields().size() != 2 || element.getField(KEY_FIELD) == null
          || element.getField(VALUE_FIELD) == null) {
        throw new DataException("Found map encoded as array of key-value pairs, but array elements do not match "
            + "the expected format.");
      }
      return SchemaBuilder.map(schema(element.getField(KEY_FIELD).schema(), false, null, null),
          schema(element.getField(VALUE_FIELD).schema(), false, null, null));
    }
    return SchemaBuilder.array(schema(element, false, null, null));
  }

  private SchemaBuilder recordSchema(org.apache.avro.Schema avro) {
    SchemaBuilder builder = SchemaBuilder.struct();
    inProgress.put(avro, builder);
    try {
      if (settings.connectMetaData() && avro.getDoc() != null) {
        builder.parameter(AVRO_RECORD_DOC_PARAM, avro.getDoc());
      }
      for (org.apache.avro.Schema.Field field : avro.getFields()) {
        if (settings.connectMetaData() && field.doc() != null) {
          builder.parameter(AVRO_FIELD_DOC_PREFIX_PARAM + field.name(), field.doc());
        }
        builder.field(field.name(), schema(field.schema(), false, field, null));
      }
      return builder;
    } finally {
      inProgress.remove(avro);
    }
  }

  private SchemaBuilder unionSchema(org.apache.avro.Schema avro) {
    boolean generalized = settings.generalizedSumTypes();
    String name = generalized ? GENERALIZED_UNION_PREFIX + unionIndex++ : AVRO_TYPE_UNION;
    SchemaBuilder builder = SchemaBuilder.struct().name(name);
    if (generalized) {
      builder.parameter(GENERALIZED_TYPE_UNION, name);
    }
    Set<String> names = new HashSet<>();
    int index = 0;
    for (org.apache.avro.Schema branch : avro.getTypes()) {
      if (branch.getType() == org.apache.avro.Schema.Type.NULL) {
        builder.optional();
      } else {
        String fieldName = generalized ? GENERALIZED_UNION_FIELD_PREFIX + index
            : AvroSchemas.unionFieldName(branch, settings);
        if (!names.add(fieldName)) {
          throw new DataException("Multiple union schemas map to the Connect union field name " + fieldName);
        }
        builder.field(fieldName, schema(branch, true, null, null));
      }
      index++;
    }
    return builder;
  }

  private void metadata(SchemaBuilder builder, org.apache.avro.Schema avro, Integer version) {
    if (avro.getType() == org.apache.avro.Schema.Type.UNION) {
      return;
    }
    Integer connectVersion = null;
    if (settings.connectMetaData()) {
      String doc = avro.getProp(CONNECT_DOC_PROP);
      if (doc != null) {
        builder.doc(doc);
      }
      if (avro.getObjectProp(CONNECT_VERSION_PROP) instanceof Number n) {
        connectVersion = n.intValue();
      }
      if (avro.getObjectProp(CONNECT_PARAMETERS_PROP) instanceof Map<?, ?> params) {
        params.forEach((k, v) -> builder.parameter(String.valueOf(k), String.valueOf(v)));
      }
    }
    if (connectVersion != null) {
      builder.version(connectVersion);
    } else if (version != null) {
      builder.version(version);
    }
  }

  private void defaultValue(SchemaBuilder builder, org.apache.avro.Schema avro, org.apache.avro.Schema.Field field) {
    Object value = null;
    boolean fromField = false;
    if (field != null && field.hasDefaultValue() && field.defaultVal() != JsonProperties.NULL_VALUE) {
      value = AvroToConnectValue.convert(field.schema(), builder, GenericData.get().getDefaultValue(field),
          settings);
      fromField = true;
    } else if (settings.connectMetaData() && avro.getObjectProp(CONNECT_DEFAULT_VALUE_PROP) != null) {
      value = JsonDefaults.toConnect(builder, avro.getObjectProp(CONNECT_DEFAULT_VALUE_PROP));
    }
    if (value != null) {
      builder.defaultValue(value);
      if (fromField) {
        builder.parameter(AVRO_FIELD_DEFAULT_FLAG_PARAM, "true");
      }
    }
  }
}
