package dev.kavro.bench.flink;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.row.RowSchemas;
import java.util.List;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The Flink paths the benchmarks time must do the same work: every decoder gives the table's row for every record,
 * every encoder the table's bytes ({@link FlinkEngines} checks it when built; here it is checked again from outside),
 * and Flink's 1.11.4 path is what the bench says it is.
 */
class FlinkEnginesTest {
  static Stream<String> flinkCases() {
    return FlinkCase.CASES.stream();
  }

  @ParameterizedTest
  @MethodSource("flinkCases")
  void everyPathDecodesAndEncodesTheSameAsFlink(String name) throws Exception {
    FlinkCase c = FlinkCase.load(name);
    try (FlinkEngines engines = new FlinkEngines(c)) {
      for (int i = 0; i < c.distinct; i++) {
        BinaryRowData expected = c.binaryRow(i);
        for (BinaryRowData actual : List.of(engines.decodeKavro(i).copy(), engines.decodeFlink(i).copy(),
            engines.decodeFlinkClassic(i).copy(), engines.decodeFlinkSql(i).copy())) {
          assertTrue(SameRows.same(expected, actual, c.rowType()), name + " record " + i);
        }
        if (!SameRows.hasMap(c.rowType())) {
          byte[] message = c.message(i);
          assertArrayEquals(message, engines.encodeKavro(i), name + " record " + i);
          assertArrayEquals(message, engines.encodeFlinkSql(i), name + " record " + i);
          assertArrayEquals(message, engines.encodeGenericKavro(i), name + " record " + i);
          assertArrayEquals(message, engines.encodeGenericFlink(i), name + " record " + i);
        }
      }
      assertEquals(0, engines.registryRequestsSinceSetup(), "Flink's client served the steady state from its cache");
    }
  }

  /** Records differ, so equal rows across paths mean the paths compute the same thing, not a constant. */
  @Test
  void recordsDiffer() throws Exception {
    FlinkCase c = FlinkCase.load("organization");
    try (FlinkEngines engines = new FlinkEngines(c)) {
      BinaryRowData first = engines.decodeKavro(0).copy();
      assertFalse(SameRows.same(first, engines.decodeFlinkSql(1).copy(), c.rowType()));
      assertFalse(java.util.Arrays.equals(engines.encodeKavro(0), engines.encodeFlinkSql(1)));
    }
  }

  @Test
  void theTableDerivedSchemaIsFlinksInEveryBuildAndKavros() {
    for (String name : FlinkCase.CASES) {
      FlinkCase c = FlinkCase.load(name);
      assertEquals(c.tableSchema, new Schema.Parser().parse(FlinkSqlJar.get().schemaText(c.rowType())), name);
      assertEquals(c.tableSchema, RowSchemas.writerSchema(c.rowType(), KavroFlinkPath.MAPPING), name);
    }
  }

  @Test
  void unionsOfSeveralBranchesAreLeftOutAndSaidSo() {
    FlinkCase.Mapping unions = FlinkCase.load("unions").mapping;
    assertEquals(40, unions.leftOut().size());
    assertEquals(60, unions.rowType().getFieldCount());
    assertTrue(unions.note("unions").startsWith("unions: 40 of 100 fields left out (a union of more than one"),
        unions.note("unions"));
    FlinkCase.Mapping organization = FlinkCase.Mapping.of(dev.kavro.bench.data.BenchCase.load("organization").writer);
    assertTrue(organization.leftOut().isEmpty());
    assertNull(organization.note("organization"));
  }

  @Test
  void flinkSqlPathRunsTheJarsOwnClassesAndRelocatedAvro() throws Exception {
    FlinkCase c = FlinkCase.load("organization");
    try (LoopbackRegistry registry = LoopbackRegistry.start(FlinkCase.ID, c.tableSchema)) {
      Class<?> decoder = FlinkSqlJar.get().decoder(c.rowType(), registry.url()).getClass();
      assertEquals("org.apache.flink.formats.avro.AvroRowDataDeserializationSchema", decoder.getName());
      assertFalse(decoder.getClassLoader() == FlinkEnginesTest.class.getClassLoader());
      assertNotNull(Class.forName("org.apache.flink.avro.shaded.org.apache.avro.Schema", false,
          decoder.getClassLoader()));
      assertEquals(0, registry.requests(), "the client fetches nothing before the first record");
    }
  }

  @Test
  void refusesAMessageOfAnotherId() {
    FlinkCase c = FlinkCase.load("organization");
    KavroFlinkPath kavro = new KavroFlinkPath(FlinkCase.ID + 1, c.tableSchema, c.rowType());
    assertThrows(java.io.IOException.class, () -> kavro.decode(c.message(0)));
  }
}
