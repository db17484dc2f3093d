package dev.kavro.connect;

import dev.kavro.codegen.Constants;
import dev.kavro.codegen.GeneratedSource;
import dev.kavro.codegen.MethodQueue;
import dev.kavro.codegen.SourceWriter;
import dev.kavro.codegen.StatementChunks;
import dev.kavro.connect.data.AvroDataSettings;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.Schema;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;

/**
 * Turns a Connect schema and its Avro form into the source of a {@code GeneratedWriter} that writes Connect values
 * straight to Avro binary: one method per (Connect schema, Avro schema) of every record, array, map and general
 * union, large records split into chunks. It makes exactly the decisions of the node tree ({@link DirectEncoder}),
 * so both write the same bytes and fail the same way; the shapes the tree leaves to the generic path are written by
 * the tree's own generic writer, passed in as a constant.
 *
 * <p>The source stays inside Janino's subset (no generics, lambdas or diamonds) and holds only synthetic names and
 * numeric literals: Connect schemas and fields, Avro schemas and generic writers reach the class as constants.
 * Generated code calls only public helpers ({@code dev.kavro.connect.runtime}) and Avro's {@code Encoder}.
 */
final class ConnectWriterGenerator {
  static final String PACKAGE = "dev.kavro.gen.connect";
  private static final AtomicLong CLASS_COUNTER = new AtomicLong();
  private static final String CONNECT_SCHEMA = "org.apache.kafka.connect.data.Schema";
  private static final String NULL_FOR_REQUIRED = "throw ConnectWriteSupport.nullForRequired();";

  private final AvroDataSettings settings;
  private final Constants constants = new Constants();
  private final MethodQueue<MethodKey> methods = new MethodQueue<>("m", new HashMap<>());
  private final SourceWriter methodSource = new SourceWriter();

  private ConnectWriterGenerator(AvroDataSettings settings) {
    this.settings = settings;
  }

  /** Generates a writer class for values of {@code connect} written as {@code avro}. */
  static GeneratedSource generate(org.apache.kafka.connect.data.Schema connect, Schema avro,
      AvroDataSettings settings) {
    return new ConnectWriterGenerator(settings).generate(connect, avro);
  }

  private GeneratedSource generate(org.apache.kafka.connect.data.Schema connect, Schema avro) {
    String root = node(connect, avro, "datum");
    methods.drain(this::emitMethod);
    String simpleName = "KavroConnectWriter" + CLASS_COUNTER.incrementAndGet();
    SourceWriter src = new SourceWriter();
    src.line("package " + PACKAGE + ";");
    src.line("");
    for (String type : List.of("java.io.IOException", "java.util.Collection", "java.util.Iterator", "java.util.Map",
        "org.apache.avro.Schema", "org.apache.avro.io.Encoder", "org.apache.kafka.connect.data.Field",
        "org.apache.kafka.connect.data.Struct", "org.apache.kafka.connect.errors.DataException",
        "dev.kavro.runtime.GeneratedWriter", "dev.kavro.connect.runtime.ConnectValueWriter",
        "dev.kavro.connect.runtime.ConnectWriteSupport")) {
      src.line("import " + type + ";");
    }
    src.line("");
    src.open("public final class " + simpleName + " extends GeneratedWriter {");
    constants.emit(src, simpleName);
    src.open("public void write(Object datum, Encoder out) throws IOException {");
    src.line(root);
    src.close("}");
    src.append(methodSource);
    src.close("}");
    return new GeneratedSource(PACKAGE + "." + simpleName, src.toString(), constants.values());
  }

  /** A statement writing {@code var}, which may be null: the tree's {@code node()}. */
  private String node(org.apache.kafka.connect.data.Schema connect, Schema avro, String var) {
    if (avro.getType() == Schema.Type.UNION) {
      if (ConnectShape.isGeneralUnion(connect)) {
        return methods.nameFor(new MethodKey(connect, avro, Shape.GENERAL_UNION)) + "(" + var + ", out);";
      }
      return optional(connect, avro, var);
    }
    return "if (" + var + " == null) { " + NULL_FOR_REQUIRED + " } " + value(connect, avro, var);
  }

