package dev.kavro.plan;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Conversion;
import org.apache.avro.Resolver;
import org.apache.avro.Resolver.Action;
import org.apache.avro.Schema;
import org.apache.avro.Schema.Field;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.avro.util.Utf8;
import org.apache.avro.util.internal.Accessor;

/**
 * Builds the {@link ReadPlan} for a (writer, reader, data model) triple from Avro's own {@link Resolver}, so that
 * every resolution rule of the Avro spec holds, extended with the {@link CaseFallback case fallback}.
 *
 * <p>Semantics follow Avro's {@code FastReaderBuilder} (the default reader since Avro 1.12.1): the same reuse rules,
 * the same default-value handling, the same conversions.
 */
public final class PlanBuilder {
  private static final String JAVA_CLASS = SpecificData.CLASS_PROP;
  private static final String JAVA_KEY_CLASS = SpecificData.KEY_CLASS_PROP;

  private final GenericData data;
  private final boolean specific;
  /** The reader branches chosen by the case rule, by (renamed writer node, reader union). */
  private final Map<SchemaPair, Integer> branches;
  private final Map<SchemaPair, ReadPlan> records = new HashMap<>();

  private PlanBuilder(GenericData data, Map<SchemaPair, Integer> branches) {
    this.data = data;
    this.specific = data instanceof SpecificData;
    this.branches = branches;
  }

  /**
   * The plan for reading data written with {@code writer} as {@code reader}, in the given data model.
   *
   * @throws UnsupportedSchemaException when the model or the schemas use a feature Kavro does not plan
   */
  public static ReadPlan build(Schema writer, Schema reader, GenericData data) {
    if (data.getClass() != GenericData.class && data.getClass() != SpecificData.class) {
      throw new UnsupportedSchemaException("Only GenericData and SpecificData are planned, not " + data.getClass());
    }
    // A writer's defaults never affect decoding, and Avro 1.12.2's applyAliases (called again inside Resolver)
    // rejects a record-valued writer default once the record's fields are renamed; so they go first.
    Schema bare = SchemaCopy.withoutDefaults(writer);
    CaseFallback.Renamed renamed = CaseFallback.apply(Schema.applyAliases(bare, reader), reader);
    return new PlanBuilder(data, renamed.branches())
        .plan(Resolver.resolve(renamed.writer(), reader, data), renamed.writer(), null);
  }

  /**
   * The plan for {@code action}, whose writer corresponds to {@code w} in the renamed writer: Avro's resolution may
   * copy the writer again (to apply aliases), so the walk keeps its own position in the renamed writer alongside.
   */
  private ReadPlan plan(Action action, Schema w, Conversion<?> explicit) {
    ReadPlan base = basePlan(action, w);
    Schema reader = action.reader;
    if (base.kind() == ReadPlan.Kind.UNION || base.kind() == ReadPlan.Kind.ERROR || reader.getLogicalType() == null) {
      // A writer union converts in its branches; converting again at the union would convert twice.
      return base;
    }
    Conversion<?> conversion = explicit != null ? explicit : data.getConversionFor(reader.getLogicalType());
    return conversion == null ? base : new LogicalPlan(base, conversion);
  }

  private ReadPlan basePlan(Action action, Schema w) {
    return switch (action.type) {
      case DO_NOTHING -> leaf(action.writer, action.reader);
      case PROMOTE -> promotion(action.writer, action.reader);
      case CONTAINER -> container((Resolver.Container) action, w);
      case ENUM -> new EnumPlan(action.writer, action.reader, ((Resolver.EnumAdjust) action).values);
      case RECORD -> record((Resolver.RecordAdjust) action, w);
      case WRITER_UNION -> union((Resolver.WriterUnion) action, w);
      case READER_UNION -> readerUnion((Resolver.ReaderUnion) action, w);
      case ERROR -> new ErrorPlan(action.writer, action.reader, action.toString());
      case SKIP -> throw new IllegalStateException("A skip outside a record");
    };
  }

  private ReadPlan leaf(Schema writer, Schema reader) {
    ReadPlan.Kind kind = switch (reader.getType()) {
      case NULL -> ReadPlan.Kind.NULL;
      case BOOLEAN -> ReadPlan.Kind.BOOLEAN;
      case INT -> ReadPlan.Kind.INT;
      case LONG -> ReadPlan.Kind.LONG;
      case FLOAT -> ReadPlan.Kind.FLOAT;
      case DOUBLE -> ReadPlan.Kind.DOUBLE;
      case STRING -> stringKind(reader, ReadPlan.Kind.STRING_JAVA, ReadPlan.Kind.STRING_UTF8);
      case BYTES -> ReadPlan.Kind.BYTES;
      case FIXED -> ReadPlan.Kind.FIXED;
      default -> throw new IllegalStateException("Not a leaf: " + reader.getType());
    };
    return new ValuePlan(kind, writer, reader);
  }

  private ReadPlan promotion(Schema writer, Schema reader) {
    Schema.Type from = writer.getType();
    ReadPlan.Kind kind = switch (reader.getType()) {
      case LONG -> ReadPlan.Kind.INT_TO_LONG;
      case FLOAT -> from == Schema.Type.INT ? ReadPlan.Kind.INT_TO_FLOAT : ReadPlan.Kind.LONG_TO_FLOAT;
      case DOUBLE -> switch (from) {
        case INT -> ReadPlan.Kind.INT_TO_DOUBLE;
        case LONG -> ReadPlan.Kind.LONG_TO_DOUBLE;
        default -> ReadPlan.Kind.FLOAT_TO_DOUBLE;
      };
      case BYTES -> ReadPlan.Kind.STRING_TO_BYTES;
      case STRING -> stringKind(reader, ReadPlan.Kind.BYTES_TO_STRING, ReadPlan.Kind.BYTES_TO_UTF8);
      default -> throw new IllegalStateException("No promotion from " + from + " to " + reader.getType());
    };
    return new ValuePlan(kind, writer, reader);
  }

