package dev.kavro.connect.data;

/**
 * The names Confluent's AvroData writes into Avro and Connect schemas. They are part of the wire contract: a schema
 * registered by Confluent's converter must read back the same here, and the other way round.
 */
public final class ConnectAvroNames {
  public static final String NAMESPACE = "io.confluent.connect.avro";
  public static final String DEFAULT_SCHEMA_NAME = "ConnectDefault";
  public static final String DEFAULT_SCHEMA_FULL_NAME = NAMESPACE + "." + DEFAULT_SCHEMA_NAME;
  public static final String MAP_ENTRY_TYPE_NAME = "MapEntry";
  public static final String MAP_ENTRY_FULL_NAME = NAMESPACE + "." + MAP_ENTRY_TYPE_NAME;
  public static final String KEY_FIELD = "key";
  public static final String VALUE_FIELD = "value";

  public static final String CONNECT_NAME_PROP = "connect.name";
  public static final String CONNECT_DOC_PROP = "connect.doc";
  public static final String CONNECT_VERSION_PROP = "connect.version";
  /** With {@code discard.type.doc.default}: the Avro doc of a type, kept as a Connect parameter. */
  public static final String CONNECT_RECORD_DOC_PROP = "connect.record.doc";
  /** With {@code discard.type.doc.default}: an Avro enum's doc, kept as a Connect parameter. */
  public static final String CONNECT_ENUM_DOC_PROP = "connect.enum.doc";
  public static final String CONNECT_DEFAULT_VALUE_PROP = "connect.default";
  public static final String CONNECT_PARAMETERS_PROP = "connect.parameters";
  public static final String CONNECT_INTERNAL_TYPE_PROP = "connect.internal.type";
  public static final String CONNECT_TYPE_PROP = "connect.type";
  public static final String CONNECT_TYPE_INT8 = "int8";
  public static final String CONNECT_TYPE_INT16 = "int16";

  public static final String AVRO_RECORD_DOC_PARAM = NAMESPACE + ".record.doc";
  public static final String AVRO_FIELD_DOC_PREFIX_PARAM = NAMESPACE + ".field.doc.";
  public static final String AVRO_ENUM_DOC_PREFIX_PARAM = NAMESPACE + ".enum.doc.";
  public static final String AVRO_ENUM_DEFAULT_PREFIX_PARAM = NAMESPACE + ".enum.default.";
  /** Marks a Connect default that came from an Avro field default (not written back as {@code connect.default}). */
  public static final String AVRO_FIELD_DEFAULT_FLAG_PARAM = NAMESPACE + ".field.default";

  public static final String AVRO_TYPE_UNION = NAMESPACE + ".Union";
  public static final String AVRO_TYPE_ENUM = NAMESPACE + ".Enum";
  public static final String GENERALIZED_TYPE_UNION = "org.apache.kafka.connect.data.Union";
  public static final String GENERALIZED_TYPE_ENUM = "org.apache.kafka.connect.data.Enum";
  public static final String GENERALIZED_UNION_PREFIX = "connect_union_";
  public static final String GENERALIZED_UNION_FIELD_PREFIX = GENERALIZED_UNION_PREFIX + "field_";

  public static final String FIXED_SIZE_PARAM = "connect.fixed.size";
  public static final String DECIMAL_PRECISION_PARAM = "connect.decimal.precision";
  public static final int DECIMAL_PRECISION_DEFAULT = 64;
  public static final String AVRO_LOGICAL_TYPE_PROP = "logicalType";
  public static final String AVRO_DECIMAL_SCALE_PROP = "scale";
  public static final String AVRO_DECIMAL_PRECISION_PROP = "precision";
  /** Connect params named {@code avro*} are copied as Avro properties, as Confluent does. */
  public static final String AVRO_PARAM_PREFIX = "avro";

  /**
   * Kavro's extension, which Confluent lacks: the Avro logical type behind a Connect schema for the types AvroData
   * leaves unmapped ({@code timestamp-micros}, {@code time-micros}, {@code local-timestamp-*}, {@code uuid}), so
   * that Connect to Avro gives the same logical type back. Never written into {@code connect.parameters}.
   */
  public static final String KAVRO_LOGICAL_TYPE_PARAM = "dev.kavro.connect.avro.logicalType";

  private ConnectAvroNames() {}
}
