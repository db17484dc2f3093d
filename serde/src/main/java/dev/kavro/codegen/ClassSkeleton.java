package dev.kavro.codegen;

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

  /** Opens a private method; {@code signature} is what stands before "throws", as "Object m0(Object old, Decoder in)". */
  void openMethod(String signature) {
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
   * {@link StatementChunks}), writes calls to chunk methods {@code name_0, name_1, ...} instead, each taking
   * {@code parameters} (declarations, as "IndexedRecord r") and written after {@code name} closes.
   */
  void statements(String name, List<String> parameters, List<String> statements) {
    List<List<String>> chunks = StatementChunks.split(statements);
    if (chunks.size() == 1) {
      chunks.get(0).forEach(methods::line);
      return;
    }
    String declared = String.join(", ", parameters);
    String passed = String.join(", ", parameters.stream().map(ClassSkeleton::parameterName).toList());
    for (int c = 0; c < chunks.size(); c++) {
      methods.line(name + "_" + c + "(" + passed + ");");
      chunkMethods.open("private void " + name + "_" + c + "(" + declared + ") throws IOException {");
      chunks.get(c).forEach(chunkMethods::line);
      chunkMethods.close("}");
    }
  }

  private static String parameterName(String declaration) {
    return declaration.substring(declaration.lastIndexOf(' ') + 1);
  }

  /**
   * The whole class: package, imports, the class declaration, the constants' fields and constructor, the public
   * {@code entry} method (the base class's abstract method, written from indentation 0) and the private methods.
   */
  GeneratedSource finish(SourceWriter entry) {
    SourceWriter src = new SourceWriter();
    src.line("package " + PACKAGE + ";");
    src.line("");
    for (String type : imports) {
      src.line("import " + type + ";");
    }
    src.line("");
    src.open("public final class " + simpleName + " extends " + superclass + " {");
    constants.emit(src, simpleName);
    src.append(entry);
    src.append(methods);
    src.close("}");
    return new GeneratedSource(PACKAGE + "." + simpleName, src.toString(), constants.values());
  }
}
