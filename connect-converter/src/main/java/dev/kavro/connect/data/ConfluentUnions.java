package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.*;

import java.nio.ByteBuffer;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericFixed;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.util.Utf8;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.errors.DataException;

/**
 * Which field of Connect's union struct holds an Avro union's value, by Confluent's rule: the first field whose
 * Connect type accepts the value's Java class (an enum field only its own symbols, a fixed field only its size or
 * name), or, for a record, the struct field of the record's schema. The field is then looked up by a name derived from
 * the matching field's schema, as Confluent does, and Confluent fails where that is not a field. One exception: in a
 * generalized union with a leading null, Confluent names the field by the wrong index and fails on every value;
 * Kavro keeps the matched field. Stateless.
 */
public final class ConfluentUnions {
  private ConfluentUnions() {}

  /** Whether {@code connect} is Connect's struct for an Avro union (not an optional wrapper). */
  public static boolean isUnion(Schema connect) {
    return connect.type() == Schema.Type.STRUCT && (AVRO_TYPE_UNION.equals(connect.name())
        || (connect.parameters() != null && connect.parameters().containsKey(GENERALIZED_TYPE_UNION)));
  }

  /**
   * The field of {@code union} that holds {@code value}, a generic Avro value.
   *
   * @throws DataException when no field matches, as Confluent throws
   */
  public static Field fieldOf(Schema union, Object value, AvroDataSettings settings) {
    org.apache.avro.Schema record = value instanceof IndexedRecord r ? r.getSchema() : null;
    List<Field> fields = union.fields();
    for (int index = 0; index < fields.size(); index++) {
      Schema fieldSchema = fields.get(index).schema();
      if (acceptsClass(fieldSchema, value, index, settings) || (record != null && isRecordOf(fieldSchema, record))) {
        if (settings.generalizedSumTypes()) {
          // Confluent names the field connect_union_field_<index among the struct's fields>, but built the struct
          // with <index among the Avro branches>: after a null branch that is another field, and Confluent fails.
          // Kavro returns the field that was matched (a valid result, counted apart by ConfluentCorpusTest).
          return fields.get(index);
        }
        String name = memberName(fieldSchema, index, settings);
        Field field = name == null ? null : union.field(name);
        if (field == null) {
          throw new DataException(name + " is not a valid field name");
        }
        return field;
      }
    }
    throw new DataException("Did not find matching union field for data");
  }

  /**
   * The field that holds every value of Avro union branch {@code branch}, decided once from the Java class Avro reads
   * it as; null when that cannot be decided once (a bytes branch and a fixed field, matched by length; an enum
   * without symbols): the generic path decides per value.
   *
   * @throws DataException when Confluent fails for every value of the branch
   */
  public static Field fieldOfBranch(Schema union, org.apache.avro.Schema branch, AvroDataSettings settings) {
    Object sample = switch (branch.getType()) {
      case INT -> 0;
      case LONG -> 0L;
      case FLOAT -> 0f;
      case DOUBLE -> 0d;
      case BOOLEAN -> Boolean.FALSE;
      case STRING -> new Utf8();
      case BYTES -> union.fields().stream().anyMatch(f -> isFixed(f.schema())) ? null : ByteBuffer.allocate(0);
      case FIXED -> new GenericData.Fixed(branch);
      case ENUM -> branch.getEnumSymbols().isEmpty() ? null
          : new GenericData.EnumSymbol(branch, branch.getEnumSymbols().get(0));
      case ARRAY -> new GenericData.Array<>(0, branch);
      case MAP -> new HashMap<>();
      case RECORD -> new GenericData.Record(branch);
      default -> null;
    };
    return sample == null ? null : fieldOf(union, sample, settings);
  }

  private static boolean acceptsClass(Schema field, Object value, int index, AvroDataSettings settings) {
    if (isEnum(field)) {
      String enumName = field.parameters().get(settings.generalizedSumTypes() ? GENERALIZED_TYPE_ENUM
          : AVRO_TYPE_ENUM);
      return value instanceof GenericData.EnumSymbol symbol ? symbol.getSchema().getFullName().equals(enumName)
          : value.getClass().getName().equals(enumName);
    }
    boolean instance = switch (field.type()) {
      case INT32 -> value instanceof Integer;
      case INT64 -> value instanceof Long;
      case FLOAT32 -> value instanceof Float;
      case FLOAT64 -> value instanceof Double;
      case BOOLEAN -> value instanceof Boolean;
      case STRING -> value instanceof CharSequence;
      case BYTES -> value instanceof ByteBuffer || value instanceof byte[] || value instanceof GenericFixed;
      case ARRAY -> value instanceof Collection;
      case MAP -> value instanceof Map;
      default -> false;
    };
    return instance && (!isFixed(field) || fixedMatches(field, value, index, settings));
  }

  private static boolean fixedMatches(Schema field, Object value, int index, AvroDataSettings settings) {
    int size = Integer.parseInt(field.parameters().get(FIXED_SIZE_PARAM));
    if (value instanceof byte[] bytes) {
      return bytes.length == size;
    }
    if (value instanceof ByteBuffer buffer) {
      return buffer.remaining() == size;
    }
    return AvroSchemas.unionFieldName(((GenericFixed) value).getSchema(), index, settings)
        .equals(memberName(field, index, settings));
  }

  /** A record's struct: same Connect name and same field names (Confluent compares the converted schemas). */
  private static boolean isRecordOf(Schema field, org.apache.avro.Schema record) {
    if (field.type() != Schema.Type.STRUCT || isUnion(field)) {
      return false;
    }
    Object connectName = record.getObjectProp(CONNECT_NAME_PROP);
    String name = connectName instanceof String s ? s
        : record.getFullName().startsWith(DEFAULT_SCHEMA_FULL_NAME) ? null : record.getFullName();
    if (!Objects.equals(name, field.name()) || field.fields().size() != record.getFields().size()) {
      return false;
    }
    for (int i = 0; i < field.fields().size(); i++) {
      if (!field.fields().get(i).name().equals(record.getFields().get(i).name())) {
        return false;
      }
    }
    return true;
  }

  /** Confluent's union field name for a Connect field schema at {@code index} among the struct's fields. */
  private static String memberName(Schema field, int index, AvroDataSettings settings) {
    if (settings.generalizedSumTypes()) {
      return GENERALIZED_UNION_FIELD_PREFIX + index;
    }
    if (field.type() == Schema.Type.STRUCT || isEnum(field) || isFixed(field)) {
      if (field.name() == null) {
        return null;
      }
      String name = settings.scrubInvalidNames() ? NameScrubber.scrubFullName(field.name()) : field.name();
      return settings.enhancedSchemaSupport() ? name : name.substring(name.lastIndexOf('.') + 1);
    }
    return switch (field.type()) {
      case INT32 -> "int";
      case INT64 -> "long";
      case FLOAT32 -> "float";
      case FLOAT64 -> "double";
      case BOOLEAN -> "boolean";
      case STRING -> "string";
      case BYTES -> "bytes";
      case ARRAY -> "array";
      case MAP -> "map";
      default -> null;
    };
  }

  static boolean isEnum(Schema schema) {
    return schema.type() == Schema.Type.STRING && schema.parameters() != null
        && (schema.parameters().containsKey(GENERALIZED_TYPE_ENUM) || schema.parameters().containsKey(AVRO_TYPE_ENUM));
  }

  static boolean isFixed(Schema schema) {
    return schema.type() == Schema.Type.BYTES && schema.name() != null && schema.parameters() != null
        && schema.parameters().containsKey(FIXED_SIZE_PARAM);
  }
}
