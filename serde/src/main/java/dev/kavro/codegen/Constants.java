package dev.kavro.codegen;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The objects a generated class needs (schemas, enum tables, defaults, conversions, messages), passed in as data
 * rather than written into source: schema text never becomes Java code. Each constant becomes a field {@code kN}
 * assigned from the constructor's array, in chunks so that no initializer method grows past the JVM's limits.
 * Not thread-safe: one per generated class.
 */
final class Constants {
  private static final int FIELDS_PER_INIT_METHOD = 400;

  private final Map<Object, String> names = new IdentityHashMap<>();
  private final List<Object> values = new ArrayList<>();
  private final List<String> types = new ArrayList<>();

  /** The field name holding {@code value}, declared with {@code javaType}; one field per distinct instance. */
  public String ref(Object value, String javaType) {
    String known = names.get(value);
    if (known != null) {
      return known;
    }
    String name = "k" + values.size();
    names.put(value, name);
    values.add(value);
    types.add(javaType);
    return name;
  }

  public Object[] values() {
    return values.toArray();
  }

  /** Field declarations, the constructor taking {@code Object[]}, and its chunked initializers. */
  public void emit(SourceWriter src, String className) {
    for (int i = 0; i < values.size(); i++) {
      src.line("private " + types.get(i) + " k" + i + ";");
    }
    src.open("public " + className + "(Object[] k) {");
    int chunks = (values.size() + FIELDS_PER_INIT_METHOD - 1) / FIELDS_PER_INIT_METHOD;
    for (int c = 0; c < chunks; c++) {
      src.line("init" + c + "(k);");
    }
    src.close("}");
    for (int c = 0; c < chunks; c++) {
      src.open("private void init" + c + "(Object[] k) {");
      int end = Math.min(values.size(), (c + 1) * FIELDS_PER_INIT_METHOD);
      for (int i = c * FIELDS_PER_INIT_METHOD; i < end; i++) {
        src.line("k" + i + " = (" + types.get(i) + ") k[" + i + "];");
      }
      src.close("}");
    }
  }
}
