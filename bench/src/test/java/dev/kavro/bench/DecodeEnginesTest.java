package dev.kavro.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.bench.data.BenchCase;
import java.util.stream.Stream;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The engines the benchmarks time must decode the same values; otherwise the ratios compare different work. */
class DecodeEnginesTest {
  static Stream<String> decodeCases() {
    return BenchCase.DECODE_CASES.stream();
  }

  @ParameterizedTest
  @MethodSource("decodeCases")
  void everyEngineDecodesWhatAvroDecodes(String name) throws Exception {
    DecodeEngines engines = new DecodeEngines(BenchCase.load(name));
    for (int i = 0; i < engines.benchCase().distinct; i++) {
      Object expected = engines.classic(i);
      assertEquals(expected, engines.fast(i), name + " record " + i + ": FastReader");
      assertEquals(expected, engines.kavro(i), name + " record " + i + ": Kavro");
      assertEquals(expected, engines.kavroFallback(i), name + " record " + i + ": Kavro fallback");
      assertEquals(expected, engines.binaryKavro(i), name + " record " + i + ": Kavro over BinaryDecoder");
      assertEquals(expected, engines.binaryKavroFallback(i),
          name + " record " + i + ": Kavro fallback over BinaryDecoder");
      assertEquals(expected, engines.serde(i), name + " record " + i + ": KavroDeserializer");
    }
  }

  @ParameterizedTest
  @MethodSource("decodeCases")
  void decodedValuesHaveTheReaderModel(String name) throws Exception {
    BenchCase c = BenchCase.load(name);
    DecodeEngines engines = new DecodeEngines(c);
    for (Object kavro : new Object[] {engines.kavro(0), engines.kavroFallback(0), engines.binaryKavro(0),
        engines.binaryKavroFallback(0), engines.serde(0)}) {
      if (c.isSpecific()) {
        assertEquals(c.specificClass, kavro.getClass());
      } else {
        assertEquals(c.reader, ((GenericRecord) kavro).getSchema());
        assertTrue(!(kavro instanceof SpecificRecord));
      }
    }
  }

  @Test
  void sameSchemaGenericCasesDecodeTheGeneratedRecords() throws Exception {
    BenchCase c = BenchCase.load("random-100-deep");
    DecodeEngines engines = new DecodeEngines(c);
    for (int i = 0; i < 50; i++) {
      assertEquals(c.writerData.get(i), engines.kavro(i));
    }
  }

  @Test
  void handWrittenReadersEqualAvro() throws Exception {
    for (String name : new String[] {"organization", "specific:organization", "ksql-metrics", "wide", "wide-short",
        "wide-long"}) {
      DecodeEngines engines = new DecodeEngines(BenchCase.load(name));
      assertTrue(engines.hasHandWritten());
      for (int i = 0; i < engines.benchCase().distinct; i++) {
        Object expected = engines.classic(i);
        for (Object hand : new Object[] {engines.hand(i), engines.binaryHand(i)}) {
          assertEquals(expected.getClass(), hand.getClass(), name);
          assertEquals(expected.toString(), hand.toString(), name + " record " + i);
          assertEquals(expected, hand, name + " record " + i);
        }
      }
    }
  }

  @Test
  void handWrittenReaderRefusesOtherSchemas() {
    for (String name : new String[] {"user80", "nested", "upper:ksql-metrics"}) {
      DecodeEngines engines = new DecodeEngines(BenchCase.load(name));
      assertTrue(!engines.hasHandWritten(), name);
      assertThrows(IllegalStateException.class, () -> engines.hand(0));
      assertThrows(IllegalStateException.class, () -> engines.binaryHand(0));
    }
  }
}
