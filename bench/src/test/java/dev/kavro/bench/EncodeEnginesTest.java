package dev.kavro.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.bench.data.BenchCase;
import java.util.Arrays;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The encoders the benchmarks time must write the same bytes. */
class EncodeEnginesTest {
  static Stream<String> encodeCases() {
    return BenchCase.ENCODE_CASES.stream();
  }

  @ParameterizedTest
  @MethodSource("encodeCases")
  void everyEngineWritesTheCaseBytes(String name) throws Exception {
    EncodeEngines engines = new EncodeEngines(BenchCase.load(name));
    byte[][] bodies = engines.benchCase().bodies;
    for (int i = 0; i < engines.benchCase().distinct; i++) {
      assertEquals(bodies[i].length, engines.vanilla(i));
      assertArrayEquals(bodies[i], engines.lastWritten(), name + " record " + i + ": vanilla");
      assertArrayEquals(bodies[i], engines.vanillaToByteArray(i), name + " record " + i + ": vanilla, new array");
      assertEquals(bodies[i].length, engines.kavro(i));
      assertArrayEquals(bodies[i], engines.lastWritten(), name + " record " + i + ": Kavro");
      assertEquals(bodies[i].length, engines.kavroFallback(i));
      assertArrayEquals(bodies[i], engines.lastWritten(), name + " record " + i + ": Kavro fallback");
      byte[] framed = engines.serde(i);
      assertEquals(0, framed[0]);
      assertArrayEquals(bodies[i], Arrays.copyOfRange(framed, 5, framed.length), name + " record " + i + ": serde");
    }
  }

  @Test
  void refusesCasesWhoseReaderDiffers() {
    assertThrows(IllegalArgumentException.class, () -> new EncodeEngines(BenchCase.load("evolved:random-10-deep")));
  }
}