  /** The tree's {@code optional()}: a union of null and one type, inline. */
  private String optional(org.apache.kafka.connect.data.Schema connect, Schema union, String var) {
    List<Schema> types = union.getTypes();
    int nullIndex = UnionBranches.of(union).nullIndex();
    if (!(types.size() == 1 || (types.size() == 2 && nullIndex >= 0)) || nullIndex < 0) {
      return generic(connect, union, var);
    }
    int valueIndex = types.size() == 1 ? 0 : 1 - nullIndex;
    String ifNull = connect.isOptional() ? "out.writeIndex(" + nullIndex + ");" : NULL_FOR_REQUIRED;
    return "if (" + var + " == null) { " + ifNull + " } else { out.writeIndex(" + valueIndex + "); "
        + value(connect, types.get(valueIndex), var) + " }";
  }

  /** A statement writing the non-null {@code var} of a non-union Avro schema: the tree's {@code value()}. */
  private String value(org.apache.kafka.connect.data.Schema connect, Schema avro, String var) {
    String name = connect.name();
    Schema.Type type = avro.getType();
    switch (connect.type()) {
      case INT8, INT16 -> {
        if (type == Schema.Type.INT) {
          return "out.writeInt(((Number) " + var + ").intValue());";
        }
      }
      case INT32 -> {
        if (Date.LOGICAL_NAME.equals(name) && type == Schema.Type.INT) {
          return "out.writeInt(ConnectWriteSupport.date(" + connectSchema(connect) + ", " + var + "));";
        }
        if (Time.LOGICAL_NAME.equals(name) && type == Schema.Type.INT && !DirectEncoder.micros(connect, settings)) {
          return "out.writeInt(ConnectWriteSupport.timeMillis(" + connectSchema(connect) + ", " + var + "));";
        }
        if (Time.LOGICAL_NAME.equals(name) && type == Schema.Type.LONG && DirectEncoder.micros(connect, settings)) {
          return "out.writeLong(ConnectWriteSupport.timeMicros(" + connectSchema(connect) + ", " + var + "));";
        }
        if (!Date.LOGICAL_NAME.equals(name) && !Time.LOGICAL_NAME.equals(name) && type == Schema.Type.INT) {
          return "out.writeInt(((Integer) " + var + ").intValue());";
        }
      }
      case INT64 -> {
        if (Timestamp.LOGICAL_NAME.equals(name) && type == Schema.Type.LONG) {
          String helper = DirectEncoder.micros(connect, settings) ? "timestampMicros" : "timestampMillis";
          return "out.writeLong(ConnectWriteSupport." + helper + "(" + connectSchema(connect) + ", " + var + "));";
        }
        if (!Timestamp.LOGICAL_NAME.equals(name) && type == Schema.Type.LONG) {
          return "out.writeLong(((Long) " + var + ").longValue());";
        }
      }
      case FLOAT32 -> {
        if (type == Schema.Type.FLOAT) {
          return "out.writeFloat(((Float) " + var + ").floatValue());";
        }
      }
      case FLOAT64 -> {
        if (type == Schema.Type.DOUBLE) {
          return "out.writeDouble(((Double) " + var + ").doubleValue());";
        }
      }
      case BOOLEAN -> {
        if (type == Schema.Type.BOOLEAN) {
          return "out.writeBoolean(((Boolean) " + var + ").booleanValue());";
        }
      }
      case STRING -> {
        if (type == Schema.Type.STRING) {
          return "out.writeString((String) " + var + ");";
        }
        if (type == Schema.Type.ENUM) {
          return "out.writeEnum(ConnectWriteSupport.enumOrdinal(" + avro(avro) + ", " + var + "));";
        }
      }
      case BYTES -> {
        boolean decimal = Decimal.LOGICAL_NAME.equals(name);
        if (type == Schema.Type.FIXED) {
          String bytes = decimal ? "ConnectWriteSupport.fixedDecimal(" + connectSchema(connect) + ", " + var + ", "
              + avro.getFixedSize() + ")" : var;
          return "ConnectWriteSupport.writeFixed(" + bytes + ", " + avro(avro) + ", out);";
        }
        if (type == Schema.Type.BYTES && (avro.getLogicalType() != null) == decimal) {
          return decimal ? "out.writeBytes(ConnectWriteSupport.decimal(" + connectSchema(connect) + ", " + var + "));"
              : "ConnectWriteSupport.writeBytes(" + var + ", out);";
        }
      }
      case ARRAY -> {
        if (type == Schema.Type.ARRAY) {
          return call(connect, avro, Shape.ARRAY, var);
        }
      }
      case MAP -> {
        if (type == Schema.Type.MAP) {
          return call(connect, avro, Shape.MAP, var);
        }
        if (type == Schema.Type.ARRAY && avro.getElementType().getType() == Schema.Type.RECORD
            && avro.getElementType().getFields().size() == 2) {
          return call(connect, avro, Shape.MAP_ENTRIES, var);
        }
      }
      case STRUCT -> {
        if (type == Schema.Type.RECORD && avro.getFields().size() == connect.fields().size()) {
          return call(connect, avro, Shape.RECORD, var);
        }
      }
    }
    return generic(connect, avro, var);
  }

