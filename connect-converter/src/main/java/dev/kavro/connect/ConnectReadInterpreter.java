package dev.kavro.connect;

import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.runtime.ConnectReadSupport;
import dev.kavro.connect.runtime.ScalarFinish;
import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.DefaultStep;
import dev.kavro.plan.EnumPlan;
import dev.kavro.plan.ErrorPlan;
import dev.kavro.plan.MapPlan;
import dev.kavro.plan.Nullable;
import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnionPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import dev.kavro.runtime.ReadSupport;
import dev.kavro.runtime.ScalarCode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.Decoder;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Struct;

/**
 * toConnectData's executor: decodes Avro bytes straight into Connect values ({@link Struct}s, Strings, ByteBuffers,
 * Connect logical values), with no GenericRecord in between. Like the core's fallback ({@code PlanInterpreter}) it
 * executes the resolution plan of Kavro's readers ({@link PlanBuilder}: every Avro resolution rule plus the case
 * fallback), here as a tree of nodes built once per plan and Connect schema, so that no schema is inspected per record.
 * Unlike the core, the converter has no compiled path: compiled Connect readers were not faster than this tree
 * ({@code bench/results/design-measurements.md}), so it serves every compile mode.
 *
 * <p>Results equal the generic path's ({@link GenericPathDecoder}). The few shapes the tree does not cover (MapEntry
 * arrays with defaults or skipped fields, zero-byte arrays, logical-type plans) make {@link #create} answer the
 * generic path instead. Thread-safe: the tree is immutable.
 */
final class ConnectReadInterpreter implements ConnectDecoder {
  private final Node root;

  private ConnectReadInterpreter(Node root) {
    this.root = root;
  }

  /**
   * The interpreter, filling structs with {@code filler}, or the generic path for what the node tree does not cover.
   * {@code connect} must not be recursive: {@link Interpreters} sends recursive schemas down the generic path.
   */
  static ConnectDecoder create(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect,
      AvroDataSettings settings, CompileMode mode, StructFiller filler) {
    try {
      return tree(PlanBuilder.build(writer, reader, GenericData.get()), reader, connect, settings, filler);
    } catch (UnsupportedSchemaException e) {
      return new GenericPathDecoder(writer, reader, connect, settings, mode);
    }
  }

  /**
   * The node tree for a plan of a schema that is not recursive.
   *
   * @throws UnsupportedSchemaException for shapes the tree does not cover
   */
  private static ConnectReadInterpreter tree(ReadPlan plan, Schema reader,
      org.apache.kafka.connect.data.Schema connect, AvroDataSettings settings, StructFiller filler) {
    return new ConnectReadInterpreter(new TreeBuilder(settings, filler).node(plan, connect, reader));
  }

  @Override
  public Object decode(Decoder in) throws IOException {
    return root.read(in);
  }

  /** Reads one value. */
  interface Node {
    Object read(Decoder in) throws IOException;
  }

  /** Builds the node tree from the plan and the Connect schema of each position. */
  private static final class TreeBuilder {
    private final AvroDataSettings settings;
    private final StructFiller filler;

    TreeBuilder(AvroDataSettings settings, StructFiller filler) {
      this.settings = settings;
      this.filler = filler;
    }

    /** @param declared the reader's schema at this position: a union where the plan resolved one of its branches */
    Node node(ReadPlan plan, org.apache.kafka.connect.data.Schema connect, Schema declared) {
      if (ConnectShape.isGeneralUnion(connect)) {
        return generalUnion(plan, connect, declared);
      }
      ScalarFinish finish = ScalarFinish.of(connect, settings.extendedLogicalTypes());
      return switch (plan.kind()) {
        case NULL -> ReadSupport::readNull;
        case BOOLEAN -> Decoder::readBoolean;
        case INT -> in -> finish.apply(in.readInt());
        case LONG -> in -> finish.apply(in.readLong());
        case FLOAT -> Decoder::readFloat;
        case DOUBLE -> Decoder::readDouble;
        case INT_TO_LONG -> in -> finish.apply((long) in.readInt());
        case INT_TO_FLOAT -> in -> (float) in.readInt();
        case INT_TO_DOUBLE -> in -> (double) in.readInt();
        case LONG_TO_FLOAT -> in -> (float) in.readLong();
        case LONG_TO_DOUBLE -> in -> (double) in.readLong();
        case FLOAT_TO_DOUBLE -> in -> (double) in.readFloat();
        case STRING_UTF8, STRING_JAVA -> Decoder::readString;
        case BYTES_TO_UTF8, BYTES_TO_STRING -> ReadSupport::bytesToString;
        case BYTES -> in -> finish.apply(ConnectReadSupport.readBytes(in));
        case STRING_TO_BYTES -> in -> finish.apply(ReadSupport.stringToBytes(in));
        case FIXED -> {
          int size = plan.reader().getFixedSize();
          yield in -> finish.apply(ConnectReadSupport.readFixed(in, size));
        }
        case ENUM -> enumNode((EnumPlan) plan);
        case ARRAY -> array((ArrayPlan) plan, connect);
        case MAP -> map((MapPlan) plan, connect);
        case RECORD -> record((RecordPlan) plan, connect);
        case UNION -> union((UnionPlan) plan, connect);
        case ERROR -> error((ErrorPlan) plan);
        case LOGICAL -> throw new UnsupportedSchemaException("logical conversions take the generic path");
      };
    }

