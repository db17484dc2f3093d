package dev.kavro.codegen;

import dev.kavro.plan.ArrayPlan;
import dev.kavro.plan.DefaultStep;
import dev.kavro.plan.EnumPlan;
import dev.kavro.plan.ErrorPlan;
import dev.kavro.plan.LogicalPlan;
import dev.kavro.plan.MapPlan;
import dev.kavro.plan.Nullable;
import dev.kavro.plan.PlanCycles;
import dev.kavro.plan.ReadPlan;
import dev.kavro.plan.RecordPlan;
import dev.kavro.plan.UnionPlan;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;

/**
 * Turns a {@link ReadPlan} into the source of a {@code GeneratedReader}: straight-line code, one method per record,
 * array, map and union, with large records split so that no method outgrows what the JIT compiles.
 *
 * <p>The source stays inside Janino's subset (no generics, lambdas or diamonds) and holds only synthetic names and
 * numeric literals. Every schema-derived value reaches the class as a constant.
 */
public final class ReaderGenerator {
  /** Records of at most this many fields are read inside their array's loop (see {@link #inlinedRecord}). */
  private static final int MAX_INLINED_FIELDS = 16;
  private static final List<String> IMPORTS = List.of("java.io.IOException", "java.util.HashMap", "java.util.List",
      "org.apache.avro.Conversion", "org.apache.avro.Schema", "org.apache.avro.generic.GenericData",
      "org.apache.avro.generic.IndexedRecord", "org.apache.avro.io.Decoder", "org.apache.avro.util.Utf8",
      "dev.kavro.runtime.FieldRuns", "dev.kavro.runtime.GeneratedReader", "dev.kavro.runtime.ReadSupport");

  private final ClassSkeleton skeleton = new ClassSkeleton("KavroReader", "GeneratedReader", IMPORTS);
  private final MethodQueue<MethodKey> methods = new MethodQueue<>("m", new HashMap<>());
  private final Map<ReadPlan, String> enumTables = new IdentityHashMap<>();
  private final PlanShapes shapes = new PlanShapes();
  private final Constants constants = skeleton.constants();
  private final SourceWriter methodSource = skeleton.methodBody();
  private final String data;
  private final int minRun;
  /** Whether records and arrays count their nesting (a recursive plan; see {@code NestingLimit}). */
  private boolean counted;

  private ReaderGenerator(GenericData model, int minRun) {
    this.data = constants.ref(model, "GenericData");
    this.minRun = minRun;
  }

  /**
   * Generates a reader class for {@code plan} in the data model {@code model}; large plans read their generic records'
   * simple fields through {@code FieldRuns} (see {@link FieldRunOps} for why).
   */
  public static GeneratedSource generate(ReadPlan plan, GenericData model) {
    return generate(plan, model, FieldRunOps.worthwhile(plan) ? FieldRunOps.MIN_RUN : Integer.MAX_VALUE);
  }

  /**
   * As {@link #generate(ReadPlan, GenericData)}, with stretches of at least {@code minRun} run-able fields read
   * through {@code FieldRuns} whatever the plan's size ({@code Integer.MAX_VALUE}: never). For tests.
   */
  static GeneratedSource generate(ReadPlan plan, GenericData model, int minRun) {
    return new ReaderGenerator(model, minRun).generate(plan);
  }

  private GeneratedSource generate(ReadPlan root) {
    counted = PlanCycles.isRecursive(root);
    String reuseExpression = expression(root, "reuse");
    String freshExpression = expression(root, "null");
    methods.drain(this::emitMethod);
    SourceWriter read = new SourceWriter();
    read.open("public Object read(Object reuse, Decoder in) throws IOException {");
    if (counted) {
      read.line("ReadSupport.startCountedRead(in);");
    }
    if (!freshExpression.equals(reuseExpression)) {
      read.open("if (reuse == null) {");
      read.line("return " + freshExpression + ";");
      read.close("}");
    }
    read.line("return " + reuseExpression + ";");
    read.close("}");
    return skeleton.finish(read);
  }