  private ReadPlan.Kind stringKind(Schema reader, ReadPlan.Kind javaString, ReadPlan.Kind utf8) {
    if (specific && reader.getProp(JAVA_CLASS) != null) {
      // Avro would instantiate the named class per value; Kavro never loads classes named in schemas.
      throw new UnsupportedSchemaException("java-class strings are not planned: " + reader);
    }
    return GenericData.StringType.String.name().equals(reader.getProp(GenericData.STRING_PROP)) ? javaString : utf8;
  }

  private ReadPlan container(Resolver.Container action, Schema w) {
    Schema reader = action.reader;
    Schema writerElement = reader.getType() == Schema.Type.ARRAY ? w.getElementType() : w.getValueType();
    ReadPlan element = plan(action.elementAction, writerElement, null);
    if (reader.getType() == Schema.Type.ARRAY) {
      return new ArrayPlan(action.writer, reader, element);
    }
    if (specific && reader.getProp(JAVA_KEY_CLASS) != null) {
      throw new UnsupportedSchemaException("java-key-class map keys are not planned: " + reader);
    }
    boolean javaKeys = GenericData.StringType.String.name().equals(reader.getProp(GenericData.STRING_PROP));
    return new MapPlan(action.writer, reader, javaKeys, element);
  }

  private ReadPlan union(Resolver.WriterUnion action, Schema w) {
    List<ReadPlan> plans = new ArrayList<>(action.actions.length);
    for (int i = 0; i < action.actions.length; i++) {
      plans.add(plan(action.actions[i], w.getTypes().get(i), null));
    }
    return new UnionPlan(action.writer, action.reader, plans);
  }

  /**
   * A writer record read into a reader union takes the branch the case rule chose, which Avro's own choice on the
   * renamed writer need not be: a branch may resolve only with the renames made for it.
   */
  private ReadPlan readerUnion(Resolver.ReaderUnion action, Schema w) {
    Integer chosen = branches.get(new SchemaPair(w, action.reader));
    if (chosen == null || chosen == action.firstMatch) {
      return plan(action.actualAction, w, null);
    }
    if (chosen == CaseFallback.NO_BRANCH) {
      return new ErrorPlan(action.writer, action.reader,
          "Found " + action.writer.getFullName() + ", expecting " + action.reader.getFullName());
    }
    return plan(Resolver.resolve(w, action.reader.getTypes().get(chosen), data), w, null);
  }

  private ReadPlan record(Resolver.RecordAdjust action, Schema w) {
    SchemaPair key = new SchemaPair(w, action.reader);
    ReadPlan known = records.get(key);
    if (known != null) {
      return known;
    }
    Object prototype = action.instanceSupplier.newInstance(null, action.reader);
    boolean generic = prototype.getClass() == GenericData.Record.class && !specific;
    RecordPlan plan = new RecordPlan(action.writer, action.reader, action.instanceSupplier, generic);
    records.put(key, plan); // before descending: recursive schemas point back at this plan

    List<RecordPlan.FieldStep> fields = new ArrayList<>();
    int next = 0;
    for (int i = 0; i < action.fieldActions.length; i++) {
      Action fieldAction = action.fieldActions[i];
      if (fieldAction.type == Action.Type.SKIP) {
        fields.add(RecordPlan.FieldStep.skip(fieldAction.writer));
      } else {
        Field readerField = action.readerOrder[next++];
        Conversion<?> explicit = prototype instanceof SpecificRecordBase specificRecord
            && readerField.schema().getLogicalType() != null ? specificRecord.getConversion(readerField.pos()) : null;
        fields.add(RecordPlan.FieldStep.read(readerField.pos(), plan(fieldAction, w.getFields().get(i).schema(),
            explicit)));
      }
    }
    List<DefaultStep> defaults = new ArrayList<>();
    for (; next < action.readerOrder.length; next++) {
      defaults.add(defaultStep(action.readerOrder[next]));
    }
    plan.complete(fields, defaults);
    return plan;
  }

  private DefaultStep defaultStep(Field field) {
    Object value = data.getDefaultValue(field);
    int pos = field.pos();
    if (value == null || value instanceof Number || value instanceof String || value instanceof GenericEnumSymbol
        || value.getClass().isEnum()) {
      return DefaultStep.shared(pos, value);
    }
    if (value instanceof Utf8 utf8) {
      return DefaultStep.utf8(pos, utf8);
    }
    if (value instanceof List<?> list && list.isEmpty()) {
      return DefaultStep.emptyArray(pos, arrayBranch(field.schema()));
    }
    if (value instanceof Map<?, ?> map && map.isEmpty()) {
      return DefaultStep.emptyMap(pos);
    }
    ReadPlan decoder = new PlanBuilder(data, Map.of())
        .plan(Resolver.resolve(field.schema(), field.schema(), data), field.schema(), null);
    return DefaultStep.decode(pos, encodedDefault(field), decoder);
  }

  private static Schema arrayBranch(Schema schema) {
    if (schema.getType() != Schema.Type.UNION) {
      return schema;
    }
    return schema.getTypes().stream().filter(s -> s.getType() == Schema.Type.ARRAY).findFirst()
        .orElseThrow(() -> new UnsupportedSchemaException("Array default without an array branch: " + schema));
  }

  private static byte[] encodedDefault(Field field) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      Accessor.encode(encoder, field.schema(), Accessor.defaultValue(field));
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
