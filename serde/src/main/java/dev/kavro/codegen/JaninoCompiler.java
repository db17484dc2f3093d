package dev.kavro.codegen;

import java.io.StringReader;
import org.codehaus.janino.SimpleCompiler;

/**
 * Compiles with Janino: a new compiler per class (compilers are single-use and not thread-safe), an explicit parent
 * loader, and debugging information so stack traces through generated code carry line numbers.
 *
 * <p>Each class gets its own class loader, so evicting the reader that holds it lets the class unload.
 */
public final class JaninoCompiler implements ClassCompiler {
  private final ClassLoader parent;

  /**
   * @param parent sees Avro and {@code dev.kavro.runtime}; generated code names no other classes
   */
  public JaninoCompiler(ClassLoader parent) {
    this.parent = parent;
  }

  @Override
  public Class<?> compile(GeneratedSource source) throws Exception {
    SimpleCompiler compiler = new SimpleCompiler();
    compiler.setParentClassLoader(parent);
    compiler.setDebuggingInformation(true, true, false);
    String simpleName = source.className().substring(source.className().lastIndexOf('.') + 1);
    compiler.cook(simpleName + ".java", new StringReader(source.source()));
    return compiler.getClassLoader().loadClass(source.className());
  }
}
