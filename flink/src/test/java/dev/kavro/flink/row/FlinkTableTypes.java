package dev.kavro.flink.row;

import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.flink.formats.avro.typeutils.AvroSchemaConverter;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.LogicalTypeRoot;
import org.apache.flink.table.types.logical.RowType;

/**
 * The table types Flink gives Avro schemas, for the differential suites. Flink's converter is called with the schema's
 * text, so this works with the thin {@code flink-avro} and with {@code flink-sql-avro-confluent-registry}, whose Avro
 * is relocated.
 */
public final class FlinkTableTypes {
  private FlinkTableTypes() {}

  /** Flink's table type for an Avro record, or null where it has none (general unions become RAW). */
  public static RowType flinkType(Schema schema) {
    if (isRecursive(schema)) {
      return null;
    }
    LogicalType type;
    try {
      type = AvroSchemaConverter.convertToDataType(schema.toString()).getLogicalType();
    } catch (RuntimeException e) {
      return null; // Flink has no table type for it (a fixed of size 0, say)
    }
    return hasNoTableType(type) ? null : (RowType) type;
  }

  /**
   * A table has no column defaults: a reader field the evolution added with a default becomes a nullable column, which
   * both paths read as null where the writer lacks it (a NOT NULL column would only be refused).
   */
  public static RowType nullableWhereDefaulted(RowType type, Schema reader) {
    if (type == null) {
      return null;
    }
    List<RowType.RowField> fields = new ArrayList<>();
    for (RowType.RowField field : type.getFields()) {
      boolean defaulted = reader.getField(field.getName()).hasDefaultValue();
      fields.add(new RowType.RowField(field.getName(), defaulted ? field.getType().copy(true) : field.getType()));
    }
    return new RowType(false, fields);
  }

  /** RAW (a general union) and NULL (a null schema) have no internal serializer: no table has such a column. */
  private static boolean hasNoTableType(LogicalType type) {
    return type.getTypeRoot() == LogicalTypeRoot.RAW || type.getTypeRoot() == LogicalTypeRoot.NULL
        || type.getChildren().stream().anyMatch(FlinkTableTypes::hasNoTableType);
  }

  public static boolean isRecursive(Schema schema) {
    return isRecursive(schema, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static boolean isRecursive(Schema schema, Set<Schema> open) {
    return switch (schema.getType()) {
      case RECORD -> {
        if (!open.add(schema)) {
          yield true;
        }
        boolean recursive = schema.getFields().stream().anyMatch(f -> isRecursive(f.schema(), open));
        open.remove(schema);
        yield recursive;
      }
      case ARRAY -> isRecursive(schema.getElementType(), open);
      case MAP -> isRecursive(schema.getValueType(), open);
      case UNION -> schema.getTypes().stream().anyMatch(b -> isRecursive(b, open));
      default -> false;
    };
  }
}