  /** A Java expression that reads one value of {@code plan}; {@code old} is the expression for the value to reuse. */
  private String expression(ReadPlan plan, String old) {
    return switch (plan.kind()) {
      case NULL -> "ReadSupport.readNull(in)";
      case BOOLEAN -> "(in.readBoolean() ? Boolean.TRUE : Boolean.FALSE)";
      case INT -> "Integer.valueOf(in.readInt())";
      case LONG -> "Long.valueOf(in.readLong())";
      case FLOAT -> "Float.valueOf(in.readFloat())";
      case DOUBLE -> "Double.valueOf(in.readDouble())";
      case STRING_UTF8 -> "ReadSupport.readUtf8(in, " + old + ")";
      case STRING_JAVA -> "in.readString()";
      case BYTES -> "ReadSupport.readBytes(in, " + old + ")";
      case FIXED -> "ReadSupport.readFixed(" + data + ", " + old + ", " + schema(plan.reader()) + ", in)";
      case INT_TO_LONG -> "Long.valueOf((long) in.readInt())";
      case INT_TO_FLOAT -> "Float.valueOf((float) in.readInt())";
      case INT_TO_DOUBLE -> "Double.valueOf((double) in.readInt())";
      case LONG_TO_FLOAT -> "Float.valueOf((float) in.readLong())";
      case LONG_TO_DOUBLE -> "Double.valueOf((double) in.readLong())";
      case FLOAT_TO_DOUBLE -> "Double.valueOf((double) in.readFloat())";
      case STRING_TO_BYTES -> "ReadSupport.stringToBytes(in)";
      case BYTES_TO_UTF8 -> "ReadSupport.bytesToUtf8(in, " + old + ")";
      case BYTES_TO_STRING -> "ReadSupport.bytesToString(in)";
      case ENUM -> "ReadSupport.enumValue(" + enumTable((EnumPlan) plan) + ", in.readEnum(), "
          + schema(plan.writer()) + ")";
      case ERROR -> "ReadSupport.fail(" + constants.ref(((ErrorPlan) plan).message(), "String") + ")";
      case LOGICAL -> logical((LogicalPlan) plan, old);
      case UNION -> optional((UnionPlan) plan);
      case ARRAY, MAP, RECORD -> call(plan, old, "in");
    };
  }

  /**
   * A union of null and one other branch (the common optional field) reads inline; any other union gets a method
   * with a switch. Inline keeps a record of many optional fields one method instead of one call per field.
   */
  private String optional(UnionPlan plan) {
    Nullable<ReadPlan> optional = Nullable.of(plan);
    if (optional == null) {
      return call(plan, "null", "in");
    }
    return "(ReadSupport.isValueBranch(in, " + optional.valueBranch() + ") ? " + expression(optional.value(), "null")
        + " : null)";
  }

  private String logical(LogicalPlan plan, String old) {
    return "ReadSupport.convert(" + expression(plan.inner(), old) + ", " + schema(plan.reader()) + ", "
        + constants.ref(plan.conversion(), "Conversion") + ")";
  }

  private String schema(Schema schema) {
    return constants.ref(schema, "Schema");
  }

  private String enumTable(EnumPlan plan) {
    return enumTables.computeIfAbsent(plan, p -> constants.ref(plan.values(), "Object[]"));
  }

  /**
   * A call of the method that reads {@code plan}, given the expressions for the value to reuse and the decoder; the
   * method is queued for emission on first use, so recursion terminates. It takes only the arguments its body uses
   * (see {@link MethodKey}). Records and arrays have two methods: one that reuses {@code old}, and a fresh twin
   * ({@code old} is the literal {@code null}) that never looks for anything to reuse. Kafka deserializers always read
   * fresh values, and the reuse probes (the record's old fields, the array's old elements) cost them measurably
   * ({@code bench/results/design-measurements.md}); the two families share no JIT profile, so each stays tight.
   *
   * <p>Arrays, maps and unions of equal shape share one method (see {@link PlanShapes}): ten fields of maps of strings
   * are one method, not ten copies that each take their own JIT compilation and instruction-cache lines.
   */
  private String call(ReadPlan plan, String old, String in) {
    boolean reuses = plan.kind() == ReadPlan.Kind.RECORD || plan.kind() == ReadPlan.Kind.ARRAY;
    Object shape = shapes.of(plan);
    MethodKey key = new MethodKey(plan, shape == null ? plan : shape, reuses && old.equals("null"));
    return methods.nameFor(key) + "(" + String.join(", ", arguments(key, old, in)) + ")";
  }

