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
import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnionPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import dev.kavro.runtime.ReadSupport;
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
 * ({@code bench/results/connect-compiled-vs-tree.md}), so it serves every compile mode.
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
      byte kind = Scalar.of(plan.element(), connect.valueSchema());
      InOrderPlainRecord records = element instanceof InOrderPlainRecord r ? r : null;
      int minBytes = plan.minElementBytes();
      return in -> {
        long n = in.readArrayStart();
        ReadSupport.checkArrayBlock(in, n, minBytes);
        List<Object> list = ConnectReadSupport.newList(n);
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            list.add(kind != Scalar.NONE ? Scalar.read(kind, in)
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
      byte kind = Scalar.of(plan.value(), connect.valueSchema());
      InOrderPlainRecord records = value instanceof InOrderPlainRecord r ? r : null;
      return in -> {
        long n = in.readMapStart();
        ReadSupport.checkMapBlock(in, n);
        Map<Object, Object> map = ConnectReadSupport.newMap(n);
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            String key = in.readString();
            map.put(key, kind != Scalar.NONE ? Scalar.read(kind, in)
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
      List<Field> connectFields = connect.fields();
      List<RecordPlan.FieldStep> steps = plan.fields();
      Field[] targets = new Field[steps.size()];
      Node[] nodes = new Node[steps.size()];
      Schema[] skips = new Schema[steps.size()];
      for (int i = 0; i < steps.size(); i++) {
        RecordPlan.FieldStep step = steps.get(i);
        if (step.isSkip()) {
          skips[i] = step.skipSchema();
        } else {
          targets[i] = connectFields.get(step.readerPos());
          nodes[i] = node(step.plan(), targets[i].schema(), plan.reader().getFields().get(step.readerPos()).schema());
        }
      }
      List<DefaultStep> steps2 = plan.defaults();
      Field[] defaultTargets = new Field[steps2.size()];
      Node[] defaults = new Node[steps2.size()];
      for (int i = 0; i < defaults.length; i++) {
        DefaultStep step = steps2.get(i);
        defaultTargets[i] = connectFields.get(step.pos());
        defaults[i] = defaultNode(plan, step, defaultTargets[i]);
      }
      byte[] kinds = new byte[steps.size()];
      int[] nullBranch = new int[steps.size()];
      for (int i = 0; i < steps.size(); i++) {
        nullBranch[i] = -1;
        if (nodes[i] != null) {
          kinds[i] = Scalar.of(steps.get(i).plan(), targets[i].schema());
          nullBranch[i] = Scalar.nullBranch(steps.get(i).plan(), targets[i].schema());
          if (nullBranch[i] >= 0) {
            kinds[i] = Scalar.of(((UnionPlan) steps.get(i).plan()).branches().get(1 - nullBranch[i]),
                targets[i].schema());
          }
        }
      }
      if (defaults.length == 0 && Scalar.allPlain(nodes, kinds, nullBranch)) {
        return plainRecord(connect, targets, kinds);
      }
      return in -> {
        Struct struct = new Struct(connect);
        Object[] values = filler.values(struct);
        for (int i = 0; i < nodes.length; i++) {
          Node node = nodes[i];
          if (node == null) {
            ReadSupport.skip(skips[i], in);
            continue;
          }
          byte kind = kinds[i];
          Object value;
          if (kind == Scalar.NONE) {
            value = node.read(in);
          } else if (nullBranch[i] < 0) {
            value = Scalar.read(kind, in);
          } else {
            int b = in.readIndex();
            if (b == nullBranch[i]) {
              value = ReadSupport.readNull(in);
            } else if (b == 1 - nullBranch[i]) {
              value = Scalar.read(kind, in);
            } else {
              throw ReadSupport.badUnionIndex(b, 2);
            }
          }
          StructFiller.put(struct, values, targets[i], value);
        }
        for (int i = 0; i < defaults.length; i++) {
          StructFiller.put(struct, values, defaultTargets[i], defaults[i].read(in));
        }
        return struct;
      };
    }

    /**
     * A record whose fields are all plain scalars (attributes, metrics, ...): one switch per field, stored by position.
     * A scalar read never answers null, so a positional store is what {@link StructFiller#put} would do.
     */
    private Node plainRecord(org.apache.kafka.connect.data.Schema connect, Field[] targets, byte[] kinds) {
      int[] positions = new int[targets.length];
      boolean inOrder = targets.length == connect.fields().size();
      for (int i = 0; i < targets.length; i++) {
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
            struct.put(targets[i], Scalar.read(kinds[i], in));
          } else {
            values[positions[i]] = Scalar.read(kinds[i], in);
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
   * here rather than a call to {@link Scalar#read}, which C2 left out of line whenever it had compiled that first.
   * A final class, so that arrays and maps of such records call {@link #read} directly (see {@code array}).
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
          case Scalar.STRING -> value = in.readString();
          case Scalar.INT -> value = Integer.valueOf(in.readInt());
          case Scalar.LONG -> value = Long.valueOf(in.readLong());
          case Scalar.FLOAT -> value = Float.valueOf(in.readFloat());
          case Scalar.DOUBLE -> value = Double.valueOf(in.readDouble());
          case Scalar.BOOLEAN -> value = Boolean.valueOf(in.readBoolean());
          case Scalar.BYTES -> value = ConnectReadSupport.readBytes(in);
          default -> throw new IllegalStateException("Not a scalar kind: " + kinds[i]);
        }
        values[i] = value;
      }
    }
  }

  /**
   * Plain scalar fields of a record, and their unions with null, read by a switch in the record's loop instead of a
   * call through a node each: the nodes of a record make that call megamorphic, which cost the tree about a third of
   * its time on records of small fields (organization.avsc's attributes). The same reads and boxes as {@code node()}'s
   * nodes for these shapes.
   */
  private static final class Scalar {
    static final byte NONE = 0;
    static final byte STRING = 1;
    static final byte INT = 2;
    static final byte LONG = 3;
    static final byte FLOAT = 4;
    static final byte DOUBLE = 5;
    static final byte BOOLEAN = 6;
    static final byte BYTES = 7;

    private Scalar() {}

    /** The kind of a non-union plan read as {@code connect}, or NONE where its node does more than read and box. */
    static byte of(ReadPlan plan, org.apache.kafka.connect.data.Schema connect) {
      if (ConnectShape.isGeneralUnion(connect) || !ScalarFinish.isIdentity(connect)) {
        return NONE;
      }
      return switch (plan.kind()) {
        case STRING_UTF8, STRING_JAVA -> STRING;
        case INT -> INT;
        case LONG -> LONG;
        case FLOAT -> FLOAT;
        case DOUBLE -> DOUBLE;
        case BOOLEAN -> BOOLEAN;
        case BYTES -> BYTES;
        default -> NONE;
      };
    }

    /** The null branch's index of a two-branch union plan of null and a scalar (not a general union), else -1. */
    static int nullBranch(ReadPlan plan, org.apache.kafka.connect.data.Schema connect) {
      if (plan.kind() != ReadPlan.Kind.UNION || ConnectShape.isGeneralUnion(connect)) {
        return -1;
      }
      List<ReadPlan> branches = ((UnionPlan) plan).branches();
      if (branches.size() != 2) {
        return -1;
      }
      for (int b = 0; b < 2; b++) {
        if (branches.get(b).kind() == ReadPlan.Kind.NULL && of(branches.get(1 - b), connect) != NONE) {
          return b;
        }
      }
      return -1;
    }

    /** Whether every step reads a plain scalar (no skip, no node, no union with null). */
    static boolean allPlain(Node[] nodes, byte[] kinds, int[] nullBranch) {
      for (int i = 0; i < nodes.length; i++) {
        if (nodes[i] == null || kinds[i] == NONE || nullBranch[i] >= 0) {
          return false;
        }
      }
      return true;
    }

    static Object read(byte kind, Decoder in) throws IOException {
      return switch (kind) {
        case STRING -> in.readString();
        case INT -> Integer.valueOf(in.readInt());
        case LONG -> Long.valueOf(in.readLong());
        case FLOAT -> Float.valueOf(in.readFloat());
        case DOUBLE -> Double.valueOf(in.readDouble());
        case BOOLEAN -> Boolean.valueOf(in.readBoolean());
        case BYTES -> ConnectReadSupport.readBytes(in);
        default -> throw new IllegalStateException("Not a scalar kind: " + kind);
      };
    }
  }
}
