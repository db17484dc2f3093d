package dev.kavro.codegen;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;

/**
 * Turns a schema into the source of a {@code GeneratedWriter} that writes exactly what {@code GenericDatumWriter}
 * (model {@link GenericData}) or {@code SpecificDatumWriter} (model {@link SpecificData}) writes: one method per
 * record, array, map and union, with large records split so that no method outgrows what the JIT compiles.
 *
 * <p>The source stays inside Janino's subset and holds only synthetic names and numeric literals; schemas, logical
 * types, the model and the vanilla writers used for rare paths reach the class as constants. No class named by the
 * schema ({@code java-class} and the like) is loaded or referenced.
 */
public final class WriterGenerator {
  private static final List<String> IMPORTS = List.of("java.io.IOException", "java.nio.ByteBuffer",
      "java.util.Collection", "java.util.Iterator", "java.util.Map", "org.apache.avro.LogicalType",
      "org.apache.avro.Schema", "org.apache.avro.generic.GenericData", "org.apache.avro.generic.GenericFixed",
      "org.apache.avro.generic.IndexedRecord", "org.apache.avro.io.DatumWriter", "org.apache.avro.io.Encoder",
      "org.apache.avro.util.Utf8", "dev.kavro.runtime.GeneratedWriter", "dev.kavro.runtime.WriteSupport");

  private final ClassSkeleton skeleton = new ClassSkeleton("KavroWriter", "GeneratedWriter", IMPORTS);
  /**
   * Method per schema, by equality: the 80 {@code ["null","string"]} unions of a wide record share one method. Equal
   * schemas (props and logical types included) write alike, and Avro's equals and hashCode terminate on recursion.
   */
  private final MethodQueue<Schema> methods = new MethodQueue<>("w", new HashMap<>());
  private final Constants constants = skeleton.constants();
  private final SourceWriter methodSource = skeleton.methodBody();
  private final GenericData model;
  private final boolean specific;
  private final String data;
  private DatumWriter<Object> stringWriter;

  private WriterGenerator(GenericData model) {
    this.model = model;
    this.specific = model.getClass() == SpecificData.class;
    this.data = constants.ref(model, "GenericData");
  }

  /** Whether {@code model} is one the generator mirrors exactly: {@link GenericData} or {@link SpecificData}. */
  public static boolean supports(GenericData model) {
    return model.getClass() == GenericData.class || model.getClass() == SpecificData.class;
  }

  /**
   * Generates a writer class for {@code schema} in the data model {@code model}.
   *
   * @throws IllegalArgumentException if {@code model} is not exactly {@link GenericData} or {@link SpecificData}
   */
  public static GeneratedSource generate(Schema schema, GenericData model) {
    if (!supports(model)) {
      throw new IllegalArgumentException("Kavro compiles writers for GenericData and SpecificData only, not "
          + model.getClass().getName());
    }
    return new WriterGenerator(model).generate(schema);
  }

  private GeneratedSource generate(Schema root) {
    String rootStatement = write(root, "datum", true);
    methods.drain(this::emitMethod);
    SourceWriter write = new SourceWriter();
    write.open("public void write(Object datum, Encoder out) throws IOException {");
    write.line("WriteSupport.requireEncoder(out);");
    write.statement(rootStatement);
    write.close("}");
    return skeleton.finish(write);
  }

  /**
   * A statement that writes the value of the Java expression {@code value} as {@code schema}. With {@code convert},
   * a logical type is first converted with the model's conversion for the value's class, as
   * {@code GenericDatumWriter.write} does; without, the value is already raw ({@code writeWithoutConversion}).
   * The expression is evaluated exactly once.
   */
  private String write(Schema schema, String value, boolean convert) {
    String raw = value;
    if (convert && schema.getLogicalType() != null) {
      raw = "WriteSupport.convert(" + data + ", " + value + ", " + schema(schema) + ", "
          + constants.ref(schema.getLogicalType(), "LogicalType") + ")";
    }
    return switch (schema.getType()) {
      // Vanilla Avro writes nothing for null and never looks at the value.
      case NULL -> "out.writeNull();";
      case BOOLEAN -> "out.writeBoolean(((Boolean) " + raw + ").booleanValue());";
      case INT -> "out.writeInt(((Number) " + raw + ").intValue());";
      case LONG -> "out.writeLong(((Number) " + raw + ").longValue());";
      case FLOAT -> "out.writeFloat(((Number) " + raw + ").floatValue());";
      case DOUBLE -> "out.writeDouble(((Number) " + raw + ").doubleValue());";
      case STRING -> specific
          ? "WriteSupport.writeSpecificString(" + stringWriter() + ", " + raw + ", out);"
          : "out.writeString((CharSequence) " + raw + ");";
      case BYTES -> "out.writeBytes((ByteBuffer) " + raw + ");";
      case FIXED -> "WriteSupport.writeFixed(out, " + raw + ", " + schema(schema) + ");";
      case ENUM -> "out.writeEnum(WriteSupport." + (specific ? "specificEnumOrdinal(" : "genericEnumOrdinal(")
          + schema(schema) + ", " + raw + "));";
      case RECORD -> writesNothing(schema) ? evaluated(raw) : method(schema) + "(" + raw + ", out);";
      case ARRAY, MAP, UNION -> method(schema) + "(" + raw + ", out);";
    };
  }

