package dev.kavro.connect;

import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroValue;
import dev.kavro.connect.runtime.ConnectWriteSupport;
import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.runtime.BoxedFields;
import dev.kavro.runtime.ByteArrayEncoder;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.apache.kafka.connect.errors.DataException;

/**
 * fromConnectData's executor: writes Connect values straight to Avro binary, with no GenericRecord in between,
 * through a tree of writers built once per (Connect schema, Avro schema) position, the write-side counterpart of
 * {@link ConnectReadInterpreter}. The bytes equal the generic path's ({@link GenericPathEncoder}): the same union
 * branches, the same map entry order, the same checks. Shapes without a dedicated writer convert that subtree as the
 * generic path does. The converter has no compiled path: compiled Connect writers were not faster than this tree
 * ({@code bench/results/connect-compiled-vs-tree.md}), so it serves every compile mode. Thread-safe: the tree is
 * immutable.
 */
final class ConnectWriteInterpreter implements ConnectEncoder {
  private final Node root;

  private ConnectWriteInterpreter(Node root) {
    this.root = root;
  }

  /**
   * The tree, reading structs with {@code filler}. {@code connect} must not be recursive: {@link Interpreters} sends
   * recursive schemas down the generic path.
   */
  static ConnectEncoder create(org.apache.kafka.connect.data.Schema connect, Schema avro, AvroDataSettings settings,
      StructFiller filler) {
    return new ConnectWriteInterpreter(new TreeBuilder(settings, filler).node(connect, avro));
  }

  @Override
  public void encode(Object value, Encoder out) throws IOException {
    root.write(value, out);
  }

  /** Writes one value; null-checked by its parent, except where the node handles null itself. */
  interface Node {
    /**
     * @throws DataException if the value does not fit its schema
     * @throws IOException if the encoder fails
     */
    void write(Object value, Encoder out) throws IOException;
  }

  private static final class TreeBuilder {
    private final AvroDataSettings settings;
    private final StructFiller filler;

    TreeBuilder(AvroDataSettings settings, StructFiller filler) {
      this.settings = settings;
      this.filler = filler;
    }

    /** A node that accepts null (writing a union's null branch, or failing as the generic path fails). */
    Node node(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      if (avro.getType() == Schema.Type.UNION) {
        if (ConnectShape.isGeneralUnion(connect)) {
          return generalUnion(connect, avro);
        }
        return optional(connect, avro);
      }
      Node value = value(connect, avro);
      return (v, out) -> {
        if (v == null) {
          throw ConnectWriteSupport.nullForRequired();
        }
        value.write(v, out);
      };
    }

    private Node optional(org.apache.kafka.connect.data.Schema connect, Schema union) {
      List<Schema> types = union.getTypes();
      int nullIndex = UnionBranches.of(union).nullIndex();
      if (!(types.size() == 1 || (types.size() == 2 && nullIndex >= 0))) {
        return generic(connect, union);
      }
      int valueIndex = types.size() == 1 ? 0 : 1 - nullIndex;
      Node value = value(connect, types.get(valueIndex));
      boolean optional = connect.isOptional();
      int nulls = nullIndex;
      if (nulls < 0) {
        return generic(connect, union);
      }
      return (v, out) -> {
        if (v == null) {
          if (!optional) {
            throw ConnectWriteSupport.nullForRequired();
          }
          out.writeIndex(nulls);
        } else {
          out.writeIndex(valueIndex);
          value.write(v, out);
        }
      };
    }

