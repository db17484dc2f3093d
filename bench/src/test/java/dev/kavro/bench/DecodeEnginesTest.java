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
      assertEquals(expected, engines.serde(i), name + " record " + i + ": KavroDeserializer");
    }
  }

  @ParameterizedTest
  @MethodSource("decodeCases")
  void decodedValuesHaveTheReaderModel(String name) throws Exception {
    BenchCase c = BenchCase.load(name);
    DecodeEngines engines = new DecodeEngines(c);
    Object kavro = engines.kavro(0);
    if (c.isSpecific()) {
      assertEquals(c.specificClass, kavro.getClass());
      assertEquals(c.specificClass, engines.serde(0).getClass());
    } else {
      assertEquals(c.reader, ((GenericRecord) kavro).getSchema());
      assertTrue(!(kavro instanceof SpecificRecord));
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
    for (String name : new String[] {"organization", "specific:organization", "ksql-metrics"}) {
      DecodeEngines engines = new DecodeEngines(BenchCase.load(name));
      assertTrue(engines.hasHandWritten());
      for (int i = 0; i < engines.benchCase().distinct; i++) {
        Object expected = engines.fast(i);
        Object hand = engines.hand(i);
        assertEquals(expected.getClass(), hand.getClass(), name);
        assertEquals(expected.toString(), hand.toString(), name + " record " + i);
        assertEquals(expected, hand, name + " record " + i);
      }
    }
  }

  @Test
  void handWrittenReaderRefusesOtherSchemas() {
    DecodeEngines engines = new DecodeEngines(BenchCase.load("user80"));
    assertThrows(IllegalStateException.class, () -> engines.hand(0));
  }
}