  /** The arguments, or with types the parameters, of the method for {@code key}: those its body uses. */
  private List<String> arguments(MethodKey key, String old, String in) {
    List<String> arguments = new ArrayList<>(2);
    if (!key.fresh() && usesOld(key.plan())) {
      arguments.add(old);
    }
    if (readsWire(key.plan()) || counted && key.plan().kind() == ReadPlan.Kind.RECORD) {
      arguments.add(in);
    }
    return arguments;
  }

  /** Whether the code {@link #expression} writes for {@code plan} looks at the value to reuse. */
  private static boolean usesOld(ReadPlan plan) {
    return switch (plan.kind()) {
      case STRING_UTF8, BYTES, FIXED, BYTES_TO_UTF8, RECORD, ARRAY -> true;
      case LOGICAL -> usesOld(((LogicalPlan) plan).inner());
      default -> false;
    };
  }

  /**
   * Whether the code for {@code plan} reads the decoder: all but an error, and a record whose writer fields are all
   * errors, nulls skipped or such records (a record in a recursive plan still takes the decoder, to count its nesting).
   */
  private static boolean readsWire(ReadPlan plan) {
    return readsWire(plan, Collections.newSetFromMap(new IdentityHashMap<>()));
  }

  private static boolean readsWire(ReadPlan plan, Set<ReadPlan> records) {
    return switch (plan.kind()) {
      case ERROR -> false;
      case LOGICAL -> readsWire(((LogicalPlan) plan).inner(), records);
      // A record met again reads nothing more than it reads the first time.
      case RECORD -> records.add(plan) && ((RecordPlan) plan).fields().stream().anyMatch(step -> step.isSkip()
          ? step.skipSchema().getType() != Schema.Type.NULL : readsWire(step.plan(), records));
      default -> true;
    };
  }

  /**
   * A method to emit, for {@code plan} or any plan of the same {@code shape}: a plan itself (compared by identity, a
   * plan is one node) or a {@link PlanShapes} key (compared by equals). {@code fresh} marks the fresh twin of a
   * record or array method.
   */
  record MethodKey(ReadPlan plan, Object shape, boolean fresh) {
    @Override
    public boolean equals(Object o) {
      return o instanceof MethodKey other && other.fresh == fresh
          && (shape instanceof ReadPlan ? other.shape == shape : shape.equals(other.shape));
    }

    @Override
    public int hashCode() {
      int hash = shape instanceof ReadPlan ? System.identityHashCode(shape) : shape.hashCode();
      return hash * 2 + (fresh ? 1 : 0);
    }

    /** The other method of a record or array (fresh or reusing), or null for other plans. */
    MethodKey twin() {
      boolean twinned = plan.kind() == ReadPlan.Kind.RECORD || plan.kind() == ReadPlan.Kind.ARRAY;
      return twinned ? new MethodKey(plan, shape, !fresh) : null;
    }
  }

  private void emitMethod(MethodKey key) {
    ReadPlan plan = key.plan();
    String name = methods.nameOf(key);
    String parameters = String.join(", ", arguments(key, "Object old", "Decoder in"));
    skeleton.openMethod(purpose(key), "Object " + name + "(" + parameters + ")");
    switch (plan.kind()) {
      case RECORD -> emitRecord(name, (RecordPlan) plan, key.fresh());
      case ARRAY -> emitArray((ArrayPlan) plan, key.fresh());
      case MAP -> emitMap((MapPlan) plan);
      case UNION -> emitUnion((UnionPlan) plan);
      default -> methodSource.line("return " + expression(plan, "old") + ";");
    }
    skeleton.closeMethod();
  }

  /** What a method does, for the comment above it: the kind of value and, for twins, fresh or reusing. */
  private static String purpose(MethodKey key) {
    String kind = key.plan().kind().name().toLowerCase(Locale.ROOT);
    if (key.twin() != null) {
      return kind + (key.fresh() ? ", fresh values" : ", reusing old values");
    }
    return key.plan().kind() == ReadPlan.Kind.UNION
        ? "union of " + ((UnionPlan) key.plan()).branches().size() + " writer branches" : kind;
  }

  private void emitRecord(String name, RecordPlan plan, boolean fresh) {
    String recordType = plan.genericRecords() ? "GenericData.Record" : "IndexedRecord";
    enterLevel(methodSource::line);
    methodSource.line(newRecord(plan, fresh ? "null" : "old"));
    skeleton.statements(name, List.of(recordType + " r", "Decoder in"), recordStatements(plan, fresh));
    exitLevel(methodSource::line);
    methodSource.line("return r;");
  }

