package dev.kavro.bench.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericRecord;
import org.junit.jupiter.api.Test;

class BenchCaseTest {
  @Test
  void sameNameGivesSameBytes() {
    BenchCase a = BenchCase.load("random-100-deep");
    BenchCase b = BenchCase.load("random-100-deep");
    assertEquals(a.writer, b.writer);
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      assertArrayEquals(a.bodies[i], b.bodies[i]);
    }
  }

  @Test
  void specificCaseReadsTheSameBytesAsItsGenericCase() {
    BenchCase generic = BenchCase.load("organization");
    BenchCase specific = BenchCase.load("specific:organization");
    assertNotNull(specific.specificClass);
    assertEquals("com.jerolba.xbuffers.avro.Organization", specific.specificClass.getName());
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      assertArrayEquals(generic.bodies[i], specific.bodies[i]);
    }
  }

  @Test
  void organizationsHaveFortyAttributes() {
    BenchCase c = BenchCase.load("organization");
    assertEquals(40, ((List<?>) ((GenericRecord) c.writerData.get(0)).get("attributes")).size());
  }

  @Test
  void randomSchemasUseEveryType() {
    Set<Schema.Type> seen = EnumSet.noneOf(Schema.Type.class);
    collect(BenchCase.load("random-100-deep").writer, seen);
    assertEquals(EnumSet.allOf(Schema.Type.class), seen);
  }

  @Test
  void deepRandomSchemasNestThreeLevels() {
    assertEquals(3, depth(BenchCase.load("random-10-deep").writer));
    assertEquals(1, depth(BenchCase.load("random-10-flat").writer));
  }

  @Test
  void evolvedReaderDiffersButResolves() {
    BenchCase c = BenchCase.load("evolved:random-100-flat");
    assertNotEquals(c.writer, c.reader);
    assertEquals(c.writer.getFields().size() + 1, c.reader.getFields().size());
    assertEquals(Schema.Type.STRING, c.reader.getField("addedName").schema().getType());
    assertTrue(org.apache.avro.SchemaCompatibility.checkReaderWriterCompatibility(c.reader, c.writer).getType()
        == org.apache.avro.SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE);
  }

  @Test
  void upperCasedReaderAliasesTheWriterNames() {
    BenchCase c = BenchCase.load("upper:ksql-metrics");
    assertEquals(Set.of("id"), c.reader.getField("ID").aliases());
  }

  @Test
  void unknownNamesFail() {
    assertThrows(IllegalArgumentException.class, () -> BenchCase.load("nope"));
    assertThrows(IllegalArgumentException.class, () -> BenchCase.load("twisted:organization"));
    assertThrows(IllegalArgumentException.class, () -> BenchCase.load("specific:random-10-flat"));
  }

  private static void collect(Schema s, Set<Schema.Type> seen) {
    if (!seen.add(s.getType()) && s.getType() == Schema.Type.RECORD) {
      return;
    }
    switch (s.getType()) {
      case RECORD -> s.getFields().forEach(f -> collect(f.schema(), seen));
      case ARRAY -> collect(s.getElementType(), seen);
      case MAP -> collect(s.getValueType(), seen);
      case UNION -> s.getTypes().forEach(t -> collect(t, seen));
      default -> { }
    }
  }

  private static int depth(Schema s) {
    return switch (s.getType()) {
      case RECORD -> 1 + s.getFields().stream().mapToInt(f -> depth(f.schema())).max().orElse(0);
      case ARRAY -> depth(s.getElementType());
      case MAP -> depth(s.getValueType());
      case UNION -> s.getTypes().stream().mapToInt(BenchCaseTest::depth).max().orElse(0);
      default -> 0;
    };
  }
}
