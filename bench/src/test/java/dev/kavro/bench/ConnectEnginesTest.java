package dev.kavro.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.bench.data.BenchCase;
import java.io.IOException;
import java.util.stream.Stream;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The Connect paths the benchmarks time must give the same values and the same bytes. */
class ConnectEnginesTest {
  static Stream<String> connectCases() {
    return BenchCase.CONNECT_CAPABLE_CASES.stream();
  }

  @ParameterizedTest
  @MethodSource("connectCases")
  void bothPathsReadEqualValuesAndWriteEqualBytes(String name) throws IOException {
    ConnectEngines engines = new ConnectEngines(BenchCase.load(name));
    for (int i = 0; i < BenchCase.RECORDS; i++) {
      SchemaAndValue generic = engines.toConnectGeneric(i);
      SchemaAndValue kavro = engines.toConnectKavro(i);
      assertNotNull(kavro.value(), name + " record " + i);
      assertEquals(generic.schema(), kavro.schema(), name + " record " + i + ": schema");
      assertEquals(generic.value(), kavro.value(), name + " record " + i + ": value");
      ((Struct) kavro.value()).validate();

      byte[] genericBytes = engines.fromConnectGeneric(i);
      byte[] kavroBytes = engines.fromConnectKavro(i);
      assertArrayEquals(genericBytes, kavroBytes, name + " record " + i + ": bytes");
      // Equal bytes could still both be wrong: they must read back as the Struct written.
      assertEquals(kavro.value(), engines.readBack(kavroBytes), name + " record " + i + ": round trip");
    }
  }

  @Test
  void refusesSpecificCases() {
    assertThrows(IllegalArgumentException.class, () -> new ConnectEngines(BenchCase.load("specific:user80")));
  }
}