  /**
   * Whether a record is written as nothing at all: a record without fields, unless the specific model may let it
   * encode itself. Vanilla Avro never touches the datum of such a record, so no method is written for it.
   */
  private boolean writesNothing(Schema record) {
    return !specific && record.getFields().isEmpty();
  }

  /**
   * A statement that only evaluates {@code value} (a field's getter, a logical type's conversion), as vanilla Avro does
   * before it writes nothing; none for a plain variable.
   */
  private static String evaluated(String value) {
    return value.matches("\\w+") ? "" : value + "; // a record without fields";
  }

  private String schema(Schema schema) {
    return constants.ref(schema, "Schema");
  }

  /** Vanilla Avro's writer for one plain string: the specific model's rare path for non-CharSequence values. */
  private String stringWriter() {
    if (stringWriter == null) {
      stringWriter = new SpecificDatumWriter<>(Schema.create(Schema.Type.STRING), (SpecificData) model);
    }
    return constants.ref(stringWriter, "DatumWriter");
  }

  /** The name of the method that writes {@code schema}; queued on first use, so recursive records terminate. */
  private String method(Schema schema) {
    return methods.nameFor(schema);
  }

  private void emitMethod(Schema schema) {
    String name = methods.nameOf(schema);
    String kind = schema.getType().getName();
    skeleton.openMethod(schema.getType() == Schema.Type.UNION ? "union of " + schema.getTypes().size() + " branches"
        : kind, "void " + name + "(Object datum, Encoder out)");
    switch (schema.getType()) {
      case RECORD -> emitRecord(name, schema);
      case ARRAY -> emitArray(schema);
      case MAP -> emitMap(schema);
      case UNION -> emitUnion(schema);
      default -> throw new IllegalStateException("No method for " + schema.getType());
    }
    skeleton.closeMethod();
  }

  private void emitRecord(String name, Schema schema) {
    if (specific) {
      // SpecificDatumWriter lets a record with custom coders encode itself when the model asks for it.
      GenericDatumWriter<Object> vanilla = new SpecificDatumWriter<>(schema, (SpecificData) model);
      methodSource.open("if (WriteSupport.usesCustomCoders(" + data + ", datum)) {");
      methodSource.line(constants.ref(vanilla, "DatumWriter") + ".write(datum, out);");
      methodSource.line("return;");
      methodSource.close("}");
    }
    if (schema.getFields().isEmpty()) {
      return; // vanilla Avro never touches the datum of an empty record
    }
    methodSource.line("IndexedRecord r = (IndexedRecord) datum;");
    skeleton.statements(name, List.of("IndexedRecord r", "Encoder out"), fieldStatements(schema));
  }

  private List<String> fieldStatements(Schema schema) {
    List<String> statements = new ArrayList<>();
    for (Schema.Field field : schema.getFields()) {
      Schema type = field.schema();
      int pos = field.pos();
      if (specific && type.getLogicalType() != null) {
        String value = "WriteSupport.specificFieldValue(" + data + ", r, " + pos + ", " + schema(type) + ", "
            + constants.ref(type.getLogicalType(), "LogicalType") + ")";
        statements.add(write(type, value, false));
      } else {
        statements.add(write(type, "r.get(" + pos + ")", true));
      }
    }
    return statements;
  }

