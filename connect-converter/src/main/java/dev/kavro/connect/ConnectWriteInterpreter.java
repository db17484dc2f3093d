package dev.kavro.connect;

import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.ConnectToAvroValue;
import dev.kavro.connect.runtime.ConnectWriteSupport;
import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.plan.Nullable;
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
 * ({@code bench/results/design-measurements.md}), so it serves every compile mode. Thread-safe: the tree is
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
      Nullable<Schema> nullable = Nullable.of(union);
      if (nullable == null) {
        return generic(connect, union);
      }
      Node value = value(connect, nullable.value());
      boolean optional = connect.isOptional();
      int nullIndex = nullable.nullBranch();
      int valueIndex = nullable.valueBranch();
      return (v, out) -> {
        if (v == null) {
          if (!optional) {
            throw ConnectWriteSupport.nullForRequired();
          }
          out.writeIndex(nullIndex);
        } else {
          out.writeIndex(valueIndex);
          value.write(v, out);
        }
      };
    }

    /** Writes a non-null value of a non-union Avro schema. */
    private Node value(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      Schema.Type type = avro.getType();
      Node node = switch (connect.type()) {
        case INT8, INT16 -> type == Schema.Type.INT ? (v, out) -> out.writeInt(((Number) v).intValue()) : null;
        case INT32 -> int32(connect, avro);
        case INT64 -> int64(connect, avro);
        case FLOAT32 -> type == Schema.Type.FLOAT ? (v, out) -> out.writeFloat((Float) v) : null;
        case FLOAT64 -> type == Schema.Type.DOUBLE ? (v, out) -> out.writeDouble((Double) v) : null;
        case BOOLEAN -> type == Schema.Type.BOOLEAN ? (v, out) -> out.writeBoolean((Boolean) v) : null;
        case STRING -> string(avro);
        case BYTES -> bytes(connect, avro);
        case ARRAY -> type == Schema.Type.ARRAY ? array(connect, avro) : null;
        case MAP -> mapOf(connect, avro);
        case STRUCT -> type == Schema.Type.RECORD && avro.getFields().size() == connect.fields().size()
            ? record(connect, avro) : null;
        default -> null;
      };
      return node != null ? node : generic(connect, avro);
    }

    /** An int32 (Connect's Date and Time too) written as an Avro int or long, or null for the generic path. */
    private Node int32(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      String name = connect.name();
      Schema.Type type = avro.getType();
      if (Date.LOGICAL_NAME.equals(name)) {
        return type == Schema.Type.INT ? (v, out) -> out.writeInt(ConnectWriteSupport.date(connect, v)) : null;
      }
      if (Time.LOGICAL_NAME.equals(name)) {
        boolean micros = micros(connect, settings);
        if (type == Schema.Type.INT && !micros) {
          return (v, out) -> out.writeInt(ConnectWriteSupport.timeMillis(connect, v));
        }
        return type == Schema.Type.LONG && micros
            ? (v, out) -> out.writeLong(ConnectWriteSupport.timeMicros(connect, v)) : null;
      }
      return type == Schema.Type.INT ? (v, out) -> out.writeInt((Integer) v) : null;
    }

    /** An int64 (Connect's Timestamp too) written as an Avro long, or null for the generic path. */
    private Node int64(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      if (avro.getType() != Schema.Type.LONG) {
        return null;
      }
      if (!Timestamp.LOGICAL_NAME.equals(connect.name())) {
        return (v, out) -> out.writeLong((Long) v);
      }
      return micros(connect, settings)
          ? (v, out) -> out.writeLong(ConnectWriteSupport.timestampMicros(connect, v))
          : (v, out) -> out.writeLong(ConnectWriteSupport.timestampMillis(connect, v));
    }

    /** A string written as an Avro string or enum symbol, or null for the generic path. */
    private static Node string(Schema avro) {
      return switch (avro.getType()) {
        case STRING -> (v, out) -> out.writeString((String) v);
        case ENUM -> (v, out) -> out.writeEnum(ConnectWriteSupport.enumOrdinal(avro, v));
        default -> null;
      };
    }

    /** Bytes (Connect's Decimal too) written as Avro bytes or fixed, or null for the generic path. */
    private static Node bytes(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      boolean decimal = Decimal.LOGICAL_NAME.equals(connect.name());
      if (avro.getType() == Schema.Type.FIXED) {
        return decimal
            ? (v, out) -> ConnectWriteSupport.writeFixed(ConnectWriteSupport.fixedDecimal(connect, v,
                avro.getFixedSize()), avro, out)
            : (v, out) -> ConnectWriteSupport.writeFixed(v, avro, out);
      }
      if (avro.getType() == Schema.Type.BYTES && (avro.getLogicalType() != null) == decimal) {
        return decimal ? (v, out) -> out.writeBytes(ConnectWriteSupport.decimal(connect, v))
            : ConnectWriteSupport::writeBytes;
      }
      return null;
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
      byte kind = union ? ConnectScalars.NONE : ConnectScalars.writeCode(connect.valueSchema(), avro.getElementType());
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
      if (kind != ConnectScalars.NONE) {
        ConnectScalars.write(kind, e, out);
      } else if (records != null) {
        records.write(e, out);
      } else {
        element.write(e, out);
      }
    }

    /** A map written as an Avro map or as Confluent's array of key/value records, or null for the generic path. */
    private Node mapOf(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      if (avro.getType() == Schema.Type.MAP) {
        return map(connect, avro);
      }
      boolean entries = avro.getType() == Schema.Type.ARRAY && avro.getElementType().getType() == Schema.Type.RECORD
          && avro.getElementType().getFields().size() == 2;
      return entries ? mapEntries(connect, avro) : null;
    }

    private Node map(org.apache.kafka.connect.data.Schema connect, Schema avro) {
      boolean union = avro.getValueType().getType() == Schema.Type.UNION;
      Node value = union ? node(connect.valueSchema(), avro.getValueType())
          : value(connect.valueSchema(), avro.getValueType());
      byte kind = union ? ConnectScalars.NONE : ConnectScalars.writeCode(connect.valueSchema(), avro.getValueType());
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
      List<Field> connectFields = connect.fields();
      FieldWrite[] fields = new FieldWrite[connectFields.size()];
      for (int i = 0; i < fields.length; i++) {
        fields[i] = fieldWrite(connectFields.get(i), avroFields.get(i).schema());
      }
      if (FieldWrite.allPlain(fields)) {
        return PlainRecord.of(connect, fields, filler);
      }
      return (v, out) -> {
        Struct struct = ConnectWriteSupport.struct(v, connect);
        writeFields(fields, struct, filler.values(struct), out);
      };
    }

    /**
     * The general record loop: each field by the scalar switch or by its node. The struct's schema equals the
     * record's, so slot i is field i: {@code values}, when the filler gives them, are read in place, as
     * {@code Struct.get} does without its calls.
     */
    private static void writeFields(FieldWrite[] fields, Struct struct, Object[] values, Encoder out)
        throws IOException {
      for (int i = 0; i < fields.length; i++) {
        FieldWrite field = fields[i];
        Object value;
        if (values != null) {
          value = values[i];
          if (value == null) {
            value = field.defaultValue();
          }
        } else {
          value = field.withoutDefault() ? struct.getWithoutDefault(field.source().name()) : struct.get(field.source());
        }
        try {
          if (value == null && !field.takesNull()) {
            throw ConnectWriteSupport.nullForRequired();
          }
          byte kind = field.kind();
          if (kind == ConnectScalars.NONE) {
            field.node().write(value, out);
            continue;
          }
          int nulls = field.nullBranch();
          if (nulls >= 0) {
            if (value == null) {
              out.writeIndex(nulls);
              continue;
            }
            out.writeIndex(1 - nulls);
          }
          ConnectScalars.write(kind, value, out);
        } catch (DataException e) {
          throw ConnectWriteSupport.fieldError(field.source().name(), e);
        }
      }
    }

    /** How the record's loop writes {@code source}'s value as {@code avro}. */
    private FieldWrite fieldWrite(Field source, Schema avro) {
      org.apache.kafka.connect.data.Schema schema = source.schema();
      boolean withoutDefault = settings.ignoreDefaultForNullables() && schema.isOptional();
      // What Struct.get(field) answers for a null slot; getWithoutDefault answers the null itself.
      Object defaultValue = withoutDefault ? null : schema.defaultValue();
      if (avro.getType() != Schema.Type.UNION) {
        // Null-checked by the record's loop rather than by node()'s wrapper: one call less per field.
        return new FieldWrite(source, value(schema, avro), ConnectScalars.writeCode(schema, avro), -1, false,
            withoutDefault, defaultValue);
      }
      Node node = node(schema, avro);
      // The optional() node's shape, written by the loop when the value is a plain scalar.
      Nullable<Schema> nullable = ConnectShape.isGeneralUnion(schema) ? null : Nullable.of(avro);
      byte kind = nullable == null ? ConnectScalars.NONE : ConnectScalars.writeCode(schema, nullable.value());
      if (kind == ConnectScalars.NONE) {
        return new FieldWrite(source, node, kind, -1, true, withoutDefault, defaultValue);
      }
      return new FieldWrite(source, node, kind, nullable.nullBranch(), schema.isOptional(), withoutDefault,
          defaultValue);
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
   * How a record's loop writes one field, read from {@code source}: by the scalar switch ({@code kind} a
   * {@link ConnectScalars} code, under a union with null at {@code nullBranch} when that is not -1) or by its
   * {@code node}. {@code takesNull}: whether a null value is written (as the null branch, or by the node) rather than
   * failed. A null slot of the struct reads as {@code defaultValue}, or as null {@code withoutDefault}.
   */
  private record FieldWrite(Field source, Node node, byte kind, int nullBranch, boolean takesNull,
      boolean withoutDefault, Object defaultValue) {
    /** Whether every field is a plain scalar of a non-union Avro type, read with its default. */
    static boolean allPlain(FieldWrite[] fields) {
      for (FieldWrite field : fields) {
        if (field.kind == ConnectScalars.NONE || field.nullBranch >= 0 || field.withoutDefault) {
          return false;
        }
      }
      return true;
    }
  }

  /**
   * A record whose fields are all plain scalars of a non-union Avro type (attributes, metrics, ...): one switch per
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

    private PlainRecord(org.apache.kafka.connect.data.Schema connect, Field[] fields, byte[] kinds, Object[] defaults,
        StructFiller filler) {
      this.connect = connect;
      this.fields = fields;
      this.kinds = kinds;
      this.defaults = defaults;
      this.filler = filler;
    }

    static PlainRecord of(org.apache.kafka.connect.data.Schema connect, FieldWrite[] writes, StructFiller filler) {
      Field[] fields = new Field[writes.length];
      byte[] kinds = new byte[writes.length];
      Object[] defaults = new Object[writes.length];
      for (int i = 0; i < writes.length; i++) {
        fields[i] = writes[i].source();
        kinds[i] = writes[i].kind();
        defaults[i] = writes[i].defaultValue();
      }
      return new PlainRecord(connect, fields, kinds, defaults, filler);
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
        ConnectScalars.write(kinds[i], value, out);
      }
    }
  }
}
