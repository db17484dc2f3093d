package dev.kavro.connect;

import dev.kavro.codegen.Constants;
import dev.kavro.codegen.MethodQueue;
import dev.kavro.codegen.SkipStatements;
import dev.kavro.codegen.GeneratedSource;
import dev.kavro.codegen.SourceWriter;
import dev.kavro.codegen.StatementChunks;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.runtime.ScalarFinish;
import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.DefaultStep;
import dev.kavro.plan.EnumPlan;
import dev.kavro.plan.ErrorPlan;
import dev.kavro.plan.MapPlan;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnionPlan;
import dev.kavro.plan.UnsupportedSchemaException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.avro.Schema;
import org.apache.kafka.connect.data.Field;

/**
 * Turns a {@link ReadPlan} and the Connect schema of its result into the source of a {@code GeneratedReader} that
 * decodes straight into Connect values: one method per (plan node, Connect schema) of every record, array, map and
 * union, large records split into chunks. It makes the same decisions as the node tree ({@link DirectDecoder}),
 * through {@link ConnectShape}.
 *
 * <p>The source stays inside Janino's subset (no generics, lambdas or diamonds) and holds only synthetic names and
 * numeric literals: Connect schemas and fields, Avro schemas, enum tables, defaults and messages reach the class as
 * constants. Generated code calls only public helpers ({@code dev.kavro.runtime}, {@code dev.kavro.connect.runtime}).
 */
final class ConnectReaderGenerator {
  static final String PACKAGE = "dev.kavro.gen.connect";
  private static final AtomicLong CLASS_COUNTER = new AtomicLong();
  private static final String STRUCT = "org.apache.kafka.connect.data.Struct";
  private static final String FIELD = "org.apache.kafka.connect.data.Field";
  private static final String CONNECT_SCHEMA = "org.apache.kafka.connect.data.Schema";

  private final AvroDataSettings settings;
  private final Constants constants = new Constants();
  private final MethodQueue<MethodKey> methods = new MethodQueue<>("m", new HashMap<>());
  private final SourceWriter methodSource = new SourceWriter();

  private ConnectReaderGenerator(AvroDataSettings settings) {
    this.settings = settings;
  }

  /**
   * Generates a reader class for {@code plan} producing values of {@code connect}.
   *
   * @param reader the reader schema the plan resolves to
   * @throws UnsupportedSchemaException for shapes the direct paths leave to the generic path
   */
  static GeneratedSource generate(ReadPlan plan, Schema reader, org.apache.kafka.connect.data.Schema connect,
      AvroDataSettings settings) {
    return new ConnectReaderGenerator(settings).generate(plan, reader, connect);
  }

  private GeneratedSource generate(ReadPlan root, Schema reader, org.apache.kafka.connect.data.Schema connect) {
    String rootExpression = expression(root, connect, reader);
    methods.drain(this::emitMethod);
    String simpleName = "KavroConnectReader" + CLASS_COUNTER.incrementAndGet();
    SourceWriter src = new SourceWriter();
    src.line("package " + PACKAGE + ";");
    src.line("");
    for (String type : List.of("java.io.IOException", "java.util.ArrayList", "java.util.HashMap",
        "org.apache.avro.Schema", "org.apache.avro.io.Decoder", "dev.kavro.runtime.GeneratedReader",
        "dev.kavro.runtime.ReadSupport", "dev.kavro.connect.runtime.ConnectReadSupport",
        "dev.kavro.connect.runtime.ScalarFinish", "dev.kavro.connect.runtime.StructFiller")) {
      src.line("import " + type + ";");
    }
    src.line("");
    src.open("public final class " + simpleName + " extends GeneratedReader {");
    constants.emit(src, simpleName);
    src.open("public Object read(Object reuse, Decoder in) throws IOException {");
    src.line("return " + rootExpression + ";");
    src.close("}");
    src.append(methodSource);
    src.close("}");
    return new GeneratedSource(PACKAGE + "." + simpleName, src.toString(), constants.values());
  }