  private String call(org.apache.kafka.connect.data.Schema connect, Schema avro, Shape shape, String var) {
    return methods.nameFor(new MethodKey(connect, avro, shape)) + "(" + var + ", out);";
  }

  /** The tree's own generic writer for this subtree: the same conversion, the same bytes. */
  private String generic(org.apache.kafka.connect.data.Schema connect, Schema avro, String var) {
    return constants.ref(DirectEncoder.generic(connect, avro, settings), "ConnectValueWriter") + ".write(" + var
        + ", out);";
  }

  private String avro(Schema schema) {
    return constants.ref(schema, "Schema");
  }

  private String connectSchema(org.apache.kafka.connect.data.Schema schema) {
    return constants.ref(schema, CONNECT_SCHEMA);
  }

  private String field(Field field) {
    return constants.ref(field, "Field");
  }

  private void emitMethod(MethodKey key) {
    String name = methods.nameOf(key);
    methodSource.open("private void " + name + "(Object v, Encoder out) throws IOException {");
    switch (key.shape) {
      case RECORD -> emitRecord(name, key.connect, key.avro);
      case ARRAY -> emitArray(key.connect, key.avro);
      case MAP -> emitMap(key.connect, key.avro);
      case MAP_ENTRIES -> emitMapEntries(key.connect, key.avro);
      case GENERAL_UNION -> emitGeneralUnion(key.connect, key.avro);
    }
    methodSource.close("}");
  }

  private void emitArray(org.apache.kafka.connect.data.Schema connect, Schema avro) {
    methodSource.line("Collection c = ConnectWriteSupport.collection(v);");
    methodSource.line("out.writeArrayStart();");
    methodSource.line("out.setItemCount((long) c.size());");
    methodSource.line("Iterator it = c.iterator();");
    methodSource.open("while (it.hasNext()) {");
    methodSource.line("Object x = it.next();");
    methodSource.line("out.startItem();");
    methodSource.line(node(connect.valueSchema(), avro.getElementType(), "x"));
    methodSource.close("}");
    methodSource.line("out.writeArrayEnd();");
  }

  private void emitMap(org.apache.kafka.connect.data.Schema connect, Schema avro) {
    methodSource.line("Map m = ConnectWriteSupport.mapInWriteOrder(v);");
    methodSource.line("out.writeMapStart();");
    methodSource.line("out.setItemCount((long) m.size());");
    methodSource.line("Iterator it = m.entrySet().iterator();");
    methodSource.open("while (it.hasNext()) {");
    methodSource.line("Map.Entry e = (Map.Entry) it.next();");
    methodSource.line("out.startItem();");
    methodSource.line("out.writeString((String) e.getKey());");
    methodSource.line("Object x = e.getValue();");
    methodSource.line(node(connect.valueSchema(), avro.getValueType(), "x"));
    methodSource.close("}");
    methodSource.line("out.writeMapEnd();");
  }

  private void emitMapEntries(org.apache.kafka.connect.data.Schema connect, Schema avro) {
    List<Schema.Field> fields = avro.getElementType().getFields();
    methodSource.line("Map m = (Map) v;");
    methodSource.line("out.writeArrayStart();");
    methodSource.line("out.setItemCount((long) m.size());");
    methodSource.line("Iterator it = m.entrySet().iterator();");
    methodSource.open("while (it.hasNext()) {");
    methodSource.line("Map.Entry e = (Map.Entry) it.next();");
    methodSource.line("out.startItem();");
    methodSource.line("Object k = e.getKey();");
    methodSource.line(node(connect.keySchema(), fields.get(0).schema(), "k"));
    methodSource.line("Object x = e.getValue();");
    methodSource.line(node(connect.valueSchema(), fields.get(1).schema(), "x"));
    methodSource.close("}");
    methodSource.line("out.writeArrayEnd();");
  }

