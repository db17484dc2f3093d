package dev.kavro.cache;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import dev.kavro.plan.PlanBuilder;
import java.time.Duration;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

/** The limits hold wherever a named type occurs, not only where it is first defined. */
class CodegenLimitsTest {
  private static final CodegenLimits LIMITS = new CodegenLimits(10_000, 64);

  /**
   * A record whose fields are C499, C498, ..., C0 in that order, where Ci has a field of type C(i+1): each chain
   * record is defined shallow, one level below the root, but the last field starts a chain 500 records deep.
   */
  static Schema chainDefinedShallow(int length, boolean viaUnion) {
    StringBuilder fields = new StringBuilder();
    for (int i = length - 1; i >= 0; i--) {
      String next = i == length - 1 ? "\"int\"" : "\"C" + (i + 1) + "\"";
      String record = "{\"type\":\"record\",\"name\":\"C" + i + "\",\"fields\":[{\"name\":\"next\",\"type\":" + next
          + "}]}";
      fields.append(i == length - 1 ? "" : ",").append("{\"name\":\"f").append(i).append("\",\"type\":")
          .append(viaUnion ? "[\"null\"," + record + "]" : record).append('}');
    }
    return new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Root\",\"fields\":[" + fields + "]}");
  }

  @Test
  void aChainOfNamedRecordsCountsAtItsDeepestPosition() {
    for (boolean viaUnion : new boolean[] {false, true}) {
      Schema schema = chainDefinedShallow(500, viaUnion);
      assertThrows(IllegalStateException.class,
          () -> LIMITS.check(PlanBuilder.build(schema, schema, GenericData.get())));
      assertThrows(IllegalStateException.class, () -> LIMITS.check(schema));
    }
  }

  @Test
  void sharedAndRecursiveTypesWithinTheLimitsPass() {
    Schema shallow = chainDefinedShallow(20, true);
    assertDoesNotThrow(() -> LIMITS.check(PlanBuilder.build(shallow, shallow, GenericData.get())));
    assertDoesNotThrow(() -> LIMITS.check(shallow));
    Schema list = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"Node\",\"fields\":[{\"name\":\"v\","
        + "\"type\":\"int\"},{\"name\":\"next\",\"type\":[\"null\",\"Node\"]}]}");
    assertDoesNotThrow(() -> LIMITS.check(PlanBuilder.build(list, list, GenericData.get())));
    assertDoesNotThrow(() -> LIMITS.check(list));
  }

  @Test
  void theSharedReaderCacheKeepsSuchAChainOnTheFallback() {
    Schema schema = chainDefinedShallow(500, true);
    KavroDatumReader<Object> reader = KavroDatumReader.generic(schema, schema, CompileMode.ASYNC);
    assertFalse(reader.awaitCompiled(Duration.ofSeconds(30)));
  }
}