  /** A Java expression reading one value of {@code plan} as {@code connect}; {@code declared} as in the tree. */
  private String expression(ReadPlan plan, org.apache.kafka.connect.data.Schema connect, Schema declared) {
    if (ConnectShape.isGeneralUnion(connect)) {
      return method(new MethodKey(plan, connect, declared, Shape.GENERAL_UNION)) + "(in)";
    }
    return switch (plan.kind()) {
      case NULL -> "ReadSupport.readNull(in)";
      case BOOLEAN -> "Boolean.valueOf(in.readBoolean())";
      case INT -> intValue("in.readInt()", connect);
      case LONG -> longValue("in.readLong()", connect);
      case INT_TO_LONG -> longValue("(long) in.readInt()", connect);
      case FLOAT -> "Float.valueOf(in.readFloat())";
      case DOUBLE -> "Double.valueOf(in.readDouble())";
      case INT_TO_FLOAT -> "Float.valueOf((float) in.readInt())";
      case INT_TO_DOUBLE -> "Double.valueOf((double) in.readInt())";
      case LONG_TO_FLOAT -> "Float.valueOf((float) in.readLong())";
      case LONG_TO_DOUBLE -> "Double.valueOf((double) in.readLong())";
      case FLOAT_TO_DOUBLE -> "Double.valueOf((double) in.readFloat())";
      case STRING_UTF8, STRING_JAVA -> "in.readString()";
      case BYTES_TO_UTF8, BYTES_TO_STRING -> "ReadSupport.bytesToString(in)";
      case BYTES -> finish("ConnectReadSupport.readBytes(in)", connect);
      case STRING_TO_BYTES -> finish("ReadSupport.stringToBytes(in)", connect);
      case FIXED -> finish("ConnectReadSupport.readFixed(in, " + plan.reader().getFixedSize() + ")", connect);
      case ENUM -> "ReadSupport.enumValue(" + constants.ref(ConnectShape.enumSymbols((EnumPlan) plan), "Object[]")
          + ", in.readEnum(), " + avro(plan.writer()) + ")";
      case ERROR -> error((ErrorPlan) plan);
      case ARRAY, MAP, RECORD, UNION -> method(new MethodKey(plan, connect, declared, Shape.PLAIN)) + "(in)";
      case LOGICAL -> throw new UnsupportedSchemaException("logical conversions take the generic path");
    };
  }

  private String error(ErrorPlan plan) {
    return "ReadSupport.fail(" + constants.ref(plan.message(), "String") + ")";
  }

  private String intValue(String read, org.apache.kafka.connect.data.Schema connect) {
    return switch (connect.type()) {
      case INT8 -> "Byte.valueOf((byte) " + read + ")";
      case INT16 -> "Short.valueOf((short) " + read + ")";
      default -> finish("Integer.valueOf(" + read + ")", connect);
    };
  }

  private String longValue(String read, org.apache.kafka.connect.data.Schema connect) {
    return finish("Long.valueOf(" + read + ")", connect);
  }

  /** The raw value, or the value through the Connect schema's finish where it is not the identity. */
  private String finish(String raw, org.apache.kafka.connect.data.Schema connect) {
    if (ScalarFinish.isIdentity(connect)) {
      return raw;
    }
    ScalarFinish finish = ScalarFinish.of(connect, settings.extendedLogicalTypes());
    return constants.ref(finish, "ScalarFinish") + ".apply(" + raw + ")";
  }

  private String avro(Schema schema) {
    return constants.ref(schema, "Schema");
  }

  private String connectSchema(org.apache.kafka.connect.data.Schema schema) {
    return constants.ref(schema, CONNECT_SCHEMA);
  }

  private String field(Field field) {
    return constants.ref(field, FIELD);
  }

  private String method(MethodKey key) {
    return methods.nameFor(key);
  }

  private void emitMethod(MethodKey key) {
    String name = methods.nameOf(key);
    methodSource.open("private Object " + name + "(Decoder in) throws IOException {");
    if (key.shape == Shape.GENERAL_UNION) {
      emitGeneralUnion(key);
    } else if (key.shape == Shape.DEFAULT) {
      // A default's own decoder comes in as "in": the value is read from its pre-encoded bytes, afresh per record.
      methodSource.line("return " + expression(key.plan, key.connect, key.declared) + ";");
    } else {
      switch (key.plan.kind()) {
        case RECORD -> emitRecord(name, (RecordPlan) key.plan, key.connect);
        case ARRAY -> emitArray((ArrayPlan) key.plan, key.connect);
        case MAP -> emitMap((MapPlan) key.plan, key.connect);
        case UNION -> emitUnion((UnionPlan) key.plan, key.connect);
        default -> throw new IllegalStateException("No method for " + key.plan.kind());
      }
    }
    methodSource.close("}");
  }

