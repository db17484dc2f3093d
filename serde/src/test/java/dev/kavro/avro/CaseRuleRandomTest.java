package dev.kavro.avro;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.testing.CaseRulePairs;
import dev.kavro.testing.CaseRuleWriter;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.Oracle.Outcome;
import dev.kavro.testing.RandomData;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.api.Test;

/**
 * The case rule's oracle on seeded random pairs from {@link CaseRulePairs}: named writer records reused at several
 * positions, reader unions of case variants, nesting. Expected values are vanilla Avro's (fastread on and off) reading
 * the writer renamed per position ({@link CaseRuleWriter}); Kavro reads in every mode.
 *
 * <p>{@value #DEFAULT_PAIRS} pairs by default, all read in FALLBACK mode, and every
 * {@value #DEFAULT_COMPILED_EVERY}th of them also in COMPILED and ASYNC mode: compiling a class per pair costs tens of
 * milliseconds, while both executors run the same plan, which is what the rule shapes. {@code -Dkavro.caserule.pairs=N}
 * changes the count, {@code -Dkavro.caserule.compiledEvery=1} compiles every pair, and
 * {@code -Dkavro.caserule.seed=S -Dkavro.caserule.pairs=1} reproduces one pair reported by a failure. COMPILED and
 * ASYNC share one cache entry per pair (same schema objects and model), so such a pair compiles once.
 */
class CaseRuleRandomTest {
  private static final int DEFAULT_PAIRS = 5000;
  private static final int PAIRS = Integer.getInteger("kavro.caserule.pairs", DEFAULT_PAIRS);
  private static final int DEFAULT_COMPILED_EVERY = 10;
  private static final int COMPILED_EVERY = Integer.getInteger("kavro.caserule.compiledEvery",
      System.getProperty("kavro.caserule.seed") != null ? 1 : DEFAULT_COMPILED_EVERY);
  private static final long FIRST_SEED = Long.getLong("kavro.caserule.seed", 1L);
  private static final int RECORDS_PER_PAIR = 2;

  @Test
  void readsLikeVanillaWithThePerPositionRenamedWriter() {
    GenericData model = Models.generic(false, false);
    int checked = 0;
    int inexpressible = 0;
    int inPlay = 0;
    int values = 0;
    int errors = 0;
    int compiledReads = 0;
    for (long seed = FIRST_SEED; seed < FIRST_SEED + PAIRS; seed++) {
      CaseRulePairs.Pair pair = CaseRulePairs.pair(seed);
      Oracle oracle;
      try {
        oracle = Oracle.generic(pair.writer(), pair.reader(), false, true);
      } catch (CaseRuleWriter.Inexpressible e) {
        inexpressible++;
        continue;
      }
      checked++;
      inPlay += oracle.caseRuleInPlay() ? 1 : 0;
      RandomData data = new RandomData(new Random(seed), model);
      List<byte[]> encoded = new ArrayList<>();
      List<Outcome> expected = new ArrayList<>();
      for (int i = 0; i < RECORDS_PER_PAIR; i++) {
        byte[] bytes = Oracle.encode(pair.writer(), model, data.next(pair.writer()));
        encoded.add(bytes);
        Outcome outcome = oracle.expect(bytes);
        expected.add(outcome);
        values += outcome.failed() ? 0 : 1;
        errors += outcome.failed() ? 1 : 0;
      }
      CompileMode[] modes = (seed - FIRST_SEED) % COMPILED_EVERY == 0
          ? new CompileMode[] {CompileMode.COMPILED, CompileMode.ASYNC, CompileMode.FALLBACK}
          : new CompileMode[] {CompileMode.FALLBACK};
      for (CompileMode mode : modes) {
        compiledReads += mode == CompileMode.COMPILED ? 1 : 0;
        KavroDatumReader<Object> kavro = KavroDatumReader.create(pair.writer(), pair.reader(), model, mode);
        for (int i = 0; i < encoded.size(); i++) {
          oracle.assertAgrees(expected.get(i), Oracle.read(kavro, encoded.get(i), null), describe(seed, mode, pair));
        }
        KavroImplementation.assertCompiledState(kavro, mode);
      }
    }
    System.out.printf("CaseRuleRandomTest: %d pairs checked (%d with the rule in play, %d also compiled), %d skipped "
        + "as beyond the oracle, %d values, %d data errors%n", checked, inPlay, compiledReads, inexpressible, values,
        errors);
    int pairs = PAIRS;
    int inPlayPairs = inPlay;
    int valueCount = values;
    int errorCount = errors;
    int skipped = inexpressible;
    assertTrue(pairs < 1000 || (skipped * 100 < pairs && inPlayPairs * 2 > pairs && valueCount > pairs
        && errorCount * 20 > pairs), () -> "the generator stopped covering the rule: " + inPlayPairs + " in play, "
        + valueCount + " values, " + errorCount + " errors, " + skipped + " skipped of " + pairs);
  }

  private static String describe(long seed, CompileMode mode, CaseRulePairs.Pair pair) {
    return "seed=" + seed + " mode=" + mode + " (reproduce: -Dkavro.caserule.seed=" + seed
        + " -Dkavro.caserule.pairs=1 -Dtest=CaseRuleRandomTest)\nwriter: " + safe(pair.writer()) + "\nreader: "
        + safe(pair.reader());
  }

  private static String safe(Schema schema) {
    try {
      return schema.toString();
    } catch (RuntimeException e) {
      return "(not printable: " + e.getMessage() + ")";
    }
  }
}
