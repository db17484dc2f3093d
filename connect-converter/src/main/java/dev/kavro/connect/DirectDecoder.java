package dev.kavro.connect;

import dev.kavro.avro.ReaderMode;
import dev.kavro.connect.data.AvroDataSettings;
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
 * <p>Results equal the generic path's ({@link GenericPathDecoder}). Shapes the tree does not cover (general unions,
 * maps encoded as MapEntry arrays, non-null defaults other than primitives and strings) are reported by
 * {@link #create} as unsupported; the caller then uses the generic path. Thread-safe: the tree is immutable.
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
      ReadPlan plan = PlanBuilder.build(writer, reader, GenericData.get());
      return new DirectDecoder(new TreeBuilder(settings).node(plan, connect));
    } catch (UnsupportedSchemaException e) {
      return new GenericPathDecoder(writer, reader, connect, settings, mode);
    }
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

    Node node(ReadPlan plan, org.apache.kafka.connect.data.Schema connect) {
      if (isGeneralUnion(connect)) {
        throw new UnsupportedSchemaException("general unions take the generic path");
      }
      ScalarFinish finish = ScalarFinish.of(connect);
      return switch (plan.kind()) {
        case NULL -> in -> {
          in.readNull();
          return null;
        };
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
        case BYTES -> in -> finish.apply(in.readBytes(null));
        case STRING_TO_BYTES -> in -> finish.apply(ReadSupport.stringToBytes(in));
        case FIXED -> fixed(plan.reader().getFixedSize(), finish);
        case ENUM -> enumNode((EnumPlan) plan);
        case ARRAY -> array((ArrayPlan) plan, connect);
        case MAP -> map((MapPlan) plan, connect);
        case RECORD -> record((RecordPlan) plan, connect);
        case UNION -> union((UnionPlan) plan, connect);
        case ERROR -> {
          String message = ((ErrorPlan) plan).message();
          yield in -> ReadSupport.fail(message);
        }
        case LOGICAL -> throw new UnsupportedSchemaException("logical conversions take the generic path");
      };
    }

    private boolean isGeneralUnion(org.apache.kafka.connect.data.Schema connect) {
      return connect.type() == org.apache.kafka.connect.data.Schema.Type.STRUCT
          && ("io.confluent.connect.avro.Union".equals(connect.name()) || (connect.parameters() != null
              && connect.parameters().containsKey("org.apache.kafka.connect.data.Union")));
    }

    private static Node fixed(int size, ScalarFinish finish) {
      return in -> {
        byte[] bytes = new byte[size];
        in.readFixed(bytes, 0, size);
        return finish.apply(ByteBuffer.wrap(bytes));
      };
    }

    private static Node enumNode(EnumPlan plan) {
      Object[] values = plan.values();
      String[] symbols = new String[values.length];
      for (int i = 0; i < values.length; i++) {
        symbols[i] = values[i] == null ? null : values[i].toString();
      }
      Schema writer = plan.writer();
      return in -> ReadSupport.enumValue(symbols, in.readEnum(), writer);
    }

    private Node array(ArrayPlan plan, org.apache.kafka.connect.data.Schema connect) {
      Schema elementType = plan.reader().getElementType();
      if (ReadSupport.isZeroByteSchema(elementType)) {
        throw new UnsupportedSchemaException("zero-byte arrays take the generic path");
      }
      if (connect.type() == org.apache.kafka.connect.data.Schema.Type.MAP) {
        return mapEntries(plan, connect, elementType);
      }
      Node element = node(plan.element(), connect.valueSchema());
      return in -> {
        long n = in.readArrayStart();
        ReadSupport.checkArrayBlock(in, n, elementType, false);
        List<Object> list = new ArrayList<>((int) Math.min(n, 1024));
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            list.add(element.read(in));
          }
          n = in.arrayNext();
          ReadSupport.checkArrayBlock(in, n, elementType, false);
        }
        return list;
      };
    }

    /** Confluent's map with non-string keys: an array of key/value records, read straight into a map. */
    private Node mapEntries(ArrayPlan plan, org.apache.kafka.connect.data.Schema connect, Schema elementType) {
      if (plan.element().kind() != ReadPlan.Kind.RECORD || !((RecordPlan) plan.element()).defaults().isEmpty()) {
        throw new UnsupportedSchemaException("unusual map entries take the generic path");
      }
      RecordPlan entry = (RecordPlan) plan.element();
      int keyPos = entry.reader().getField("key").pos();
      List<RecordPlan.FieldStep> steps = entry.fields();
      Node[] nodes = new Node[steps.size()];
      Schema[] skips = new Schema[steps.size()];
      boolean[] isKey = new boolean[steps.size()];
      for (int i = 0; i < steps.size(); i++) {
        RecordPlan.FieldStep step = steps.get(i);
        if (step.isSkip()) {
          skips[i] = step.skipSchema();
        } else {
          isKey[i] = step.readerPos() == keyPos;
          nodes[i] = node(step.plan(), isKey[i] ? connect.keySchema() : connect.valueSchema());
        }
      }
      return in -> {
        long n = in.readArrayStart();
        ReadSupport.checkArrayBlock(in, n, elementType, false);
        Map<Object, Object> map = new HashMap<>(n < 3 ? 4 : (int) Math.min(n / 0.75f + 1, 1 << 16));
        while (n > 0) {
          for (long i = 0; i < n; i++) {
            Object key = null;
            Object value = null;
            for (int f = 0; f < nodes.length; f++) {
              if (nodes[f] == null) {
                ReadSupport.skip(skips[f], in);
              } else if (isKey[f]) {
                key = nodes[f].read(in);
              } else {
                value = nodes[f].read(in);
              }
            }
            map.put(key, value);
          }
          n = in.arrayNext();
          ReadSupport.checkArrayBlock(in, n, elementType, false);
        }
        return map;
      };
    }

    private Node map(MapPlan plan, org.apache.kafka.connect.data.Schema connect) {
      Node value = node(plan.value(), connect.valueSchema());
      return in -> {
        long n = in.readMapStart();
        ReadSupport.checkMapBlock(in, n);
        Map<Object, Object> map = new HashMap<>(n < 3 ? 4 : (int) Math.min(n / 0.75f + 1, 1 << 16));
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
        nodes[i] = node(branches.get(i), connect);
      }
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
          nodes[i] = node(step.plan(), targets[i].schema());
        }
      }
      List<Field> defaultFields = new ArrayList<>();
      List<Object> defaultValues = new ArrayList<>();
      for (DefaultStep step : plan.defaults()) {
        if (step.kind() != DefaultStep.Kind.SHARED) {
          throw new UnsupportedSchemaException("non-primitive defaults take the generic path");
        }
        if (step.shared() != null) {
          Field field = connectFields.get(step.pos());
          Object value = dev.kavro.connect.data.AvroToConnectValue.convert(
              plan.reader().getFields().get(step.pos()).schema(), field.schema(), step.shared(), settings);
          if (value instanceof java.util.Date) {
            throw new UnsupportedSchemaException("mutable defaults take the generic path");
          }
          defaultFields.add(field);
          defaultValues.add(value);
        }
      }
      Field[] defaultTargets = defaultFields.toArray(new Field[0]);
      Object[] defaults = defaultValues.toArray();
      return in -> {
        Struct struct = new Struct(connect);
        for (int i = 0; i < nodes.length; i++) {
          Node node = nodes[i];
          if (node == null) {
            ReadSupport.skip(skips[i], in);
          } else {
            struct.put(targets[i], node.read(in));
          }
        }
        for (int i = 0; i < defaults.length; i++) {
          struct.put(defaultTargets[i], defaults[i]);
        }
        return struct;
      };
    }
  }
}
