package dev.kavro.codegen;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What every generated class shares, written in one place for {@link ReaderGenerator} and {@link WriterGenerator}:
 * the package, a synthetic class name, the imports, the constants passed in as data, the private methods, and the
 * splitting of a long method body into chunk methods the JIT still compiles. The generators supply the per-type code
 * only. Not thread-safe: one per generated class.
 */
final class ClassSkeleton {
  static final String PACKAGE = "dev.kavro.gen";
  private static final AtomicLong CLASS_COUNTER = new AtomicLong();

  private final String simpleName;
  private final String superclass;
  private final List<String> imports;
  private final Constants constants = new Constants();
  private final SourceWriter methods = new SourceWriter();
  /** The chunk methods of the method being written, written after it closes. */
  private final SourceWriter chunkMethods = new SourceWriter();

  /**
   * @param namePrefix the class's simple name before its counter ({@code KavroReader})
   * @param superclass the simple name of the runtime base class, which {@code imports} holds
   * @param imports the fully qualified types the generated code may name by their simple names
   */
  ClassSkeleton(String namePrefix, String superclass, List<String> imports) {
    this.simpleName = namePrefix + CLASS_COUNTER.incrementAndGet();
    this.superclass = superclass;
    this.imports = imports;
  }

  /** The constants the generated class's constructor takes (see {@link Constants}). */
  Constants constants() {
    return constants;
  }

  /** Where the generator writes the statements of the method it has opened. */
  SourceWriter methodBody() {
    return methods;
  }

  /**
   * Opens a private method below a comment saying what it does ({@code purpose}: positions and kinds only, never
   * schema text); {@code signature} is what stands before "throws", as "Object m0(Object old, Decoder in)".
   */
  void openMethod(String purpose, String signature) {
    methods.line("// " + purpose);
    methods.open("private " + signature + " throws IOException {");
  }

  /** Closes the open method and writes after it the chunk methods {@link #statements} gave it. */
  void closeMethod() {
    methods.close("}");
    methods.append(chunkMethods);
    chunkMethods.clear();
  }

  /**
   * Writes {@code statements} into the open method {@code name}; when they outgrow one method (see
   * {@link StatementChunks}), writes calls to chunk methods {@code name_0, name_1, ...} instead, written after
   * {@code name} closes. Each chunk method takes those of {@code parameters} (declarations, as "IndexedRecord r") that
   * its statements use.
   */
  void statements(String name, List<String> parameters, List<String> statements) {
    List<List<String>> chunks = StatementChunks.split(statements);
    if (chunks.size() == 1) {
      chunks.get(0).forEach(methods::line);
      return;
    }
    for (int c = 0; c < chunks.size(); c++) {
      String code = SourceText.code(String.join("\n", chunks.get(c)));
      List<String> declared = new ArrayList<>();
      List<String> passed = new ArrayList<>();
      for (String parameter : parameters) {
        String parameterName = parameter.substring(parameter.lastIndexOf(' ') + 1);
        if (SourceText.names(code, parameterName)) {
          declared.add(parameter);
          passed.add(parameterName);
        }
      }
      methods.line(name + "_" + c + "(" + String.join(", ", passed) + ");");
      chunkMethods.open("private void " + name + "_" + c + "(" + String.join(", ", declared)
          + ") throws IOException {");
      chunks.get(c).forEach(chunkMethods::line);
      chunkMethods.close("}");
    }
  }

  /**
   * The whole class: package, the imports its code uses, the class declaration, the constants' fields and
   * constructor, the public {@code entry} method (the base class's abstract method, written from indentation 0) and
   * the private methods.
   */
  GeneratedSource finish(SourceWriter entry) {
    SourceWriter body = new SourceWriter();
    body.open("public final class " + simpleName + " extends " + superclass + " {");
    constants.emit(body, simpleName);
    body.append(entry);
    body.append(methods);
    body.close("}");
    String code = SourceText.code(body.toString());
    SourceWriter src = new SourceWriter();
    src.line("package " + PACKAGE + ";");
    src.line("");
    for (String type : imports) {
      if (SourceText.names(code, type.substring(type.lastIndexOf('.') + 1))) {
        src.line("import " + type + ";");
      }
    }
    src.line("");
    src.append(body);
    return new GeneratedSource(PACKAGE + "." + simpleName, src.toString(), constants.values());
  }
}
