package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.concat;
import static dev.kavro.serde.Fixtures.prefix;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.test.canary.CanaryLog;
import dev.kavro.testing.AvroBytes;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.util.Utf8;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * A writer schema may name any class in {@code java-class}, {@code java-key-class} or {@code java-element-class}, and
 * Avro's specific readers would load and instantiate it. The canaries live in a package Avro trusts (as a user's
 * generated classes do), so only Kavro stands between the writer and their static initializers.
 */
class WriterClassPropsTest {
  private static final String CANARY = "dev.kavro.test.canary.";

  @AfterAll
  static void noCanaryEverRan() {
    assertEquals(List.of(), List.copyOf(CanaryLog.INITIALIZED));
  }

  @ParameterizedTest
  @CsvSource({"async,true", "compiled,true", "fallback,true", "async,false", "fallback,false"})
  void writerClassPropsLoadNothing(String mode, boolean specific) throws Exception {
    MockSchemaRegistry registry = new MockSchemaRegistry();
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "specific.avro.reader", specific,
        "kavro.reader.mode", mode);

    Schema string = parse("{\"type\":\"string\",\"java-class\":\"" + CANARY + "StringCanary\"}");
    assertEquals("hi", read(deserializer, registry, string, "hi").toString());

    Schema map = parse("{\"type\":\"map\",\"values\":\"int\",\"java-key-class\":\"" + CANARY + "KeyCanary\"}");
    Map<?, ?> m = (Map<?, ?>) read(deserializer, registry, map, Map.of("k", 1));
    assertEquals("k", m.keySet().iterator().next().toString());

    Schema array = parse("{\"type\":\"array\",\"items\":{\"type\":\"string\",\"java-class\":\"" + CANARY
        + "ElementCanary\"},\"java-element-class\":\"" + CANARY + "ElementCanary\"}");
    List<?> list = (List<?>) read(deserializer, registry, array, List.of("e"));
    assertEquals("e", list.get(0).toString());

    Schema union = parse("[\"null\",{\"type\":\"map\",\"values\":{\"type\":\"string\",\"java-class\":\"" + CANARY
        + "FieldCanary\"},\"java-key-class\":\"" + CANARY + "KeyCanary\"}]");
    Map<?, ?> u = (Map<?, ?>) read(deserializer, registry, union, Map.of("a", "b"));
    assertEquals("b", u.values().iterator().next().toString());
    assertTrue(CanaryLog.INITIALIZED.isEmpty(), () -> "initialized: " + CanaryLog.INITIALIZED);
  }

  @ParameterizedTest
  @CsvSource({"async", "compiled", "fallback"})
  void latestVersionClassPropsLoadNothing(String mode) throws Exception {
    MockSchemaRegistry registry = new MockSchemaRegistry();
    Schema plain = parse("{\"type\":\"record\",\"name\":\"Doc\",\"fields\":[{\"name\":\"s\",\"type\":\"string\"}]}");
    Schema named = parse("{\"type\":\"record\",\"name\":\"Doc\",\"fields\":[{\"name\":\"s\",\"type\":{\"type\":"
        + "\"string\",\"java-class\":\"" + CANARY + "LatestCanary\"}}]}");
    int id = registry.register("other-value", plain.toString(), List.of(), false);
    registry.register("docs-value", named.toString(), List.of(), false);
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "use.latest.version", true,
        "kavro.reader.mode", mode);
    GenericRecord record = new GenericData.Record(plain);
    record.put("s", new Utf8("x"));
    Object read = deserializer.deserialize("docs", new RecordHeaders(),
        concat(prefix(id), AvroBytes.encode(plain, record)));
    assertEquals("x", ((GenericRecord) read).get("s").toString());
    assertTrue(CanaryLog.INITIALIZED.isEmpty(), () -> "initialized: " + CanaryLog.INITIALIZED);
  }

  private static Object read(KavroDeserializer deserializer, MockSchemaRegistry registry, Schema schema,
      Object datum) {
    int id = registry.register("t-value", schema.toString(), List.of(), false);
    return deserializer.deserialize("t", concat(prefix(id), AvroBytes.encode(schema, datum)));
  }

  private static Schema parse(String json) {
    return new Schema.Parser().parse(json);
  }
}