    /** Writes a non-null value of a non-union Avro schema. */
    private Node value(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      String name = connect.name();
      Schema.Type type = avro.getType();
      switch (connect.type()) {
        case INT8, INT16 -> {
          if (type == Schema.Type.INT) {
            return (v, out) -> out.writeInt(((Number) v).intValue());
          }
        }
        case INT32 -> {
          if (Date.LOGICAL_NAME.equals(name) && type == Schema.Type.INT) {
            return (v, out) -> out.writeInt(ConnectWriteSupport.date(connect, v));
          }
          if (Time.LOGICAL_NAME.equals(name) && type == Schema.Type.INT && !micros(connect, settings)) {
            return (v, out) -> out.writeInt(ConnectWriteSupport.timeMillis(connect, v));
          }
          if (Time.LOGICAL_NAME.equals(name) && type == Schema.Type.LONG && micros(connect, settings)) {
            return (v, out) -> out.writeLong(ConnectWriteSupport.timeMicros(connect, v));
          }
          if (!Date.LOGICAL_NAME.equals(name) && !Time.LOGICAL_NAME.equals(name) && type == Schema.Type.INT) {
            return (v, out) -> out.writeInt((Integer) v);
          }
        }
        case INT64 -> {
          if (Timestamp.LOGICAL_NAME.equals(name) && type == Schema.Type.LONG) {
            return micros(connect, settings)
                ? (v, out) -> out.writeLong(ConnectWriteSupport.timestampMicros(connect, v))
                : (v, out) -> out.writeLong(ConnectWriteSupport.timestampMillis(connect, v));
          }
          if (!Timestamp.LOGICAL_NAME.equals(name) && type == Schema.Type.LONG) {
            return (v, out) -> out.writeLong((Long) v);
          }
        }
        case FLOAT32 -> {
          if (type == Schema.Type.FLOAT) {
            return (v, out) -> out.writeFloat((Float) v);
          }
        }
        case FLOAT64 -> {
          if (type == Schema.Type.DOUBLE) {
            return (v, out) -> out.writeDouble((Double) v);
          }
        }
        case BOOLEAN -> {
          if (type == Schema.Type.BOOLEAN) {
            return (v, out) -> out.writeBoolean((Boolean) v);
          }
        }
        case STRING -> {
          if (type == Schema.Type.STRING) {
            return (v, out) -> out.writeString((String) v);
          }
          if (type == Schema.Type.ENUM) {
            return (v, out) -> out.writeEnum(ConnectWriteSupport.enumOrdinal(avro, v));
          }
        }
        case BYTES -> {
          boolean decimal = Decimal.LOGICAL_NAME.equals(name);
          if (type == Schema.Type.FIXED) {
            return decimal
                ? (v, out) -> ConnectWriteSupport.writeFixed(ConnectWriteSupport.fixedDecimal(connect, v,
                    avro.getFixedSize()), avro, out)
                : (v, out) -> ConnectWriteSupport.writeFixed(v, avro, out);
          }
          if (type == Schema.Type.BYTES && (avro.getLogicalType() != null) == decimal) {
            return decimal ? (v, out) -> out.writeBytes(ConnectWriteSupport.decimal(connect, v))
                : ConnectWriteSupport::writeBytes;
          }
        }
        case ARRAY -> {
          if (type == Schema.Type.ARRAY) {
            return array(connect, avro);
          }
        }
        case MAP -> {
          if (type == Schema.Type.MAP) {
            return map(connect, avro);
          }
          if (type == Schema.Type.ARRAY && avro.getElementType().getType() == Schema.Type.RECORD
              && avro.getElementType().getFields().size() == 2) {
            return mapEntries(connect, avro);
          }
        }
        case STRUCT -> {
          if (type == Schema.Type.RECORD && avro.getFields().size() == connect.fields().size()) {
            return record(connect, avro);
          }
        }
      }
      return generic(connect, avro);
    }

    private static boolean micros(org.apache.kafka.connect.data.Schema connect, AvroDataSettings settings) {
      if (!settings.extendedLogicalTypes()) {
        return false;
      }
      String logical = connect.parameters() == null ? null
          : connect.parameters().get(dev.kavro.connect.data.ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM);
      return logical != null && logical.endsWith("-micros");
    }

    /** The generic path for one subtree: convert as AvroData does, write with Avro's generic writer. */
    private Node generic(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      GenericDatumWriter<Object> writer = new GenericDatumWriter<>(avro, GenericData.get());
      AvroDataSettings s = settings;
      return (v, out) -> writer.write(ConnectToAvroValue.convert(connect, avro, v, s), out);
    }

