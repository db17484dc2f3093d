package dev.kavro.connect;

import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectValue;
import dev.kavro.connect.data.ConfluentUnions;
import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.DefaultStep;
import dev.kavro.plan.EnumPlan;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.errors.DataException;

/**
 * The decisions of the interpreters about Connect shapes: how each is read, and which are refused (with
 * {@link UnsupportedSchemaException}, which sends them to the generic path). Stateless.
 */
final class ConnectShape {
  private ConnectShape() {}

  /** How a reader field the writer lacks gets its Connect value. */
  enum DefaultKind { CONSTANT, EMPTY_LIST, EMPTY_MAP, DECODE }

  /** Whether {@code connect} is Connect's struct for an Avro union (not an optional wrapper). */
  static boolean isGeneralUnion(org.apache.kafka.connect.data.Schema connect) {
    return ConfluentUnions.isUnion(connect);
  }

  /**
   * The field of a Connect union struct that holds a value read by {@code branch}: the field Confluent's rule picks
   * for the Java class the reader branch reads (see {@link ConfluentUnions}), decided once per branch, as the
   * generic path decides it per value.
   */
  static Field unionField(ReadPlan branch, org.apache.kafka.connect.data.Schema connect, Schema readerUnion,
      AvroDataSettings settings) {
    if (readerUnion.getType() != Schema.Type.UNION) {
      throw new UnsupportedSchemaException("a Connect union for a non-union reader takes the generic path");
    }
    Field field;
    try {
      field = ConfluentUnions.fieldOfBranch(connect, branch.reader(), settings);
    } catch (DataException e) {
      throw new UnsupportedSchemaException("the generic path fails for this union branch as Confluent does");
    }
    if (field == null) {
      throw new UnsupportedSchemaException("the union field depends on the data; the generic path picks it");
    }
    return field;
  }

  /**
   * Whether a union struct's field defaults must be ignored when writing ({@code ignore.default.for.nullables}): the
   * generic path handles that rare shape, so the write interpreter reads fields with {@code Struct.get} only.
   */
  static boolean unionDefaultsIgnored(org.apache.kafka.connect.data.Schema union, AvroDataSettings settings) {
    return settings.ignoreDefaultForNullables()
        && union.fields().stream().anyMatch(f -> f.schema().defaultValue() != null);
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

  /** The reader's element type of an array the interpreters read. */
  static Schema checkedElementType(ArrayPlan plan) {
    Schema elementType = plan.reader().getElementType();
    if (plan.minElementBytes() == 0) {
      throw new UnsupportedSchemaException("zero-byte arrays take the generic path");
    }
    return elementType;
  }

  /**
   * The entry record of a MapEntry array, when it reads key and value only, in any order. A required string key
   * means a Connect map that Confluent reads only from an Avro map: it fails on such an array, and so does the generic
   * path, which takes it.
   */
  static RecordPlan mapEntry(ArrayPlan plan, org.apache.kafka.connect.data.Schema connect) {
    org.apache.kafka.connect.data.Schema key = connect.keySchema();
    if (key.type() == org.apache.kafka.connect.data.Schema.Type.STRING && !key.isOptional()) {
      throw new UnsupportedSchemaException("a MapEntry array with required string keys takes the generic path");
    }
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
