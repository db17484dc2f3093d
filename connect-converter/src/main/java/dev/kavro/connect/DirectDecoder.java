package dev.kavro.connect;

import dev.kavro.avro.ReaderMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.CyclicSchema;
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
 * The fast path of toConnectData: decodes Avro bytes straight into Connect values ({@link Struct}s, Strings,
 * ByteBuffers, Connect logical values), with no GenericRecord in between. It executes the same resolution plan as
 * Kavro's readers ({@link PlanBuilder}: every Avro resolution rule plus the case fallback), precompiled here into a
 * tree of nodes, one per plan node and Connect schema, so that no schema is inspected per record.
 *
 * <p>Results equal the generic path's ({@link GenericPathDecoder}). The few shapes the tree does not cover (MapEntry
 * arrays with defaults or skipped fields, zero-byte arrays, logical-type plans) make {@link #create} answer the
 * generic path instead. It is also the fallback of the compiled Connect readers ({@link ConnectReaderEntry}), which
 * follow the same {@link ConnectShape} rules. Thread-safe: the tree is immutable.
 */
final class DirectDecoder implements ConnectDecoder {
  private final Node root;

  private DirectDecoder(Node root) {
    this.root = root;
  }

  /** A direct decoder, or the generic path for what the node tree does not cover. */
  static ConnectDecoder create(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect,
      AvroDataSettings settings, ReaderMode mode) {
    try {
      return tree(PlanBuilder.build(writer, reader, GenericData.get()), reader, connect, settings);
    } catch (UnsupportedSchemaException e) {
      return new GenericPathDecoder(writer, reader, connect, settings, mode);
    }
  }

  /**
   * The node tree for a plan.
   *
   * @throws UnsupportedSchemaException for shapes the tree does not cover, among them recursive schemas (the tree
   *     and the compiled readers are built eagerly, node by node, and would not end)
   */
  static DirectDecoder tree(ReadPlan plan, Schema reader, org.apache.kafka.connect.data.Schema connect,
      AvroDataSettings settings) {
    if (CyclicSchema.isRecursive(connect)) {
      throw new UnsupportedSchemaException("recursive schemas take the generic path");
    }
    return new DirectDecoder(new TreeBuilder(settings).node(plan, connect, reader));
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

    TreeBuilder(AvroDataSettings settings) {
      this.settings = settings;
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
      return in -> StructFiller.union(connect, field, value.read(in));
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
      int minBytes = plan.minElementBytes();
      return in -> {
        long n = in.readArrayStart();
        ReadSupport.checkArrayBlock(in, n, minBytes);
        List<Object> list = ConnectReadSupport.newList(n);
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            list.add(element.read(in));
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
      return in -> {
        long n = in.readMapStart();
        ReadSupport.checkMapBlock(in, n);
        Map<Object, Object> map = ConnectReadSupport.newMap(n);
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            String key = in.readString();
            map.put(key, value.read(in));
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
      return in -> {
        Struct struct = new Struct(connect);
        Object[] values = StructFiller.values(struct);
        for (int i = 0; i < nodes.length; i++) {
          Node node = nodes[i];
          if (node == null) {
            ReadSupport.skip(skips[i], in);
          } else {
            StructFiller.put(struct, values, targets[i], node.read(in));
          }
        }
        for (int i = 0; i < defaults.length; i++) {
          StructFiller.put(struct, values, defaultTargets[i], defaults[i].read(in));
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
}