  private void emitGeneralUnion(MethodKey key) {
    if (key.plan.kind() != ReadPlan.Kind.UNION) {
      methodSource.line("return " + unionBranch(key.plan, key.connect, key.declared) + ";");
      return;
    }
    List<ReadPlan> branches = ((UnionPlan) key.plan).branches();
    methodSource.line("int b = in.readIndex();");
    methodSource.open("switch (b) {");
    for (int i = 0; i < branches.size(); i++) {
      methodSource.line("case " + i + ": return " + unionBranch(branches.get(i), key.connect, key.plan.reader())
          + ";");
    }
    methodSource.line("default: throw ReadSupport.badUnionIndex(b, " + branches.size() + ");");
    methodSource.close("}");
  }

  private String unionBranch(ReadPlan branch, org.apache.kafka.connect.data.Schema connect, Schema readerUnion) {
    if (branch.kind() == ReadPlan.Kind.NULL) {
      return "ReadSupport.readNull(in)";
    }
    if (branch.kind() == ReadPlan.Kind.ERROR) {
      return error((ErrorPlan) branch);
    }
    Field field = ConnectShape.unionField(branch, connect, readerUnion, settings);
    return "StructFiller.union(" + connectSchema(connect) + ", " + field(field) + ", "
        + expression(branch, field.schema(), branch.reader()) + ")";
  }

  private void emitRecord(String name, RecordPlan plan, org.apache.kafka.connect.data.Schema connect) {
    methodSource.line(STRUCT + " s = new " + STRUCT + "(" + connectSchema(connect) + ");");
    methodSource.line("Object[] v = StructFiller.values(s);");
    List<List<String>> chunks = StatementChunks.split(recordStatements(plan, connect));
    if (chunks.size() == 1) {
      chunks.get(0).forEach(methodSource::line);
    } else {
      for (int c = 0; c < chunks.size(); c++) {
        methodSource.line(name + "_" + c + "(s, v, in);");
      }
    }
    methodSource.line("return s;");
    if (chunks.size() > 1) {
      methodSource.close("}");
      for (int c = 0; c < chunks.size(); c++) {
        methodSource.open("private void " + name + "_" + c + "(" + STRUCT + " s, Object[] v, Decoder in)"
            + " throws IOException {");
        chunks.get(c).forEach(methodSource::line);
        if (c < chunks.size() - 1) {
          methodSource.close("}");
        }
      }
    }
  }

  private List<String> recordStatements(RecordPlan plan, org.apache.kafka.connect.data.Schema connect) {
    List<Field> fields = connect.fields();
    List<Schema.Field> readerFields = plan.reader().getFields();
    List<String> statements = new ArrayList<>();
    for (RecordPlan.FieldStep step : plan.fields()) {
      if (step.isSkip()) {
        String skip = SkipStatements.of(step.skipSchema(), this::avro);
        if (!skip.isEmpty()) {
          statements.add(skip);
        }
      } else {
        Field field = fields.get(step.readerPos());
        statements.add(put(field, expression(step.plan(), field.schema(),
            readerFields.get(step.readerPos()).schema())));
      }
    }
    for (DefaultStep step : plan.defaults()) {
      Field field = fields.get(step.pos());
      statements.add(put(field, defaultValue(plan, step, field)));
    }
    return statements;
  }

  /** Positional where possible; a null goes through Struct.put, which fails on a required field as before. */
  private String put(Field field, String value) {
    return "StructFiller.put(s, v, " + field(field) + ", " + value + ");";
  }

  private String defaultValue(RecordPlan plan, DefaultStep step, Field field) {
    return switch (ConnectShape.defaultKind(step, field.schema())) {
      case CONSTANT -> {
        Object value = ConnectShape.constantDefault(plan, step, field, settings);
        yield value == null ? "null"
            : "ConnectReadSupport.freshDefault(" + constants.ref(value, "Object") + ")";
      }
      case EMPTY_LIST -> "new ArrayList()";
      case EMPTY_MAP -> "new HashMap()";
      case DECODE -> method(new MethodKey(step.plan(), field.schema(), step.plan().reader(), Shape.DEFAULT))
          + "(ReadSupport.defaultDecoder(" + constants.ref(step.encoded(), "byte[]") + "))";
    };
  }