  /** Declares {@code r}: a new record, or {@code old} reused where the data model allows. */
  private String newRecord(RecordPlan plan, String old) {
    if (plan.genericRecords()) {
      return "GenericData.Record r = " + (old.equals("null") ? "new GenericData.Record("
          : "ReadSupport.newGenericRecord(" + old + ", ") + schema(plan.reader()) + ");";
    }
    return "IndexedRecord r = (IndexedRecord) " + constants.ref(plan.supplier(), "GenericData.InstanceSupplier")
        + ".newInstance(" + old + ", " + schema(plan.reader()) + ");";
  }

  private List<String> recordStatements(RecordPlan plan, boolean fresh) {
    List<String> statements = new ArrayList<>();
    List<RecordPlan.FieldStep> run = new ArrayList<>();
    List<RecordPlan.FieldStep> fields = plan.fields();
    for (int w = 0; w < fields.size(); w++) {
      RecordPlan.FieldStep step = fields.get(w);
      if (plan.genericRecords() && !step.isSkip() && FieldRunOps.op(step.plan()) >= 0) {
        run.add(step);
      } else {
        endRun(run, statements, fresh, w);
        addRead(statements, step, fresh, w);
      }
    }
    endRun(run, statements, fresh, fields.size());
    for (DefaultStep step : plan.defaults()) {
      statements.add("r.put(" + step.pos() + ", " + defaultValue(step, old(fresh, step.pos())) + "); // reader field "
          + step.pos() + " <- default");
    }
    return statements;
  }

  /**
   * Pending run-able fields, the writer's fields before {@code end}: one {@code FieldRuns} call when there are enough
   * of them, else straight-line reads.
   */
  private void endRun(List<RecordPlan.FieldStep> run, List<String> statements, boolean fresh, int end) {
    if (run.size() >= minRun) {
      int[] program = new int[run.size() * 2];
      for (int i = 0; i < run.size(); i++) {
        program[2 * i] = run.get(i).readerPos();
        program[2 * i + 1] = FieldRunOps.op(run.get(i).plan());
      }
      statements.add("FieldRuns.read(r, in, " + constants.ref(program, "int[]") + "); // writer fields "
          + (end - run.size()) + ".." + (end - 1));
    } else {
      for (int i = 0; i < run.size(); i++) {
        addRead(statements, run.get(i), fresh, end - run.size() + i);
      }
    }
    run.clear();
  }

  private void addRead(List<String> statements, RecordPlan.FieldStep step, boolean fresh, int writerField) {
    String statement = step.isSkip() ? SkipStatements.of(step.skipSchema(), this::schema) : readPut(step, fresh);
    if (!statement.isEmpty()) {
      statements.add(statement + " // writer field " + writerField
          + (step.isSkip() ? " skipped" : " -> reader field " + step.readerPos()));
    }
  }

  private String readPut(RecordPlan.FieldStep step, boolean fresh) {
    int pos = step.readerPos();
    String old = step.plan().reusesOldValue() ? old(fresh, pos) : "null";
    return "r.put(" + pos + ", " + expression(step.plan(), old) + ");";
  }

  /** The expression for a field's value to reuse: none in a fresh record. */
  private static String old(boolean fresh, int pos) {
    return fresh ? "null" : "r.get(" + pos + ")";
  }

  private String defaultValue(DefaultStep step, String old) {
    return switch (step.kind()) {
      case SHARED -> step.shared() == null ? "null" : constants.ref(step.shared(), "Object");
      case UTF8 -> "ReadSupport.utf8Default(" + old + ", " + constants.ref(step.shared(), "Utf8") + ")";
      case EMPTY_ARRAY -> "ReadSupport.emptyArrayDefault(" + data + ", " + old + ", "
          + schema(step.collectionSchema()) + ")";
      case EMPTY_MAP -> "ReadSupport.emptyMapDefault(" + data + ", " + old + ")";
      case DECODE -> call(step.plan(), old, "ReadSupport.defaultDecoder("
          + constants.ref(step.encoded(), "byte[]") + ")");
    };
  }