    private static Node error(ErrorPlan plan) {
      String message = plan.message();
      return in -> ReadSupport.fail(message);
    }

    /** Connect's struct for an Avro union: one field set, the one of the reader branch that the data took. */
    private Node generalUnion(ReadPlan plan, org.apache.kafka.connect.data.Schema connect, Schema declared) {
      if (plan.kind() != ReadPlan.Kind.UNION) {
        return unionBranch(plan, connect, declared);
      }
      List<ReadPlan> branches = ((UnionPlan) plan).branches();
      Node[] nodes = new Node[branches.size()];
      for (int i = 0; i < nodes.length; i++) {
        nodes[i] = unionBranch(branches.get(i), connect, plan.reader());
      }
      return unionSwitch(nodes);
    }

    private Node unionBranch(ReadPlan branch, org.apache.kafka.connect.data.Schema connect, Schema readerUnion) {
      if (branch.kind() == ReadPlan.Kind.NULL) {
        return ReadSupport::readNull;
      }
      if (branch.kind() == ReadPlan.Kind.ERROR) {
        return error((ErrorPlan) branch);
      }
      Field field = ConnectShape.unionField(branch, connect, readerUnion, settings);
      Node value = node(branch, field.schema(), branch.reader());
      return in -> filler.union(connect, field, value.read(in));
    }

    private static Node enumNode(EnumPlan plan) {
      Object[] symbols = ConnectShape.enumSymbols(plan);
      Schema writer = plan.writer();
      return in -> ReadSupport.enumValue(symbols, in.readEnum(), writer);
    }

