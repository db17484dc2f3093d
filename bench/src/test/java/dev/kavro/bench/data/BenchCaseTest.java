package dev.kavro.bench.data;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
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
  void wideMixesTheTenKindsTenTimes() {
    Schema wide = BenchCase.load("wide").writer;
    assertEquals(100, wide.getFields().size());
    Map<Schema.Type, Long> types = wide.getFields().stream()
        .collect(Collectors.groupingBy(f -> f.schema().getType(), Collectors.counting()));
    assertEquals(10L, types.get(Schema.Type.MAP));
    assertEquals(10L, types.get(Schema.Type.ARRAY));
    assertEquals(10L, types.get(Schema.Type.ENUM));
    assertEquals(10L, types.get(Schema.Type.UNION));
    assertEquals(10L, types.get(Schema.Type.STRING));
    assertEquals(Schema.Type.LONG, wide.getField("counts1").schema().getElementType().getType());
    assertEquals(Schema.Type.STRING, wide.getField("tags0").schema().getValueType().getType());
  }

  @Test
  void nestedIsWideThreeDeepWithArraysOfAboutFortyRecords() {
    BenchCase c = BenchCase.load("nested");
    assertEquals(100, c.writer.getFields().size());
    Schema detail = c.writer.getField("detail").schema();
    assertEquals(25, detail.getFields().size());
    assertEquals(25, detail.getField("sub").schema().getFields().size());
    assertEquals(3, depth(c.writer));
    double items = c.writerData.stream().limit(c.distinct)
        .mapToInt(r -> ((List<?>) ((GenericRecord) r).get("items")).size()).average().orElseThrow();
    assertTrue(items >= 35 && items <= 45, "mean items " + items);
    assertTrue(c.distinct < BenchCase.RECORDS);
    assertSame(c.bodies[0], c.bodies[c.distinct]);
    assertSame(c.writerData.get(1), c.writerData.get(c.distinct + 1));
  }

  @Test
  void stringsAndUnionsShapes() {
    Schema strings = BenchCase.load("strings").writer;
    assertEquals(80, strings.getFields().size());
    assertTrue(strings.getFields().stream().allMatch(f -> f.schema().getType() == Schema.Type.STRING
        || f.schema().getTypes().get(1).getType() == Schema.Type.STRING));
    Schema unions = BenchCase.load("unions").writer;
    assertEquals(100, unions.getFields().size());
    assertTrue(unions.getFields().stream().allMatch(f -> f.schema().getType() == Schema.Type.UNION));
  }

  @Test
  void profilesChangeTheStringLengthsOnly() {
    double shortMean = meanStringLength(BenchCase.load("strings-short"));
    double realistic = meanStringLength(BenchCase.load("strings"));
    double longMean = meanStringLength(BenchCase.load("strings-long"));
    assertTrue(shortMean >= 1 && shortMean <= 8, "short " + shortMean);
    assertTrue(realistic >= 25 && realistic <= 45, "realistic " + realistic);
    assertTrue(longMean >= 200 && longMean <= 400, "long " + longMean);
    assertEquals(BenchCase.load("strings").writer, BenchCase.load("strings-long").writer);
    assertThrows(IllegalArgumentException.class, () -> BenchCase.load("wide-huge"));
  }

  @Test
  void shapeCasesAreGenericSameSchemaCasesOfEveryTable() {
    for (String name : BenchCase.SHAPE_CASES) {
      BenchCase c = BenchCase.load(name);
      assertTrue(c.sameSchema() && !c.isSpecific(), name);
      assertTrue(BenchCase.DECODE_CASES.contains(name) && BenchCase.ENCODE_CASES.contains(name), name);
      assertTrue(BenchCase.CONNECT_CAPABLE_CASES.contains(name), name);
    }
    assertArrayEquals(BenchCase.load("unions").bodies[7], BenchCase.load("unions").bodies[7]);
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

  private static double meanStringLength(BenchCase c) {
    long chars = 0;
    long strings = 0;
    for (Object datum : c.writerData) {
      for (Object value : ((GenericData.Record) datum).getSchema().getFields().stream()
          .map(f -> ((GenericData.Record) datum).get(f.pos())).toList()) {
        if (value instanceof Utf8 u) {
          chars += u.getByteLength();
          strings++;
        }
      }
    }
    return (double) chars / strings;
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
