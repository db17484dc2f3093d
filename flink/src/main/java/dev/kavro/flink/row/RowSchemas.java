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
}
