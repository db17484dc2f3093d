package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.DecimalType;
import org.apache.flink.table.types.logical.LocalZonedTimestampType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;

/**
 * The Avro schema a table writes when no schema is given: the table-derived writer schema.
 *
 * <p>Record names are Flink's own ({@code AvroSchemaConverter}): the row is {@value #RECORD_NAME}, a nested row
 * {@code <parent full name>_<field>} (rows inside arrays and maps take the name of the field that holds them). A table
 * moved from Flink's {@code avro-confluent} format to Kavro's therefore registers the very schema it registered before
 * (under the legacy mapping always; under the correct mapping wherever the table has no type Flink rejects), and no new
 * version appears in its subject. A name that two nested rows would share (a field {@code a_b} beside a row {@code a}
 * with a field {@code b}), which Flink's format cannot register at all, gets a numeric suffix.
 *
 * <p>Nullable columns are {@code ["null", T]} with default {@code null}; NOT NULL columns are {@code T} without
 * default. Types follow {@code docs/flink-type-mapping.md}. Thread-safe (stateless).
 */
public final class RowSchemas {
  /** The full name of the top-level record, as Flink names it. */
  public static final String RECORD_NAME = "org.apache.flink.avro.generated.record";

  private final TimestampMapping mapping;
  private final Set<String> names = new HashSet<>();

  private RowSchemas(TimestampMapping mapping) {
    this.mapping = mapping;
  }

  /**
   * The Avro record schema that rows of {@code rowType} are written with (the row itself taken as NOT NULL).
   *
   * @throws IllegalArgumentException for a column type this mapping does not support (see the type-mapping table)
   */
  public static Schema writerSchema(RowType rowType, TimestampMapping mapping) {
    return new RowSchemas(mapping).record(rowType, RECORD_NAME);
  }

  /** The schema of a value of {@code type} at a position named {@code rowName}, nullable if the type is. */
  private Schema schema(LogicalType type, String rowName) {
    Schema value = value(type, rowName);
    return type.isNullable() && value.getType() != Schema.Type.NULL
        ? Schema.createUnion(Schema.create(Schema.Type.NULL), value) : value;
  }

