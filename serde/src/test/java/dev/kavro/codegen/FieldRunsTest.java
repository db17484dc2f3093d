package dev.kavro.codegen;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.plan.PlanBuilder;
import dev.kavro.plan.ReadPlan;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.GeneratedReader;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.Oracle.Outcome;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomEvolution;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Field runs ({@code FieldRuns}, chosen by {@link FieldRunOps}) read exactly what vanilla Avro reads. Here every
 * run-able field goes through a run, even alone, so that every shape the random pairs make is covered, not only the
 * large plans that get runs by default; the benchmark schemas that get them by default are also read by
 * {@code CompiledReaderTest}.
 */
class FieldRunsTest {
  private static final int PAIRS = 300;
  private static final JaninoCompiler COMPILER = new JaninoCompiler(FieldRunsTest.class.getClassLoader());

  @Test
  void largePlansGetRunsAndSmallOnesStayStraightLine() throws IOException {
    for (String large : List.of("user80", "unionHeavy")) {
      assertTrue(FieldRunOps.worthwhile(plan(CompiledReaderTest.load(large))), large);
    }
    for (String small : List.of("organization", "ksql-metrics", "ksql-impressions")) {
      assertFalse(FieldRunOps.worthwhile(plan(CompiledReaderTest.load(small))), small);
    }
    Schema user80 = CompiledReaderTest.load("user80");
    assertTrue(ReaderGenerator.generate(plan(user80), GenericData.get()).source().contains("FieldRuns.read("));
    assertFalse(ReaderGenerator.generate(plan(CompiledReaderTest.load("organization")), GenericData.get()).source()
        .contains("FieldRuns.read("));
  }

  @Test
  void randomEvolvedPairsReadLikeVanillaThroughRuns() throws Exception {
    int pairsWithRuns = 0;
    for (long seed = 1; seed <= PAIRS; seed++) {
      pairsWithRuns += checkPair(seed) ? 1 : 0;
    }
    // The random pairs must keep producing runs, or this test checks nothing about them.
    assertTrue(pairsWithRuns >= PAIRS / 2, "only " + pairsWithRuns + " of " + PAIRS + " pairs used field runs");
  }

  /**
   * Every op, optional at either branch, strings as Utf8 and as String, broken up by a promotion, a skipped field and
   * a nested record, with an upper-cased reader name for the case rule.
   */
  @ParameterizedTest
  @ValueSource(booleans = {true, false})
  void everyOpReadsLikeVanilla(boolean fastRead) throws Exception {
    Schema writer = runBreakers(everyOp().requiredInt("promoted").requiredString("dropped"), "lower").endRecord();
    Schema reader = runBreakers(everyOp().requiredLong("promoted"), "LOWER")
        .name("added").type().intType().intDefault(7).endRecord();
    GenericData model = Models.generic(fastRead, false);
    Oracle oracle = Oracle.generic(writer, reader, false, true);
    ReadPlan plan = PlanBuilder.build(writer, reader, model);
    String source = ReaderGenerator.generate(plan, model, 1).source();
    // Each record has two methods (fresh values, and reuse): 4 runs each here.
    assertEquals(2 * 4, runs(source), source);
    // With the default minimum, the nested record's single field stays straight-line.
    assertEquals(2 * 3, runs(ReaderGenerator.generate(plan, model, FieldRunOps.MIN_RUN).source()));
    DatumReader<Object> compiled = compile(plan, model);
    RandomData data = new RandomData(new Random(7), Models.generic(false, false));
    Object previous = null;
    for (int i = 0; i < 200; i++) {
      byte[] bytes = Oracle.encode(writer, Models.generic(false, false), data.next(writer));
      Outcome expected = oracle.expect(bytes);
      oracle.assertAgrees(expected, Oracle.read(compiled, bytes, null), "fresh read #" + i);
      oracle.assertAgrees(expected, readInMemory(compiled, bytes), "ByteArrayDecoder read #" + i);
      if (previous != null) {
        oracle.assertAgrees(expected, Oracle.read(compiled, bytes, previous), "read into an earlier result #" + i);
      }
      previous = Oracle.read(compiled, bytes, null).value();
    }
  }

  /** A record opening with one field per op: plain, optional at branch 1, optional at branch 0. */
  private static SchemaBuilder.FieldAssembler<Schema> everyOp() {
    Schema javaString = SchemaBuilder.builder().stringBuilder().prop("avro.java.string", "String").endString();
    return SchemaBuilder.record("W").fields()
        .requiredBoolean("b").requiredInt("i").requiredLong("l").requiredFloat("f").requiredDouble("d")
        .requiredString("s").name("js").type(javaString).noDefault()
        .optionalBoolean("ob").optionalInt("oi").optionalLong("ol").optionalFloat("of").optionalDouble("od")
        .optionalString("os")
        .name("vi").type().unionOf().intType().and().nullType().endUnion().intDefault(0)
        .name("vs").type().unionOf().stringType().and().nullType().endUnion().stringDefault("x");
  }

