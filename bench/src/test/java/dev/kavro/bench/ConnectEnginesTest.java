package dev.kavro.bench;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.kavro.bench.data.BenchCase;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.kafka.connect.data.Field;
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
    BenchCase c = BenchCase.load(name);
    ConnectEngines engines = new ConnectEngines(c);
    for (int i = 0; i < c.distinct; i++) {
      SchemaAndValue generic = engines.toConnectGeneric(i);
      SchemaAndValue kavro = engines.toConnectKavro(i);
      assertNotNull(kavro.value(), name + " record " + i);
      assertEquals(generic.schema(), kavro.schema(), name + " record " + i + ": schema");
      assertEquals(generic.value(), kavro.value(), name + " record " + i + ": value");
      ((Struct) kavro.value()).validate();

      byte[] genericBytes = engines.fromConnectGeneric(i);
      byte[] kavroBytes = engines.fromConnectKavro(i);
      assertArrayEquals(genericBytes, kavroBytes, name + " record " + i + ": bytes");
      // Equal bytes could still both be wrong: they must read back as the data written. The schema read back may
      // differ in metadata, as with Confluent (a union field without a default gains "default": null, so its Connect
      // schema gains the field-default flag), so the data is compared field by field.
      assertSameData(kavro.value(), engines.readBack(kavroBytes), name + " record " + i + ": round trip");
    }
  }

  /** Equal Connect data, whatever the schemas' metadata: structs by field name, lists and maps by element. */
  private static void assertSameData(Object expected, Object actual, String where) {
    if (expected instanceof Struct e && actual instanceof Struct a) {
      assertEquals(e.schema().fields().size(), a.schema().fields().size(), where + ": fields");
      for (Field field : e.schema().fields()) {
        assertSameData(e.get(field), a.get(field.name()), where + "." + field.name());
      }
    } else if (expected instanceof List<?> e && actual instanceof List<?> a) {
      assertEquals(e.size(), a.size(), where + ": size");
      for (int i = 0; i < e.size(); i++) {
        assertSameData(e.get(i), a.get(i), where + "[" + i + "]");
      }
    } else if (expected instanceof Map<?, ?> e && actual instanceof Map<?, ?> a) {
      assertEquals(e.keySet(), a.keySet(), where + ": keys");
      for (Map.Entry<?, ?> entry : e.entrySet()) {
        assertSameData(entry.getValue(), a.get(entry.getKey()), where + "[" + entry.getKey() + "]");
      }
    } else {
      assertEquals(expected, actual, where);
    }
  }

  @Test
  void refusesSpecificCases() {
    assertThrows(IllegalArgumentException.class, () -> new ConnectEngines(BenchCase.load("specific:user80")));
  }
}