    private Node array(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      // Non-union items are null-checked here rather than by node()'s wrapper: one call less per item.
      boolean union = avro.getElementType().getType() == Schema.Type.UNION;
      Node element = union ? node(connect.valueSchema(), avro.getElementType())
          : value(connect.valueSchema(), avro.getElementType());
      // Plain primitive items are written by a switch, and plain records by a call bound at build time, not through
      // their node: the call through a node is megamorphic wherever a JVM converts more than one schema.
      byte kind = union ? Primitive.NONE : Primitive.of(connect.valueSchema(), avro.getElementType());
      PlainRecord records = element instanceof PlainRecord r ? r : null;
      return (v, out) -> {
        Collection<?> values = ConnectWriteSupport.collection(v);
        out.writeArrayStart();
        out.setItemCount(values.size());
        if (values instanceof ArrayList<?> list) {
          // Connect's own lists: walked by index, without an iterator's checks.
          for (int i = 0, n = list.size(); i < n; i++) {
            out.startItem();
            collectionValue(list.get(i), kind, records, union, element, out);
          }
        } else {
          for (Object e : values) {
            out.startItem();
            collectionValue(e, kind, records, union, element, out);
          }
        }
        out.writeArrayEnd();
      };
    }

    /** An array item or map value: by the switch for plain primitives, the plain-record writer, else its node. */
    private static void collectionValue(Object e, byte kind, PlainRecord records, boolean union, Node element,
        Encoder out) throws IOException {
      if (e == null && !union) {
        throw ConnectWriteSupport.nullForRequired();
      }
      if (kind != Primitive.NONE) {
        Primitive.write(kind, e, out);
      } else if (records != null) {
        records.write(e, out);
      } else {
        element.write(e, out);
      }
    }

    private Node map(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      boolean union = avro.getValueType().getType() == Schema.Type.UNION;
      Node value = union ? node(connect.valueSchema(), avro.getValueType())
          : value(connect.valueSchema(), avro.getValueType());
      byte kind = union ? Primitive.NONE : Primitive.of(connect.valueSchema(), avro.getValueType());
      PlainRecord records = value instanceof PlainRecord r ? r : null;
      return (v, out) -> {
        Map<?, ?> map = ConnectWriteSupport.mapInWriteOrder(v);
        out.writeMapStart();
        out.setItemCount(map.size());
        for (Map.Entry<?, ?> e : map.entrySet()) {
          out.startItem();
          out.writeString((String) e.getKey());
          collectionValue(e.getValue(), kind, records, union, value, out);
        }
        out.writeMapEnd();
      };
    }

    private Node mapEntries(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      List<Schema.Field> fields = avro.getElementType().getFields();
      Node key = node(connect.keySchema(), fields.get(0).schema());
      Node value = node(connect.valueSchema(), fields.get(1).schema());
      return (v, out) -> {
        Map<?, ?> map = (Map<?, ?>) v;
        out.writeArrayStart();
        out.setItemCount(map.size());
        for (Map.Entry<?, ?> e : map.entrySet()) {
          out.startItem();
          key.write(e.getKey(), out);
          value.write(e.getValue(), out);
        }
        out.writeArrayEnd();
      };
    }