  /**
   * The statements that read a small record element straight inside its array's loop, declaring {@code r}; empty
   * for anything else. Why: whether HotSpot inlines a separate element method into the loop depends on which of the
   * two it happens to compile first (a callee already compiled big is not inlined), and organization.avsc read slower
   * in the forks where it did not ({@code bench/results/design-measurements.md}).
   */
  private List<String> inlinedRecord(ReadPlan element, String old, boolean fresh) {
    if (element.kind() != ReadPlan.Kind.RECORD) {
      return List.of();
    }
    RecordPlan record = (RecordPlan) element;
    // Decided on the plan first: generating statements registers their constants, which a rejection would strand
    // (still possible, rarely, when 16 fields outgrow one method).
    if (record.fields().size() + record.defaults().size() > MAX_INLINED_FIELDS) {
      return List.of();
    }
    List<String> statements = recordStatements(record, fresh);
    if (StatementChunks.split(statements).size() > 1) {
      return List.of();
    }
    List<String> lines = new ArrayList<>();
    enterLevel(lines::add);
    lines.add(newRecord(record, old));
    lines.addAll(statements);
    exitLevel(lines::add);
    return lines;
  }

  /** In a recursive plan, opens a nesting level (records and arrays; see {@code NestingLimit}). */
  private void enterLevel(java.util.function.Consumer<String> out) {
    if (counted) {
      out.accept("ReadSupport.enterLevel(in);");
    }
  }

  private void exitLevel(java.util.function.Consumer<String> out) {
    if (counted) {
      out.accept("ReadSupport.exitLevel(in);");
    }
  }

  private void emitArray(ArrayPlan plan, boolean fresh) {
    boolean zeroBytes = plan.minElementBytes() == 0;
    String check = "ReadSupport.checkArrayBlock(in, n, " + plan.minElementBytes() + ");";
    String old = plan.element().reusesOldValue() && !fresh ? "ReadSupport.peek(a)" : "null";
    List<String> inlined = inlinedRecord(plan.element(), old, fresh);
    enterLevel(methodSource::line);
    if (zeroBytes) {
      methodSource.line("ReadSupport.beginZeroByteArray();");
      methodSource.open("try {");
    }
    methodSource.line("long n = in.readArrayStart();");
    methodSource.line(check);
    methodSource.line("List a = ReadSupport.newArray(" + (fresh ? "null" : "old") + ", n, "
        + schema(shapes.arraySchema(plan.reader())) + ");");
    methodSource.open("while (n > 0) {");
    methodSource.open("for (long i = 0; i < n; i++) {");
    if (inlined.isEmpty()) {
      methodSource.line("a.add(" + expression(plan.element(), old) + ");");
    } else {
      inlined.forEach(methodSource::line);
      methodSource.line("a.add(r);");
    }
    methodSource.close("}");
    methodSource.line("n = in.arrayNext();");
    methodSource.line(check);
    methodSource.close("}");
    exitLevel(methodSource::line);
    methodSource.line("return a;");
    if (zeroBytes) {
      methodSource.middle("} finally {");
      methodSource.line("ReadSupport.endZeroByteArray();");
      methodSource.close("}");
    }
  }

  private void emitMap(MapPlan plan) {
    String key = plan.javaStringKeys() ? "in.readString()" : "in.readString(null)";
    methodSource.line("HashMap m = new HashMap();");
    methodSource.line("long n = in.readMapStart();");
    methodSource.line("ReadSupport.checkMapBlock(in, n);");
    methodSource.open("while (n > 0) {");
    methodSource.open("for (long i = 0; i < n; i++) {");
    methodSource.line("Object k = " + key + ";");
    methodSource.line("m.put(k, " + expression(plan.value(), "null") + ");");
    methodSource.close("}");
    methodSource.line("n = in.mapNext();");
    methodSource.line("ReadSupport.checkMapBlock(in, n);");
    methodSource.close("}");
    methodSource.line("return m;");
  }

  private void emitUnion(UnionPlan plan) {
    List<ReadPlan> branches = plan.branches();
    methodSource.line("int b = in.readIndex();");
    methodSource.open("switch (b) {");
    for (int i = 0; i < branches.size(); i++) {
      methodSource.line("case " + i + ": return " + expression(branches.get(i), "null") + ";");
    }
    methodSource.line("default: throw ReadSupport.badUnionIndex(b, " + branches.size() + ");");
    methodSource.close("}");
  }
}
