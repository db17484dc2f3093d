package dev.kavro.flink.row;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.runtime.AvroInternals;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * The reader schema a writer's data is resolved into for a produced row type: the columns' types, shaped after the
 * writer wherever the writer's type can fill the column. Names and namespaces of records, enums and fixed types, enum
 * symbols, fixed sizes and logical types come from the writer, so that Avro's resolution never fails on a name (the
 * table does not know the writer's names), an enum reads into a STRING column as its symbol, a fixed into BYTES, and
 * the plan keeps the writer's timestamp and decimal types, which the read tree then converts to the column's.
 *
 * <p>A writer union fills a column with every branch that can: a nullable STRING column read from {@code [E, "string"]}
 * becomes {@code ["null", E, "string"]}, so each branch resolves to its own. A branch that cannot fill the column (an
 * int in a STRING column, say) resolves to nothing: data that takes it fails, as Avro fails it, and other data reads.
 *
 * <p>Nullable columns are {@code ["null", ...]} with default null, so a writer that lacks one reads null; a NOT NULL
 * column that the writer lacks is an error here. Columns the produced type leaves out are writer fields the plan
 * skips.
 *
 * <p>With a reader schema given (the format's {@code schema} option), Avro's reader-side rules of that schema hold
 * too: a column's field there may name the writer's field by one of its aliases, and a column the writer lacks takes
 * the field's default (its schema and default are taken as they stand, so the plan fills it and the read tree turns it
 * into the column's value).
 */
final class ReaderSchemas {
  private static final String ABSENT_NAMESPACE = "dev.kavro.flink.absent";

  private final TimestampMapping mapping;
  private int absentRecords;

  private ReaderSchemas(TimestampMapping mapping) {
    this.mapping = mapping;
  }

  /**
   * The reader schema for reading {@code writer} as {@code produced}.
   *
   * @param option the reader schema the user gave, or {@code null}
   * @throws IllegalArgumentException when the writer is not a record, when it lacks a NOT NULL column that
   *     {@code option} gives no default, or for a column type the mapping does not support
   */
  static Schema derive(Schema writer, RowType produced, TimestampMapping mapping, Schema option) {
    if (writer.getType() != Schema.Type.RECORD) {
      throw new IllegalArgumentException("A row is read from an Avro record, not from " + writer.getType() + ": "
          + writer.getFullName());
    }
    return new ReaderSchemas(mapping).record(produced, writer, option, "");
  }

  private Schema record(RowType row, Schema writer, Schema option, String path) {
    Schema record = writer != null
        ? Schema.createRecord(writer.getName(), null, writer.getNamespace(), false)
        : Schema.createRecord("Row" + (++absentRecords), null, ABSENT_NAMESPACE, false);
    Schema.Field[] declared = option != null ? ColumnMatch.fields(option, row.getFieldNames()) : null;
    Schema.Field[] matched = writer != null ? ColumnMatch.fields(writer, row.getFieldNames(), declared) : null;
    List<Schema.Field> fields = new ArrayList<>();
    for (int i = 0; i < row.getFieldCount(); i++) {
      RowType.RowField column = row.getFields().get(i);
      Schema.Field writerField = matched != null ? matched[i] : null;
      Schema.Field optionField = declared != null ? declared[i] : null;
      if (matched != null && writerField == null && hasValueDefault(optionField)) {
        fields.add(AvroInternals.createField(column.getName(), optionField.schema(), null,
            AvroInternals.defaultValue(optionField), false, Schema.Field.Order.ASCENDING));
        continue;
      }
      LogicalType type = column.getType();
      String columnPath = path + column.getName();
      if (matched != null && writerField == null && !type.isNullable()) {
        throw new IllegalArgumentException("Column '" + columnPath + "' is NOT NULL, but the writer record "
            + writer.getFullName() + " has no field '" + column.getName() + "' (nor one that upper-cases to it"
            + (option != null ? ", nor a default in the reader schema" : "") + ")");
      }
      Schema schema = field(type, writerField != null ? writerField.schema() : null,
          optionField != null ? optionField.schema() : null, columnPath);
      Object defaultValue = type.isNullable() ? Schema.Field.NULL_DEFAULT_VALUE : null;
      Schema.Field field = new Schema.Field(column.getName(), schema, null, defaultValue);
      if (writerField != null && optionField != null && optionField.aliases().contains(writerField.name())) {
        // Matched through the reader schema's alias: the plan's resolution renames the writer field by it.
        field.addAlias(writerField.name());
      }
      fields.add(field);
    }
    record.setFields(fields);
    return record;
  }

  /** Whether a reader schema's field has a default other than null (a null default is what a nullable column has). */
  private static boolean hasValueDefault(Schema.Field field) {
    return field != null && field.hasDefaultValue() && !AvroInternals.defaultValue(field).isNull();
  }

  /**
   * The schema of a column (or element, or map value) of {@code type} read from {@code writer} (null: absent), where
   * the reader schema given declares {@code option} (null: none).
   */
  private Schema field(LogicalType type, Schema writer, Schema option, String path) {
    AvroShapes.checkLegacy(type, mapping);
    if (type.getTypeRoot() == LogicalTypeRoot.NULL) {
      return Schema.create(Schema.Type.NULL);
    }
    Map<String, Schema> branches = new LinkedHashMap<>();
    if (type.isNullable()) {
      branches.put("null", Schema.create(Schema.Type.NULL));
    }
    if (writer != null) {
      for (Schema branch : AvroShapes.fillingBranches(writer, type)) {
        Schema value = value(type, branch, option, path);
        branches.putIfAbsent(unionKey(value), value);
      }
    }
    if (branches.size() == (type.isNullable() ? 1 : 0)) {
      Schema value = value(type, null, option, path);
      branches.put(unionKey(value), value);
    }
    return branches.size() == 1 ? branches.values().iterator().next()
        : Schema.createUnion(new ArrayList<>(branches.values()));
  }

  /** Branches of one union must differ in this: the full name of a named type, else the type. */
  private static String unionKey(Schema schema) {
    return switch (schema.getType()) {
      case RECORD, ENUM, FIXED -> schema.getFullName();
      default -> schema.getType().getName();
    };
  }

  /**
   * The non-null reader type of a column of {@code type} shaped after the writer's {@code branch} (null: none), where
   * the reader schema given declares {@code option} (null: none; only its records and containers are looked into).
   */
  private Schema value(LogicalType type, Schema branch, Schema option, String path) {
    Schema.Type from = branch == null ? null : branch.getType();
    return switch (type.getTypeRoot()) {
      case CHAR, VARCHAR -> from == Schema.Type.ENUM ? readerEnum(branch, option) : Schema.create(Schema.Type.STRING);
      case BINARY, VARBINARY -> from == Schema.Type.FIXED ? branch : Schema.create(Schema.Type.BYTES);
      case DECIMAL -> from == Schema.Type.FIXED || from == Schema.Type.BYTES ? branch : tableType(type);
      case TIME_WITHOUT_TIME_ZONE -> from == Schema.Type.INT || from == Schema.Type.LONG ? branch : tableType(type);
      case TIMESTAMP_WITHOUT_TIME_ZONE, TIMESTAMP_WITH_LOCAL_TIME_ZONE -> from == Schema.Type.LONG ? branch
          : from == Schema.Type.INT ? Schema.create(Schema.Type.LONG) : tableType(type);
      case ARRAY -> Schema.createArray(field(((ArrayType) type).getElementType(),
          from == Schema.Type.ARRAY ? branch.getElementType() : null, inner(option, Schema.Type.ARRAY), path + "[]"));
      case MAP, MULTISET -> Schema.createMap(field(AvroShapes.mapValueType(type),
          from == Schema.Type.MAP ? branch.getValueType() : null, inner(option, Schema.Type.MAP), path + "{}"));
      case ROW -> record((RowType) type, from == Schema.Type.RECORD ? branch : null, inner(option,
          Schema.Type.RECORD), path + ".");
      default -> tableType(type);
    };
  }

  /**
   * The enum a writer's enum is read as: the reader schema's enum of its name (or naming it by an alias), whose symbols
   * and default then decide what a symbol it lacks reads as, else the writer's own.
   */
  private static Schema readerEnum(Schema writerEnum, Schema option) {
    for (Schema branch : branches(option)) {
      if (branch.getType() == Schema.Type.ENUM && (branch.getFullName().equals(writerEnum.getFullName())
          || branch.getAliases().contains(writerEnum.getFullName()))) {
        return branch;
      }
    }
    return writerEnum;
  }

  private static List<Schema> branches(Schema option) {
    if (option == null) {
      return List.of();
    }
    return option.getType() == Schema.Type.UNION ? option.getTypes() : List.of(option);
  }

  /**
   * Inside a reader schema's {@code option}: the record itself, or the element or value schema of an array or map,
   * taken from its first branch of {@code type}; {@code null} where it has none.
   */
  private static Schema inner(Schema option, Schema.Type type) {
    for (Schema branch : branches(option)) {
      if (branch.getType() == type) {
        return switch (type) {
          case ARRAY -> branch.getElementType();
          case MAP -> branch.getValueType();
          default -> branch;
        };
      }
    }
    return null;
  }

  /** The type a table writes for {@code type} (not null), where the writer has nothing to shape it after. */
  private Schema tableType(LogicalType type) {
    return RowSchemas.writerSchema(RowType.of(type.copy(false)), mapping).getFields().get(0).schema();
  }
}
