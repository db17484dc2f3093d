package dev.kavro.avro;

import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kavro.testing.CaseRuleWriter;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.Oracle.Outcome;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomEvolution;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Seeded random (writer, reader) pairs from {@link RandomEvolution}, a few random records each, read by Kavro in
 * every mode with models that have fastread on and off, against the vanilla oracle.
 *
 * <p>Sizes: {@value #DEFAULT_PAIRS} pairs for FALLBACK and ASYNC, and the first {@value #DEFAULT_COMPILED_PAIRS} of
 * them for COMPILED, because COMPILED compiles (and waits for) a class per pair and model; the other modes cover the
 * full set with the same plans. {@code -Dkavro.diff.pairs=20000} raises the count for every mode,
 * {@code -Dkavro.diff.compiledPairs} sets COMPILED's own, and {@code -Dkavro.diff.seed=S -Dkavro.diff.pairs=1}
 * reproduces one pair reported by a failure.
 */
class RandomEvolutionTest {
  private static final int DEFAULT_PAIRS = 1000;
  private static final int DEFAULT_COMPILED_PAIRS = 300;
  private static final int RECORDS_PER_PAIR = 3;
  private static final int PAIRS = Integer.getInteger("kavro.diff.pairs", DEFAULT_PAIRS);
  private static final int COMPILED_PAIRS = Integer.getInteger("kavro.diff.compiledPairs",
      System.getProperty("kavro.diff.pairs") != null ? PAIRS : Math.min(PAIRS, DEFAULT_COMPILED_PAIRS));
  private static final long FIRST_SEED = Long.getLong("kavro.diff.seed", 1L);

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void readsRandomEvolvedPairsLikeVanilla(CompileMode mode) {
    int pairs = mode == CompileMode.COMPILED ? COMPILED_PAIRS : PAIRS;
    Coverage coverage = new Coverage();
    for (long seed = FIRST_SEED; seed < FIRST_SEED + pairs; seed++) {
      checkPair(seed, mode, coverage);
    }
    System.out.printf("RandomEvolutionTest %s: %s%n", mode, coverage);
    if (pairs >= 200) {
      // The generator must keep exercising what the suite claims to cover; a silent regression there is a test bug.
      assertTrue(coverage.caseRule > 0 && coverage.breaking > 0 && coverage.vanillaErrors > 0
          && coverage.values > pairs, () -> "the random pairs stopped covering the rules: " + coverage);
    }
  }

  private static void checkPair(long seed, CompileMode mode, Coverage coverage) {
    RandomEvolution.Pair pair = RandomEvolution.pair(seed);
    Schema writer = pair.writer();
    Schema reader = pair.reader();
    if (!pair.breaking() && !pair.compatible()) {
      fail("RandomEvolution made an incompatible non-breaking pair\n" + describe(seed, mode, pair, null));
    }
    Random random = new Random(seed ^ 0x5DEECE66DL);
    boolean conversions = random.nextBoolean();
    GenericData writerModel = Models.generic(false, conversions);
    RandomData data = new RandomData(random, writerModel);
    Oracle oracle = Oracle.generic(writer, reader, conversions, KavroImplementation.implementsCaseFallback());

    List<Object> datums = new ArrayList<>();
    List<byte[]> encoded = new ArrayList<>();
    List<Outcome> expected = new ArrayList<>();
    for (int i = 0; i < RECORDS_PER_PAIR; i++) {
      Object datum = data.next(writer);
      datums.add(datum);
      encoded.add(Oracle.encode(writer, writerModel, datum));
      try {
        expected.add(oracle.expect(encoded.get(i)));
      } catch (AssertionError e) {
        throw new AssertionError(e.getMessage() + "\n" + describe(seed, mode, pair, datum), e);
      }
    }
    coverage.count(pair, writer, reader, expected);
    // Schema compatibility cannot see values: a promoted int may be out of range for a reader's logical type, so the
    // check only holds without conversions.
    if (!conversions && RandomEvolution.Pair.compatible(oracle.effectiveWriter(), reader)
        && expected.stream().anyMatch(Outcome::failed)) {
      fail("vanilla rejects data of a pair SchemaCompatibility accepts: the oracle is inconsistent\n"
          + describe(seed, mode, pair, datums.get(0)));
    }

    for (boolean fastRead : new boolean[] {true, false}) {
      KavroDatumReader<Object> kavro;
      try {
        kavro = KavroDatumReader.create(writer, reader, Models.generic(fastRead, conversions), mode);
      } catch (RuntimeException e) {
        // Rejecting a pair up front is only right if vanilla cannot read any of its data either.
        if (expected.stream().allMatch(Outcome::failed)) {
          continue;
        }
        throw new AssertionError("create() threw although vanilla reads some data\n"
            + describe(seed, mode, pair, datums.get(0)), e);
      }
      GenericData model = Models.generic(fastRead, conversions);
      Object previous = null;
      boolean anyRead = false;
      for (int i = 0; i < encoded.size(); i++) {
        String context = "fastread=" + fastRead + " conversions=" + conversions + " datum #" + i + "\n"
            + describe(seed, mode, pair, datums.get(i));
        Outcome actual = Oracle.read(kavro, encoded.get(i), null);
        oracle.assertAgrees(expected.get(i), actual, context);
        if (previous != null) {
          // Reading into an earlier result must give a fresh read's value, or at worst what vanilla gives when
          // reading into an equal object (its reuse has a known quirk, see Oracle.expectReusing).
          Object copy = model.deepCopy(reader, previous);
          Outcome reused = Oracle.read(kavro, encoded.get(i), previous);
          if (!oracle.agrees(expected.get(i), reused)) {
            oracle.assertAgrees(oracle.expectReusing(encoded.get(i), copy, fastRead), reused,
                "reading into an earlier result differs from a fresh read and from vanilla's reuse\n" + context);
            coverage.vanillaReuseQuirks++;
          }
        }
        if (!actual.failed()) {
          anyRead = true;
          previous = Oracle.read(kavro, encoded.get(i), null).value();
        }
      }
      if (anyRead) {
        KavroImplementation.assertCompiledState(kavro, mode);
      }
    }
  }

  private static String describe(long seed, CompileMode mode, RandomEvolution.Pair pair, Object datum) {
    return "seed=" + seed + " mode=" + mode + " breaking=" + pair.breaking()
        + " (reproduce: -Dkavro.diff.seed=" + seed + " -Dkavro.diff.pairs=1 -Dtest=RandomEvolutionTest)"
        + "\nwriter: " + pair.writer() + "\nreader: " + pair.reader() + "\ndatum:  " + datum;
  }

  /** What the random pairs exercised, printed per mode and checked for regressions of the generator. */
  private static final class Coverage {
    int pairs;
    int breaking;
    int caseRule;
    int values;
    int vanillaErrors;
    final Map<Oracle.Rescue, Integer> rescues = new EnumMap<>(Oracle.Rescue.class);
    int vanillaReuseQuirks;

    void count(RandomEvolution.Pair pair, Schema writer, Schema reader, List<Outcome> expected) {
      pairs++;
      breaking += pair.breaking() ? 1 : 0;
      caseRule += CaseRuleWriter.apply(writer, reader) != writer ? 1 : 0;
      for (Outcome outcome : expected) {
        if (outcome.failed()) {
          vanillaErrors++;
        } else {
          values++;
          if (outcome.rescue() != null) {
            rescues.merge(outcome.rescue(), 1, Integer::sum);
          }
        }
      }
    }

    @Override
    public String toString() {
      return pairs + " pairs (" + breaking + " breaking, " + caseRule + " with the case fallback in play), "
          + values + " values read (of them read where vanilla 1.12.2 fails: " + rescues + "), "
          + vanillaErrors + " data errors, " + vanillaReuseQuirks + " reused reads that differ from fresh ones like vanilla's";
    }
  }
}