  /** A run of four ints and a string named {@code stringName}, a nested record that ends it, then a run of longs. */
  private static SchemaBuilder.FieldAssembler<Schema> runBreakers(SchemaBuilder.FieldAssembler<Schema> fields,
      String stringName) {
    return fields.requiredInt("a1").requiredInt("a2").requiredInt("a3").requiredInt("a4").requiredString(stringName)
        .name("nested").type().record("N").fields().requiredInt("x").endRecord().noDefault()
        .requiredLong("z1").requiredLong("z2").requiredLong("z3").requiredLong("z4").requiredLong("z5");
  }

  /** Returns whether the pair's reader used runs. */
  private static boolean checkPair(long seed) throws Exception {
    RandomEvolution.Pair pair = RandomEvolution.pair(seed);
    Random random = new Random(seed ^ 0x5DEECE66DL);
    boolean conversions = random.nextBoolean();
    GenericData writerModel = Models.generic(false, conversions);
    RandomData data = new RandomData(random, writerModel);
    Oracle oracle = Oracle.generic(pair.writer(), pair.reader(), conversions, true);
    List<byte[]> encoded = new ArrayList<>();
    List<Outcome> expected = new ArrayList<>();
    for (int i = 0; i < 3; i++) {
      encoded.add(Oracle.encode(pair.writer(), writerModel, data.next(pair.writer())));
      expected.add(oracle.expect(encoded.get(i)));
    }
    GenericData model = Models.generic(true, conversions);
    ReadPlan plan;
    try {
      plan = PlanBuilder.build(pair.writer(), pair.reader(), model);
    } catch (RuntimeException e) {
      assertTrue(expected.stream().allMatch(Outcome::failed), "seed " + seed + ": no plan, but vanilla reads data");
      return false;
    }
    DatumReader<Object> compiled = compile(plan, model);
    Object previous = null;
    for (int i = 0; i < encoded.size(); i++) {
      String context = "seed " + seed + " datum #" + i + "\nwriter " + pair.writer() + "\nreader " + pair.reader();
      Outcome fresh = Oracle.read(compiled, encoded.get(i), null);
      oracle.assertAgrees(expected.get(i), fresh, context);
      oracle.assertAgrees(expected.get(i), readInMemory(compiled, encoded.get(i)), "ByteArrayDecoder " + context);
      if (previous != null) {
        Object copy = model.deepCopy(pair.reader(), previous);
        Outcome reused = Oracle.read(compiled, encoded.get(i), previous);
        if (!oracle.agrees(expected.get(i), reused)) {
          oracle.assertAgrees(oracle.expectReusing(encoded.get(i), copy, true), reused, "reuse " + context);
        }
      }
      if (!fresh.failed()) {
        previous = Oracle.read(compiled, encoded.get(i), null).value();
      }
    }
    return ReaderGenerator.generate(plan, model, 1).source().contains("FieldRuns.read(");
  }

  private static int runs(String source) {
    return source.split("FieldRuns\\.read\\(", -1).length - 1;
  }

  private static Outcome readInMemory(DatumReader<Object> reader, byte[] bytes) {
    ByteArrayDecoder in = new ByteArrayDecoder(bytes, 0, bytes.length);
    try {
      Object value = reader.read(null, in);
      return in.isEnd() ? new Outcome(value, null)
          : new Outcome(null, new IllegalStateException("The reader left bytes unread"));
    } catch (IOException | RuntimeException e) {
      return new Outcome(null, e);
    }
  }

  private static ReadPlan plan(Schema schema) {
    return PlanBuilder.build(schema, schema, GenericData.get());
  }

  /** The plan's reader compiled with runs forced on, as a {@code DatumReader}. */
  private static DatumReader<Object> compile(ReadPlan plan, GenericData model) throws Exception {
    GeneratedSource source = ReaderGenerator.generate(plan, model, 1);
    GeneratedReader reader = (GeneratedReader) COMPILER.compile(source).getConstructor(Object[].class)
        .newInstance((Object) source.constants());
    return new DatumReader<>() {
      @Override
      public void setSchema(Schema schema) {
        throw new UnsupportedOperationException();
      }

      @Override
      public Object read(Object reuse, Decoder in) throws IOException {
        return reader.read(reuse, in);
      }
    };
  }
}