  private void emitRecord(String name, org.apache.kafka.connect.data.Schema connect, Schema avro) {
    methodSource.line("Struct s = ConnectWriteSupport.struct(v, " + connectSchema(connect) + ");");
    List<List<String>> chunks = StatementChunks.split(recordStatements(connect, avro));
    if (chunks.size() == 1) {
      chunks.get(0).forEach(methodSource::line);
      return;
    }
    for (int c = 0; c < chunks.size(); c++) {
      methodSource.line(name + "_" + c + "(s, out);");
    }
    methodSource.close("}");
    for (int c = 0; c < chunks.size(); c++) {
      methodSource.open("private void " + name + "_" + c + "(Struct s, Encoder out) throws IOException {");
      chunks.get(c).forEach(methodSource::line);
      if (c < chunks.size() - 1) {
        methodSource.close("}");
      }
    }
  }

  /** One block per field, in order: its value, its null check and write, field errors named as the tree names them. */
  private List<String> recordStatements(org.apache.kafka.connect.data.Schema connect, Schema avro) {
    List<Schema.Field> avroFields = avro.getFields();
    List<Field> fields = connect.fields();
    List<String> statements = new ArrayList<>();
    for (int i = 0; i < fields.size(); i++) {
      Field field = fields.get(i);
      org.apache.kafka.connect.data.Schema fieldSchema = field.schema();
      Schema avroField = avroFields.get(i).schema();
      String ref = field(field);
      String get = settings.ignoreDefaultForNullables() && fieldSchema.isOptional()
          ? "s.getWithoutDefault(" + ref + ".name())" : "s.get(" + ref + ")";
      statements.add("{ Object x = " + get + "; try { " + node(fieldSchema, avroField, "x")
          + " } catch (DataException e) { throw ConnectWriteSupport.fieldError(" + ref + ".name(), e); } }");
    }
    return statements;
  }

  /** The tree's {@code generalUnion()}: the first field set selects the branch. */
  private void emitGeneralUnion(org.apache.kafka.connect.data.Schema connect, Schema union) {
    List<Schema> types = union.getTypes();
    UnionBranches branches = UnionBranches.of(union);
    int[] indexes = branches.others();
    List<Field> fields = connect.fields();
    if (fields.size() > indexes.length || ConnectShape.unionDefaultsIgnored(connect, settings)) {
      methodSource.line(generic(connect, union, "v"));
      return;
    }
    methodSource.open("if (v != null) {");
    methodSource.line("Struct s = (Struct) v;");
    for (int i = 0; i < fields.size(); i++) {
      methodSource.line("Object x" + i + " = s.get(" + field(fields.get(i)) + ");");
      methodSource.line("if (x" + i + " != null) { out.writeIndex(" + indexes[i] + "); "
          + value(fields.get(i).schema(), types.get(indexes[i]), "x" + i) + " return; }");
    }
    methodSource.close("}");
    String unionName = connectSchema(connect) + ".name()";
    if (!connect.isOptional()) {
      methodSource.line("throw v == null ? ConnectWriteSupport.nullForRequired() : new DataException(\"Union \" + "
          + unionName + " + \" has no branch set and is not optional\");");
    } else if (branches.nullIndex() < 0) {
      methodSource.line("throw new DataException(\"Union \" + " + unionName + " + \" has no null branch\");");
    } else {
      methodSource.line("out.writeIndex(" + branches.nullIndex() + ");");
    }
  }

  private enum Shape { RECORD, ARRAY, MAP, MAP_ENTRIES, GENERAL_UNION }

  /** One generated method: Connect and Avro schema by identity, and the shape written. */
  private record MethodKey(org.apache.kafka.connect.data.Schema connect, Schema avro, Shape shape) {
    @Override
    public boolean equals(Object o) {
      return o instanceof MethodKey k && k.connect == connect && k.avro == avro && k.shape == shape;
    }

    @Override
    public int hashCode() {
      return (System.identityHashCode(connect) * 31 + System.identityHashCode(avro)) * 31 + shape.ordinal();
    }
  }
}