  private void emitArray(Schema schema) {
    methodSource.line("Collection c = (Collection) datum;");
    methodSource.line("long size = c.size();");
    methodSource.line("long written = 0;");
    methodSource.line("out.writeArrayStart();");
    methodSource.line("out.setItemCount(size);");
    String element = write(schema.getElementType(), "e", true);
    // Avro's own array, by index: what its iterator does (hasNext is index < size(), next is get(index++)) without the
    // iterator, and with an int loop C2 treats as counted.
    methodSource.open("if (c.getClass() == GenericData.Array.class) {");
    methodSource.line("GenericData.Array a = (GenericData.Array) c;");
    methodSource.open("for (int i = 0; i < a.size(); i++) {");
    methodSource.line("out.startItem();");
    methodSource.line("Object e = a.get(i);");
    methodSource.statement(element);
    methodSource.line("written++;");
    methodSource.close("}");
    methodSource.middle("} else {");
    methodSource.open("for (Iterator it = c.iterator(); it.hasNext();) {");
    methodSource.line("out.startItem();");
    methodSource.line("Object e = it.next();");
    methodSource.statement(element);
    methodSource.line("written++;");
    methodSource.close("}");
    methodSource.close("}");
    methodSource.line("out.writeArrayEnd();");
    methodSource.line("WriteSupport.checkWrittenSize(size, written, true);");
  }

  private void emitMap(Schema schema) {
    methodSource.line("Map m = (Map) datum;");
    methodSource.line("int size = m.size();");
    methodSource.line("int written = 0;");
    methodSource.line("out.writeMapStart();");
    methodSource.line("out.setItemCount(size);");
    methodSource.open("for (Iterator it = m.entrySet().iterator(); it.hasNext();) {");
    methodSource.line("Map.Entry e = (Map.Entry) it.next();");
    methodSource.line("out.startItem();");
    methodSource.line("WriteSupport.writeMapKey(out, e.getKey());");
    methodSource.statement(write(schema.getValueType(), "e.getValue()", true));
    methodSource.line("written++;");
    methodSource.close("}");
    methodSource.line("out.writeMapEnd();");
    methodSource.line("WriteSupport.checkWrittenSize(size, written, false);");
  }

  private void emitUnion(Schema schema) {
    List<Schema> branches = schema.getTypes();
    Integer nullIndex = schema.getIndexNamed(Schema.Type.NULL.getName());
    // For null, GenericData.resolveUnion always answers the null branch; skip its lookups on that common path.
    String resolve = data + ".resolveUnion(" + schema(schema) + ", datum)";
    List<String> fastBranches = fastUnionBranches(branches);
    if (fastBranches.isEmpty()) {
      methodSource.line("int b = " + (nullIndex == null ? resolve : "datum == null ? " + nullIndex + " : " + resolve)
          + ";");
    } else {
      methodSource.line("int b;");
      if (nullIndex != null) {
        methodSource.line("if (datum == null) b = " + nullIndex + ";");
      }
      String orElse = nullIndex != null ? "else " : "";
      for (String branch : fastBranches) {
        methodSource.line(orElse + branch);
        orElse = "else ";
      }
      methodSource.line("else b = " + resolve + ";");
    }
    methodSource.line("out.writeIndex(b);");
    methodSource.open("switch (b) {");
    for (int i = 0; i < branches.size(); i++) {
      methodSource.line("case " + i + ": " + write(branches.get(i), "datum", true) + " return;");
    }
    methodSource.line("default: throw new IllegalStateException();");
    methodSource.close("}");
  }

  /**
   * Branch choices that skip {@code resolveUnion}'s map lookups where its answer is known from the datum's class: a
   * boxed primitive, {@code String} or {@code Utf8} always takes the branch of its type, and a record whose schema is
   * the branch's own schema object takes that branch (resolveUnion looks the record's full name up). Only unions
   * without logical types qualify, as a model conversion for the datum's class would otherwise come first. Anything
   * else still goes through {@code resolveUnion}, with its errors. Each entry is one {@code if (...) b = i;}.
   */
  private List<String> fastUnionBranches(List<Schema> branches) {
    List<String> fast = new ArrayList<>();
    for (Schema branch : branches) {
      if (branch.getLogicalType() != null) {
        return List.of();
      }
    }
    for (int i = 0; i < branches.size(); i++) {
      Schema branch = branches.get(i);
      String test = switch (branch.getType()) {
        case STRING -> "datum.getClass() == String.class || datum.getClass() == Utf8.class";
        case INT -> "datum.getClass() == Integer.class";
        case LONG -> "datum.getClass() == Long.class";
        case FLOAT -> "datum.getClass() == Float.class";
        case DOUBLE -> "datum.getClass() == Double.class";
        case BOOLEAN -> "datum.getClass() == Boolean.class";
        case RECORD -> "datum instanceof IndexedRecord && ((IndexedRecord) datum).getSchema() == " + schema(branch);
        default -> null;
      };
      if (test != null) {
        fast.add("if (" + test + ") b = " + i + ";");
      }
    }
    return fast;
  }
}