    private Node record(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      List<Schema.Field> avroFields = avro.getFields();
      Field[] connectFields = connect.fields().toArray(new Field[0]);
      int n = connectFields.length;
      Node[] nodes = new Node[n];
      boolean[] nullable = new boolean[n];
      boolean[] withoutDefault = new boolean[n];
      byte[] kinds = new byte[n];
      int[] nullBranch = new int[n];
      int[] valueBranch = new int[n];
      boolean[] optional = new boolean[n];
      for (int i = 0; i < n; i++) {
        Schema avroField = avroFields.get(i).schema();
        org.apache.kafka.connect.data.Schema fieldSchema = connectFields[i].schema();
        // Non-union fields are null-checked here rather than by node()'s wrapper: one call less per field.
        nullable[i] = avroField.getType() == Schema.Type.UNION;
        nodes[i] = nullable[i] ? node(fieldSchema, avroField) : value(fieldSchema, avroField);
        withoutDefault[i] = settings.ignoreDefaultForNullables() && fieldSchema.isOptional();
        optional[i] = fieldSchema.isOptional();
        nullBranch[i] = -1;
        if (!nullable[i]) {
          kinds[i] = Primitive.of(fieldSchema, avroField);
        } else if (!ConnectShape.isGeneralUnion(fieldSchema) && avroField.getTypes().size() == 2) {
          // The optional() node's shape: [null, x] or [x, null], written here when x is a plain primitive.
          int nulls = avroField.getTypes().get(0).getType() == Schema.Type.NULL ? 0
              : avroField.getTypes().get(1).getType() == Schema.Type.NULL ? 1 : -1;
          if (nulls >= 0) {
            kinds[i] = Primitive.of(fieldSchema, avroField.getTypes().get(1 - nulls));
            nullBranch[i] = nulls;
            valueBranch[i] = 1 - nulls;
          }
        }
      }
      Object[] defaults = new Object[n];
      for (int i = 0; i < n; i++) {
        // What Struct.get(field) answers for a null slot; getWithoutDefault answers the null itself.
        defaults[i] = withoutDefault[i] ? null : connectFields[i].schema().defaultValue();
      }
      if (Primitive.allPlain(kinds, nullable, withoutDefault)) {
        return new PlainRecord(connect, connectFields, kinds, defaults, filler);
      }
      return (v, out) -> {
        Struct struct = ConnectWriteSupport.struct(v, connect);
        // The struct's schema equals ours: slot i is field i. Read in place, as Struct.get does without its calls.
        Object[] values = filler.values(struct);
        for (int i = 0; i < n; i++) {
          Field field = connectFields[i];
          Object value;
          if (values != null) {
            value = values[i];
            if (value == null) {
              value = defaults[i];
            }
          } else {
            value = withoutDefault[i] ? struct.getWithoutDefault(field.name()) : struct.get(field);
          }
          try {
            byte kind = kinds[i];
            if (kind == Primitive.NONE) {
              if (value == null && !nullable[i]) {
                throw ConnectWriteSupport.nullForRequired();
              }
              nodes[i].write(value, out);
              continue;
            }
            int nulls = nullBranch[i];
            if (value == null) {
              if (nulls < 0 || !optional[i]) {
                throw ConnectWriteSupport.nullForRequired();
              }
              out.writeIndex(nulls);
              continue;
            }
            if (nulls >= 0) {
              out.writeIndex(valueBranch[i]);
            }
            Primitive.write(kind, value, out);
          } catch (DataException e) {
            throw ConnectWriteSupport.fieldError(field.name(), e);
          }
        }
      };
    }

    /** Connect's union struct: the first field set selects the branch, as the generic path selects it. */
    private Node generalUnion(org.apache.kafka.connect.data.Schema connect, Schema union) {
      List<Schema> types = union.getTypes();
      UnionBranches branches = UnionBranches.of(union);
      int[] indexes = branches.others();
      Field[] fields = connect.fields().toArray(new Field[0]);
      if (fields.length > indexes.length || ConnectShape.unionDefaultsIgnored(connect, settings)) {
        return generic(connect, union);
      }
      Node[] nodes = new Node[fields.length];
      for (int i = 0; i < fields.length; i++) {
        nodes[i] = value(fields[i].schema(), types.get(indexes[i]));
      }
      boolean optional = connect.isOptional();
      int nulls = branches.nullIndex();
      return (v, out) -> {
        if (v != null) {
          Struct struct = (Struct) v;
          for (int i = 0; i < fields.length; i++) {
            Object value = struct.get(fields[i]);
            if (value != null) {
              out.writeIndex(indexes[i]);
              nodes[i].write(value, out);
              return;
            }
          }
        }
        if (!optional) {
          throw v == null ? ConnectWriteSupport.nullForRequired()
              : new DataException("Union " + connect.name() + " has no branch set and is not optional");
        }
        if (nulls < 0) {
          throw new DataException("Union " + connect.name() + " has no null branch");
        }
        out.writeIndex(nulls);
      };
    }
  }

  /**
   * A record whose fields are all plain primitives of a non-union Avro type (attributes, metrics, ...): one switch per
   * field, read in place, by {@link BoxedFields} into the converter's {@link ByteArrayEncoder}. The same values, checks
   * and bytes as {@code record}'s general loop. A final class, so that arrays and maps of such records call
   * {@link #write} directly (see {@code array}).
   */
  private static final class PlainRecord implements Node {
    private final org.apache.kafka.connect.data.Schema connect;
    private final Field[] fields;
    private final byte[] kinds;
    private final Object[] defaults;
    private final StructFiller filler;