  private Schema value(LogicalType type, String rowName) {
    AvroShapes.checkLegacy(type, mapping);
    return switch (type.getTypeRoot()) {
      case NULL -> Schema.create(Schema.Type.NULL);
      case BOOLEAN -> Schema.create(Schema.Type.BOOLEAN);
      case TINYINT, SMALLINT, INTEGER -> Schema.create(Schema.Type.INT);
      case BIGINT -> Schema.create(Schema.Type.LONG);
      case FLOAT -> Schema.create(Schema.Type.FLOAT);
      case DOUBLE -> Schema.create(Schema.Type.DOUBLE);
      case CHAR, VARCHAR -> Schema.create(Schema.Type.STRING);
      case BINARY, VARBINARY -> Schema.create(Schema.Type.BYTES);
      case DECIMAL -> LogicalTypes.decimal(((DecimalType) type).getPrecision(), ((DecimalType) type).getScale())
          .addToSchema(Schema.create(Schema.Type.BYTES));
      case DATE -> LogicalTypes.date().addToSchema(Schema.create(Schema.Type.INT));
      case TIME_WITHOUT_TIME_ZONE -> ((TimeType) type).getPrecision() <= 3
          ? LogicalTypes.timeMillis().addToSchema(Schema.create(Schema.Type.INT))
          : LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG));
      case TIMESTAMP_WITHOUT_TIME_ZONE -> timestamp(((TimestampType) type).getPrecision());
      case TIMESTAMP_WITH_LOCAL_TIME_ZONE -> timestamp(((LocalZonedTimestampType) type).getPrecision());
      case ARRAY -> Schema.createArray(schema(((ArrayType) type).getElementType(), rowName));
      case MAP, MULTISET -> Schema.createMap(schema(AvroShapes.mapValueType(type), rowName));
      case ROW -> record((RowType) type, rowName);
      default -> throw AvroShapes.unsupported(type);
    };
  }

  private static Schema timestamp(int precision) {
    return (precision <= 3 ? LogicalTypes.timestampMillis() : LogicalTypes.timestampMicros())
        .addToSchema(Schema.create(Schema.Type.LONG));
  }

  private Schema record(RowType row, String rowName) {
    String name = rowName;
    for (int i = 2; !names.add(name); i++) {
      name = rowName + "_" + i;
    }
    Schema record = Schema.createRecord(name, null, null, false);
    List<Schema.Field> fields = new ArrayList<>();
    for (RowType.RowField column : row.getFields()) {
      LogicalType type = column.getType();
      Schema schema = schema(type, name + "_" + column.getName());
      Object defaultValue = type.isNullable() ? Schema.Field.NULL_DEFAULT_VALUE : null;
      try {
        fields.add(new Schema.Field(column.getName(), schema, null, defaultValue));
      } catch (RuntimeException e) {
        throw new IllegalArgumentException("Column '" + column.getName() + "' cannot be an Avro field: "
            + e.getMessage(), e);
      }
    }
    record.setFields(fields);
    return record;
  }

  /**
   * Whether two schemas have the same shape whatever their names: the same types with the same logical types, record
   * fields of the same names in the same order, the same enum symbols and fixed sizes. Names, namespaces, docs,
   * aliases and defaults are not compared: a schema registered by another tool for the same table, which names its
   * records its own way, has the table-derived schema's shape and encodes its rows byte for byte alike.
   */
  public static boolean sameShape(Schema a, Schema b) {
    if (a.getType() != b.getType() || !java.util.Objects.equals(a.getLogicalType(), b.getLogicalType())) {
      return false;
    }
    return switch (a.getType()) {
      case RECORD -> sameFields(a.getFields(), b.getFields());
      case ARRAY -> sameShape(a.getElementType(), b.getElementType());
      case MAP -> sameShape(a.getValueType(), b.getValueType());
      case UNION -> a.getTypes().size() == b.getTypes().size() && java.util.stream.IntStream.range(0,
          a.getTypes().size()).allMatch(i -> sameShape(a.getTypes().get(i), b.getTypes().get(i)));
      case ENUM -> a.getEnumSymbols().equals(b.getEnumSymbols());
      case FIXED -> a.getFixedSize() == b.getFixedSize();
      default -> true;
    };
  }

  private static boolean sameFields(List<Schema.Field> a, List<Schema.Field> b) {
    if (a.size() != b.size()) {
      return false;
    }
    for (int i = 0; i < a.size(); i++) {
      if (!a.get(i).name().equals(b.get(i).name()) || !sameShape(a.get(i).schema(), b.get(i).schema())) {
        return false;
      }
    }
    return true;
  }

  /**
   * {@code schema} with the record names of {@code template} where the two have records at the same place (fields
   * matched by name, through arrays, maps and unions): a table-derived schema named as a registered schema names its
   * records, so that Avro's checks, which compare record names, compare the rest. Everything else is
   * {@code schema}'s.
   */
  public static Schema namedAfter(Schema schema, Schema template) {
    return switch (schema.getType()) {
      case RECORD -> {
        Schema like = branchOf(template, Schema.Type.RECORD);
        if (like == null) {
          yield schema;
        }
        Schema renamed = Schema.createRecord(like.getName(), schema.getDoc(), like.getNamespace(), schema.isError());
        List<Schema.Field> fields = new ArrayList<>();
        for (Schema.Field field : schema.getFields()) {
          Schema.Field match = like.getField(field.name());
          fields.add(new Schema.Field(field, match == null ? field.schema() : namedAfter(field.schema(),
              match.schema())));
        }
        renamed.setFields(fields);
        yield renamed;
      }
      case ARRAY -> {
        Schema like = branchOf(template, Schema.Type.ARRAY);
        yield like == null ? schema : Schema.createArray(namedAfter(schema.getElementType(), like.getElementType()));
      }
      case MAP -> {
        Schema like = branchOf(template, Schema.Type.MAP);
        yield like == null ? schema : Schema.createMap(namedAfter(schema.getValueType(), like.getValueType()));
      }
      case UNION -> Schema.createUnion(schema.getTypes().stream().map(b -> namedAfter(b, template)).toList());
      default -> schema;
    };
  }

  /** {@code template} itself, or its union's first branch, where of {@code type}; else null. */
  private static Schema branchOf(Schema template, Schema.Type type) {
    for (Schema branch : template.getType() == Schema.Type.UNION ? template.getTypes() : List.of(template)) {
      if (branch.getType() == type) {
        return branch;
      }
    }
    return null;
  }
}