  private void emitArray(ArrayPlan plan, org.apache.kafka.connect.data.Schema connect) {
    Schema elementType = ConnectShape.checkedElementType(plan);
    // The element size is computed once, by the plan (at least one byte: checkedElementType refuses zero-byte ones).
    String check = "ReadSupport.checkArrayBlock(in, n, " + plan.minElementBytes() + ");";
    methodSource.line("long n = in.readArrayStart();");
    methodSource.line(check);
    boolean entries = connect.type() == org.apache.kafka.connect.data.Schema.Type.MAP;
    methodSource.line(entries ? "HashMap m = ConnectReadSupport.newMap(n);"
        : "ArrayList a = ConnectReadSupport.newList(n);");
    methodSource.open("while (n > 0) {");
    methodSource.open("for (long i = 0; i < n; i++) {");
    if (entries) {
      RecordPlan entry = ConnectShape.mapEntry(plan, connect);
      int keyPos = entry.reader().getField("key").pos();
      methodSource.line("Object k = null;");
      methodSource.line("Object v = null;");
      for (RecordPlan.FieldStep step : entry.fields()) {
        boolean isKey = step.readerPos() == keyPos;
        Schema declared = entry.reader().getFields().get(step.readerPos()).schema();
        methodSource.line((isKey ? "k = " : "v = ") + expression(step.plan(),
            isKey ? connect.keySchema() : connect.valueSchema(), declared) + ";");
      }
      methodSource.line("m.put(k, v);");
    } else {
      methodSource.line("a.add(" + expression(plan.element(), connect.valueSchema(), elementType) + ");");
    }
    methodSource.close("}");
    methodSource.line("n = in.arrayNext();");
    methodSource.line(check);
    methodSource.close("}");
    methodSource.line(entries ? "return m;" : "return a;");
  }

  private void emitMap(MapPlan plan, org.apache.kafka.connect.data.Schema connect) {
    methodSource.line("long n = in.readMapStart();");
    methodSource.line("ReadSupport.checkMapBlock(in, n);");
    methodSource.line("HashMap m = ConnectReadSupport.newMap(n);");
    methodSource.open("while (n > 0) {");
    methodSource.open("for (long i = 0; i < n; i++) {");
    methodSource.line("String k = in.readString();");
    methodSource.line("m.put(k, " + expression(plan.value(), connect.valueSchema(), plan.reader().getValueType())
        + ");");
    methodSource.close("}");
    methodSource.line("n = in.mapNext();");
    methodSource.line("ReadSupport.checkMapBlock(in, n);");
    methodSource.close("}");
    methodSource.line("return m;");
  }

  private void emitUnion(UnionPlan plan, org.apache.kafka.connect.data.Schema connect) {
    List<ReadPlan> branches = plan.branches();
    methodSource.line("int b = in.readIndex();");
    methodSource.open("switch (b) {");
    for (int i = 0; i < branches.size(); i++) {
      ReadPlan branch = branches.get(i);
      methodSource.line("case " + i + ": return " + expression(branch, connect, branch.reader()) + ";");
    }
    methodSource.line("default: throw ReadSupport.badUnionIndex(b, " + branches.size() + ");");
    methodSource.close("}");
  }

  private enum Shape { PLAIN, GENERAL_UNION, DEFAULT }

  /** One generated method: plan node and Connect schema by identity (records may recur), and the method's shape. */
  private record MethodKey(ReadPlan plan, org.apache.kafka.connect.data.Schema connect, Schema declared,
      Shape shape) {
    @Override
    public boolean equals(Object o) {
      return o instanceof MethodKey k && k.plan == plan && k.connect == connect && k.declared == declared
          && k.shape == shape;
    }

    @Override
    public int hashCode() {
      return (System.identityHashCode(plan) * 31 + System.identityHashCode(connect)) * 31
          + System.identityHashCode(declared) + shape.ordinal();
    }
  }
}