    private Node array(ArrayPlan plan, org.apache.kafka.connect.data.Schema connect) {
      Schema elementType = ConnectShape.checkedElementType(plan);
      if (connect.type() == org.apache.kafka.connect.data.Schema.Type.MAP) {
        return mapEntries(plan, connect);
      }
      Node element = node(plan.element(), connect.valueSchema(), elementType);
      // Plain scalar items are read by a switch, and plain records by a call bound at build time, not through their
      // node: the call through a node is megamorphic wherever a JVM converts more than one schema.
      byte kind = ConnectScalars.readCode(plan.element(), connect.valueSchema());
      InOrderPlainRecord records = element instanceof InOrderPlainRecord r ? r : null;
      int minBytes = plan.minElementBytes();
      return in -> {
        long n = in.readArrayStart();
        ReadSupport.checkArrayBlock(in, n, minBytes);
        List<Object> list = ConnectReadSupport.newList(n);
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            list.add(kind != ConnectScalars.NONE ? ConnectScalars.read(kind, in)
                : records != null ? records.read(in) : element.read(in));
          }
          n = in.arrayNext();
          ReadSupport.checkArrayBlock(in, n, minBytes);
        }
        return list;
      };
    }

    /** Confluent's map with non-string keys: an array of key/value records, read straight into a map. */
    private Node mapEntries(ArrayPlan plan, org.apache.kafka.connect.data.Schema connect) {
      RecordPlan entry = ConnectShape.mapEntry(plan, connect);
      int keyPos = entry.reader().getField("key").pos();
      List<RecordPlan.FieldStep> steps = entry.fields();
      int minBytes = plan.minElementBytes();
      Node[] nodes = new Node[steps.size()];
      boolean[] isKey = new boolean[steps.size()];
      for (int i = 0; i < steps.size(); i++) {
        RecordPlan.FieldStep step = steps.get(i);
        isKey[i] = step.readerPos() == keyPos;
        Schema declared = entry.reader().getFields().get(step.readerPos()).schema();
        nodes[i] = node(step.plan(), isKey[i] ? connect.keySchema() : connect.valueSchema(), declared);
      }
      return in -> {
        long n = in.readArrayStart();
        ReadSupport.checkArrayBlock(in, n, minBytes);
        Map<Object, Object> map = ConnectReadSupport.newMap(n);
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            Object key = null;
            Object value = null;
            for (int f = 0; f < nodes.length; f++) {
              if (isKey[f]) {
                key = nodes[f].read(in);
              } else {
                value = nodes[f].read(in);
              }
            }
            map.put(key, value);
          }
          n = in.arrayNext();
          ReadSupport.checkArrayBlock(in, n, minBytes);
        }
        return map;
      };
    }

    private Node map(MapPlan plan, org.apache.kafka.connect.data.Schema connect) {
      Node value = node(plan.value(), connect.valueSchema(), plan.reader().getValueType());
      byte kind = ConnectScalars.readCode(plan.value(), connect.valueSchema());
      InOrderPlainRecord records = value instanceof InOrderPlainRecord r ? r : null;
      return in -> {
        long n = in.readMapStart();
        ReadSupport.checkMapBlock(in, n);
        Map<Object, Object> map = ConnectReadSupport.newMap(n);
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            String key = in.readString();
            map.put(key, kind != ConnectScalars.NONE ? ConnectScalars.read(kind, in)
                : records != null ? records.read(in) : value.read(in));
          }
          n = in.mapNext();
          ReadSupport.checkMapBlock(in, n);
        }
        return map;
      };
    }

    private Node union(UnionPlan plan, org.apache.kafka.connect.data.Schema connect) {
      List<ReadPlan> branches = plan.branches();
      Node[] nodes = new Node[branches.size()];
      for (int i = 0; i < nodes.length; i++) {
        nodes[i] = node(branches.get(i), connect, branches.get(i).reader());
      }
      return unionSwitch(nodes);
    }

    private static Node unionSwitch(Node[] nodes) {
      return in -> {
        int b = in.readIndex();
        if (b < 0 || b >= nodes.length) {
          throw ReadSupport.badUnionIndex(b, nodes.length);
        }
        return nodes[b].read(in);
      };
    }

    private Node record(RecordPlan plan, org.apache.kafka.connect.data.Schema connect) {
      FieldRead[] fields = fieldReads(plan, connect);
      if (FieldRead.allPlain(fields)) {
        return plainRecord(connect, fields);
      }
      return in -> {
        Struct struct = new Struct(connect);
        Object[] values = filler.values(struct);
        for (FieldRead field : fields) {
          Node node = field.node();
          if (node == null) {
            ReadSupport.skip(field.skip(), in);
            continue;
          }
          byte kind = field.kind();
          int nulls = field.nullBranch();
          Object value;
          if (kind == ConnectScalars.NONE) {
            value = node.read(in);
          } else if (nulls < 0) {
            value = ConnectScalars.read(kind, in);
          } else {
            int b = in.readIndex();
            if (b == nulls) {
              value = ReadSupport.readNull(in);
            } else if (b == 1 - nulls) {
              value = ConnectScalars.read(kind, in);
            } else {
              throw ReadSupport.badUnionIndex(b, 2);
            }
          }
          StructFiller.put(struct, values, field.target(), value);
        }
        return struct;
      };
    }

    /** How each writer field is read, in writer order, then how each default is made. */
    private FieldRead[] fieldReads(RecordPlan plan, org.apache.kafka.connect.data.Schema connect) {
      List<Field> targets = connect.fields();
      List<FieldRead> reads = new ArrayList<>();
      for (RecordPlan.FieldStep step : plan.fields()) {
        if (step.isSkip()) {
          reads.add(FieldRead.skip(step.skipSchema()));
        } else {
          Field target = targets.get(step.readerPos());
          Schema declared = plan.reader().getFields().get(step.readerPos()).schema();
          reads.add(FieldRead.of(step.plan(), target, node(step.plan(), target.schema(), declared)));
        }
      }
      for (DefaultStep step : plan.defaults()) {
        Field target = targets.get(step.pos());
        reads.add(FieldRead.node(target, defaultNode(plan, step, target)));
      }
      return reads.toArray(new FieldRead[0]);
    }

    /**
     * A record whose fields are all plain scalars (attributes, metrics, ...): one switch per field, stored by position.
     * A scalar read never answers null, so a positional store is what {@link StructFiller#put} would do.
     */
    private Node plainRecord(org.apache.kafka.connect.data.Schema connect, FieldRead[] fields) {
      byte[] kinds = new byte[fields.length];
      Field[] targets = new Field[fields.length];
      int[] positions = new int[fields.length];
      boolean inOrder = fields.length == connect.fields().size();
      for (int i = 0; i < fields.length; i++) {
        kinds[i] = fields[i].kind();
        targets[i] = fields[i].target();
        positions[i] = targets[i].index();
        inOrder &= positions[i] == i;
      }
      if (inOrder && filler.isPositional()) {
        return new InOrderPlainRecord(connect, kinds, filler);
      }
      return in -> {
        Struct struct = new Struct(connect);
        Object[] values = filler.values(struct);
        for (int i = 0; i < kinds.length; i++) {
          if (values == null) {
            struct.put(targets[i], ConnectScalars.read(kinds[i], in));
          } else {
            values[positions[i]] = ConnectScalars.read(kinds[i], in);
          }
        }
        return struct;
      };
    }

    /** A default, made afresh for every record: shared only when immutable, decoded again when structured. */
    private Node defaultNode(RecordPlan plan, DefaultStep step, Field field) {
      switch (ConnectShape.defaultKind(step, field.schema())) {
        case CONSTANT -> {
          Object value = ConnectShape.constantDefault(plan, step, field, settings);
          return in -> ConnectReadSupport.freshDefault(value);
        }
        case EMPTY_LIST -> {
          return in -> new ArrayList<>();
        }
        case EMPTY_MAP -> {
          return in -> new HashMap<>();
        }
        default -> {
          Node decode = node(step.plan(), field.schema(), step.plan().reader());
          byte[] encoded = step.encoded();
          return in -> decode.read(ReadSupport.defaultDecoder(encoded));
        }
      }
    }
  }

  /**
   * The common plain record, every field read in field order (a writer's own schema): field i goes to slot i, so the
   * loop runs over the struct's values array, whose range checks C2 then hoists out of the loop; and the switch is
   * here rather than a call to {@link ConnectScalars#read}, which C2 left out of line whenever it had compiled that
   * first. A final class, so that arrays and maps of such records call {@link #read} directly (see {@code array}).
   */
  private static final class InOrderPlainRecord implements Node {
    private final org.apache.kafka.connect.data.Schema connect;
    private final byte[] kinds;
    private final StructFiller filler;

    InOrderPlainRecord(org.apache.kafka.connect.data.Schema connect, byte[] kinds, StructFiller filler) {
      this.connect = connect;
      this.kinds = kinds;
      this.filler = filler;
    }

    @Override
    public Struct read(Decoder in) throws IOException {
      Struct struct = new Struct(connect);
      readInOrder(filler.values(struct), kinds, in);
      return struct;
    }

    private static void readInOrder(Object[] values, byte[] kinds, Decoder in) throws IOException {
      for (int i = 0; i < values.length; i++) {
        Object value;
        switch (kinds[i]) {
          case ScalarCode.STRING -> value = in.readString();
          case ScalarCode.INT -> value = Integer.valueOf(in.readInt());
          case ScalarCode.LONG -> value = Long.valueOf(in.readLong());
          case ScalarCode.FLOAT -> value = Float.valueOf(in.readFloat());
          case ScalarCode.DOUBLE -> value = Double.valueOf(in.readDouble());
          case ScalarCode.BOOLEAN -> value = Boolean.valueOf(in.readBoolean());
          case ScalarCode.BYTES -> value = ConnectReadSupport.readBytes(in);
          default -> throw new IllegalStateException("Not a scalar kind: " + kinds[i]);
        }
        values[i] = value;
      }
    }
  }

  /**
   * How one field of a record is read: skipped ({@code node} null, the writer's {@code skip} schema), by the scalar
   * switch ({@code kind} a {@link ConnectScalars} code, under a union with null at {@code nullBranch} when that is not
   * -1), or by its node (a default's too), into {@code target}.
   */
  private record FieldRead(Field target, Node node, Schema skip, byte kind, int nullBranch) {
    static FieldRead skip(Schema writer) {
      return new FieldRead(null, null, writer, ConnectScalars.NONE, -1);
    }

    static FieldRead node(Field target, Node node) {
      return new FieldRead(target, node, null, ConnectScalars.NONE, -1);
    }

    /** A field read by {@code plan}: by the scalar switch where the plan allows, else by its node. */
    static FieldRead of(ReadPlan plan, Field target, Node node) {
      Nullable<ReadPlan> optional = ConnectScalars.nullableRead(plan, target.schema());
      if (optional != null) {
        byte kind = ConnectScalars.readCode(optional.value(), target.schema());
        return new FieldRead(target, node, null, kind, optional.nullBranch());
      }
      return new FieldRead(target, node, null, ConnectScalars.readCode(plan, target.schema()), -1);
    }

    /** Whether every field reads a plain scalar: no skip, no node, no union with null. */
    static boolean allPlain(FieldRead[] fields) {
      for (FieldRead field : fields) {
        if (field.node == null || field.kind == ConnectScalars.NONE || field.nullBranch >= 0) {
          return false;
        }
      }
      return true;
    }
  }
}
