package dev.kavro.rules;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.cel.bundle.Cel;
import dev.cel.bundle.CelFactory;
import dev.cel.common.CelOptions;
import dev.cel.common.CelValidationException;
import dev.cel.common.types.SimpleType;
import dev.cel.extensions.CelExtensions;
import dev.cel.runtime.CelEvaluationException;
import dev.cel.runtime.CelRuntime;
import java.util.List;
import java.util.Map;

/**
 * Compiles and runs CEL expressions over a fixed set of variables, all declared {@code dyn} (the values are Avro
 * data converted by {@link CelValues}, so their shape is only known at run time). Compiled programs are cached per
 * expression; compiling is the expensive part.
 */
final class CelPrograms {
  private static final CelOptions OPTIONS =
      CelOptions.current().enableHeterogeneousNumericComparisons(true).build();

  private final Cel cel;
  private final Cache<String, Compiled> programs = Caffeine.newBuilder().maximumSize(1_000).build();

  CelPrograms(List<String> variables) {
    var builder = CelFactory.standardCelBuilder()
        .setOptions(OPTIONS)
        .addCompilerLibraries(CelExtensions.strings(), CelExtensions.math(OPTIONS), CelExtensions.encoders(OPTIONS))
        .addRuntimeLibraries(CelExtensions.strings(), CelExtensions.math(OPTIONS), CelExtensions.encoders(OPTIONS));
    for (String name : variables) {
      builder.addVar(name, SimpleType.DYN);
    }
    this.cel = builder.build();
  }

  /**
   * Evaluates {@code expr} with {@code variables}.
   *
   * @throws RuleException when the expression does not compile or fails at run time
   */
  Object eval(String expr, Map<String, Object> variables) throws RuleException {
    Compiled compiled = programs.get(expr, this::compile);
    if (compiled.error != null) {
      throw new RuleException("CEL expression does not compile: " + compiled.error);
    }
    try {
      return compiled.program.eval(variables);
    } catch (CelEvaluationException | RuntimeException e) {
      throw new RuleException("CEL expression failed: " + e.getMessage(), e);
    }
  }

  private Compiled compile(String expr) {
    try {
      return new Compiled(cel.createProgram(cel.compile(expr).getAst()), null);
    } catch (CelValidationException | CelEvaluationException | RuntimeException e) {
      // Cached too, so that a broken rule costs one compile, not one per record.
      return new Compiled(null, e.getMessage());
    }
  }

  private record Compiled(CelRuntime.Program program, String error) {}
}
