package dev.kavro.it;

import java.net.URL;
import org.junit.jupiter.api.extension.ConditionEvaluationResult;
import org.junit.jupiter.api.extension.ExecutionCondition;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * Runs the Flink ITs only on a class path where Flink's planner works: with the Janino that {@code flink-table-runtime}
 * bundles ahead of Kavro's (with Kavro's first, the planner fails "Unable to instantiate java compiler"). Failsafe's
 * {@code flink} execution orders the class path so and sets {@value #EXECUTION_PROPERTY}; there a wrong order fails
 * the ITs, elsewhere (another execution picking them up through {@code -Dit.test}) it skips them with the reason.
 */
final class FlinkClassPath implements ExecutionCondition {
  static final String EXECUTION_PROPERTY = "kavro.it.flink.execution";
  private static final String COMPILER_FACTORY = "org/codehaus/commons/compiler/ICompilerFactory.class";

  @Override
  public ConditionEvaluationResult evaluateExecutionCondition(ExtensionContext context) {
    URL compiler = FlinkClassPath.class.getClassLoader().getResource(COMPILER_FACTORY);
    if (compiler != null && compiler.toString().contains("flink-table-runtime")) {
      return ConditionEvaluationResult.enabled("Janino comes from flink-table-runtime");
    }
    String reason = "Flink's planner needs flink-table-runtime's Janino first on the class path, but "
        + COMPILER_FACTORY + " comes from " + compiler + "; failsafe's flink execution runs these ITs";
    if (Boolean.getBoolean(EXECUTION_PROPERTY)) {
      throw new IllegalStateException(reason);
    }
    return ConditionEvaluationResult.disabled(reason);
  }
}