    PlainRecord(org.apache.kafka.connect.data.Schema connect, Field[] fields, byte[] kinds, Object[] defaults,
        StructFiller filler) {
      this.connect = connect;
      this.fields = fields;
      this.kinds = kinds;
      this.defaults = defaults;
      this.filler = filler;
    }

    @Override
    public void write(Object v, Encoder out) throws IOException {
      Struct struct = ConnectWriteSupport.struct(v, connect);
      Object[] values = filler.values(struct);
      if (values != null && out instanceof ByteArrayEncoder array) { // the converter's own encoder: one tight loop
        int missing = BoxedFields.write(array, kinds, values, defaults);
        if (missing >= 0) {
          throw ConnectWriteSupport.fieldError(fields[missing].name(), ConnectWriteSupport.nullForRequired());
        }
        return;
      }
      for (int i = 0; i < kinds.length; i++) {
        Object value = values != null ? values[i] : struct.get(fields[i]);
        if (value == null && (value = defaults[i]) == null) {
          throw ConnectWriteSupport.fieldError(fields[i].name(), ConnectWriteSupport.nullForRequired());
        }
        Primitive.write(kinds[i], value, out);
      }
    }
  }

  /**
   * Plain primitive fields of a record, written by a switch in the record's loop instead of a call through a node
   * each: the nodes of a wide record make that call megamorphic. The same casts and writes as {@code value()}'s
   * nodes for these shapes. The kinds are {@link BoxedFields}'s, so that a plain record's kinds are its program.
   */
  private static final class Primitive {
    static final byte NONE = 0;
    static final byte STRING = BoxedFields.STRING;
    static final byte INT = BoxedFields.INT;
    static final byte SMALL_INT = BoxedFields.NUMBER_AS_INT;
    static final byte LONG = BoxedFields.LONG;
    static final byte FLOAT = BoxedFields.FLOAT;
    static final byte DOUBLE = BoxedFields.DOUBLE;
    static final byte BOOLEAN = BoxedFields.BOOLEAN;
    static final byte BYTES = BoxedFields.BYTES;

    private Primitive() {}

    /** The kind of a non-null value of {@code connect} written as the non-union {@code avro}, or NONE. */
    static byte of(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      Schema.Type type = avro.getType();
      if (connect.name() != null) {
        return NONE; // logical types (Date, Time, Timestamp, Decimal) and named types keep their nodes
      }
      return switch (connect.type()) {
        case STRING -> type == Schema.Type.STRING ? STRING : NONE;
        case INT8, INT16 -> type == Schema.Type.INT ? SMALL_INT : NONE;
        case INT32 -> type == Schema.Type.INT ? INT : NONE;
        case INT64 -> type == Schema.Type.LONG ? LONG : NONE;
        case FLOAT32 -> type == Schema.Type.FLOAT ? FLOAT : NONE;
        case FLOAT64 -> type == Schema.Type.DOUBLE ? DOUBLE : NONE;
        case BOOLEAN -> type == Schema.Type.BOOLEAN ? BOOLEAN : NONE;
        case BYTES -> type == Schema.Type.BYTES && avro.getLogicalType() == null ? BYTES : NONE;
        default -> NONE;
      };
    }

    /** Whether every field is a plain primitive of a non-union Avro type, read with its default. */
    static boolean allPlain(byte[] kinds, boolean[] nullable, boolean[] withoutDefault) {
      for (int i = 0; i < kinds.length; i++) {
        if (kinds[i] == NONE || nullable[i] || withoutDefault[i]) {
          return false;
        }
      }
      return true;
    }

    static void write(byte kind, Object v, Encoder out) throws IOException {
      switch (kind) {
        case STRING -> out.writeString((String) v);
        case INT -> out.writeInt((Integer) v);
        case SMALL_INT -> out.writeInt(((Number) v).intValue());
        case LONG -> out.writeLong((Long) v);
        case FLOAT -> out.writeFloat((Float) v);
        case DOUBLE -> out.writeDouble((Double) v);
        case BOOLEAN -> out.writeBoolean((Boolean) v);
        case BYTES -> ConnectWriteSupport.writeBytes(v, out);
        default -> throw new IllegalStateException("Not a primitive kind: " + kind);
      }
    }
  }
}
