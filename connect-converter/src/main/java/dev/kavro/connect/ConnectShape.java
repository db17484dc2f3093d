package dev.kavro.connect;

import static dev.kavro.connect.data.ConnectAvroNames.AVRO_TYPE_UNION;
import static dev.kavro.connect.data.ConnectAvroNames.GENERALIZED_TYPE_UNION;
import static dev.kavro.connect.data.ConnectAvroNames.GENERALIZED_UNION_FIELD_PREFIX;

import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectValue;
import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.DefaultStep;
import dev.kavro.plan.EnumPlan;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.kafka.connect.data.Field;

/**
 * The decisions that the direct node tree and the compiled Connect reader share, so that both read every shape the
 * same way, and refuse the same shapes (with {@link UnsupportedSchemaException}, which sends them to the generic
 * path). Stateless.
 */
final class ConnectShape {
  private ConnectShape() {}

  /** How a reader field the writer lacks gets its Connect value. */
  enum DefaultKind { CONSTANT, EMPTY_LIST, EMPTY_MAP, DECODE }

  /** Whether {@code connect} is Connect's struct for an Avro union (not an optional wrapper). */
  static boolean isGeneralUnion(org.apache.kafka.connect.data.Schema connect) {
    return connect.type() == org.apache.kafka.connect.data.Schema.Type.STRUCT
        && (AVRO_TYPE_UNION.equals(connect.name()) || (connect.parameters() != null
            && connect.parameters().containsKey(GENERALIZED_TYPE_UNION)));
  }

  /**
   * The field of a Connect union struct that holds a value read by {@code branch}: named after the reader branch the
   * plan resolved, as the generic path names it after the branch its value resolves to.
   */
  static Field unionField(ReadPlan branch, org.apache.kafka.connect.data.Schema connect, Schema readerUnion,
      AvroDataSettings settings) {
    if (readerUnion.getType() != Schema.Type.UNION) {
      throw new UnsupportedSchemaException("a Connect union for a non-union reader takes the generic path");
    }
    List<Schema> types = readerUnion.getTypes();
    int index = -1;
    for (int i = 0; i < types.size() && index < 0; i++) {
      if (types.get(i) == branch.reader()) {
        index = i;
      }
    }
    if (index < 0) {
      throw new UnsupportedSchemaException("union branch not found by identity; the generic path resolves it");
    }
    Schema chosen = types.get(index);
    String name = settings.generalizedSumTypes() ? GENERALIZED_UNION_FIELD_PREFIX + index : switch (chosen.getType()) {
      case RECORD, ENUM, FIXED -> settings.enhancedSchemaSupport() ? chosen.getFullName() : chosen.getName();
      default -> chosen.getType().getName();
    };
    Field field = connect.field(name);
    if (field == null) {
      throw new UnsupportedSchemaException("the Connect union has no field " + name);
    }
    return field;
  }

  /** The Connect value (a String) for each writer ordinal; null where the reader has no symbol. */
  static Object[] enumSymbols(EnumPlan plan) {
    Object[] values = plan.values();
    Object[] symbols = new Object[values.length];
    for (int i = 0; i < values.length; i++) {
      symbols[i] = values[i] == null ? null : values[i].toString();
    }
    return symbols;
  }

  /** The reader's element type of an array the direct paths read. */
  static Schema checkedElementType(ArrayPlan plan) {
    Schema elementType = plan.reader().getElementType();
    if (plan.minElementBytes() == 0) {
      throw new UnsupportedSchemaException("zero-byte arrays take the generic path");
    }
    return elementType;
  }

  /** The entry record of a MapEntry array, when it reads key and value only, in any order. */
  static RecordPlan mapEntry(ArrayPlan plan) {
    if (plan.element().kind() != ReadPlan.Kind.RECORD) {
      throw new UnsupportedSchemaException("unusual map entries take the generic path");
    }
    RecordPlan entry = (RecordPlan) plan.element();
    if (!entry.defaults().isEmpty() || entry.fields().size() != 2 || entry.fields().stream()
        .anyMatch(RecordPlan.FieldStep::isSkip) || entry.reader().getField("key") == null) {
      throw new UnsupportedSchemaException("unusual map entries take the generic path");
    }
    return entry;
  }

  static DefaultKind defaultKind(DefaultStep step, org.apache.kafka.connect.data.Schema connect) {
    boolean union = isGeneralUnion(connect);
    return switch (step.kind()) {
      case SHARED, UTF8 -> {
        if (union && step.shared() != null) {
          throw new UnsupportedSchemaException("union defaults take the generic path");
        }
        yield DefaultKind.CONSTANT;
      }
      case EMPTY_ARRAY -> switch (connect.type()) {
        case ARRAY -> DefaultKind.EMPTY_LIST;
        case MAP -> DefaultKind.EMPTY_MAP;
        default -> throw new UnsupportedSchemaException("union defaults take the generic path");
      };
      case EMPTY_MAP -> {
        if (union) {
          throw new UnsupportedSchemaException("union defaults take the generic path");
        }
        yield DefaultKind.EMPTY_MAP;
      }
      case DECODE -> DefaultKind.DECODE;
    };
  }

  /** The Connect value of a shared default, converted once (copy Dates per record: {@code freshDefault}). */
  static Object constantDefault(RecordPlan plan, DefaultStep step, Field field, AvroDataSettings settings) {
    if (step.shared() == null) {
      return null;
    }
    return AvroToConnectValue.convert(plan.reader().getFields().get(step.pos()).schema(), field.schema(),
        step.shared(), settings);
  }
}
