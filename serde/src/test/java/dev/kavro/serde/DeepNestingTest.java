package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.concat;
import static dev.kavro.serde.Fixtures.prefix;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.runtime.NestingLimit;
import dev.kavro.testing.AvroBytes;
import dev.kavro.testing.DeepData;
import java.util.List;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.kafka.common.errors.SerializationException;
import org.apache.kafka.common.header.internals.RecordHeaders;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Data of recursive schemas nested as deeply as Avro's own reader manages on a default thread stack (about 8,500
 * levels of a list once JIT-compiled) is read in every mode, whatever stack the caller has left; deeper than the limit
 * fails with a typed error naming the topic, the schema id and the depth. Never a {@code StackOverflowError}.
 */
class DeepNestingTest {
  private static final long SMALL_STACK = 512 * 1024;
  private static final long BIG_STACK = 512L << 20;

  @ParameterizedTest
  @CsvSource({"async,list", "compiled,list", "fallback,list", "async,tree", "compiled,tree", "fallback,tree"})
  void readsAsDeepAsAvroOnAnyCallerStack(String mode, String shape) throws Exception {
    Schema schema = shape.equals("list") ? DeepData.LIST : DeepData.TREE;
    MockSchemaRegistry registry = new MockSchemaRegistry();
    int id = registry.register("deep-value", schema.toString(), List.of(), false);
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "kavro.reader.mode", mode);
    // A tree level opens a record and an array: 4,500 levels are 9,000 of the limit's 10,000. Avro reads trees
    // about 2,400 levels deep on a default stack.
    for (int depth : shape.equals("list") ? new int[] {9_000, 300, 2_000} : new int[] {4_500, 300, 2_000}) {
      byte[] avro = shape.equals("list") ? DeepData.list(depth) : DeepData.tree(depth);
      Object expected = DeepData.onStack(BIG_STACK, () -> new GenericDatumReader<>(schema, schema,
          GenericData.get()).read(null, AvroBytes.decoder(avro)));
      byte[] framed = concat(prefix(id), avro);
      Object plain = DeepData.onStack(SMALL_STACK, () -> deserializer.deserialize("deep", framed));
      RecordHeaders headers = new RecordHeaders();
      headers.add("__value_schema_id", concat(prefix(id)));
      Object withHeaders = DeepData.onStack(SMALL_STACK, () -> deserializer.deserialize("deep", headers, avro));
      // equals() recurses as deeply as the data.
      assertTrue(DeepData.onStack(BIG_STACK, () -> expected.equals(plain) && expected.equals(withHeaders)),
          mode + " " + shape + " " + depth);
    }
  }

  @ParameterizedTest
  @CsvSource({"async,list", "compiled,list", "fallback,list", "async,tree", "fallback,tree"})
  void deeperThanTheLimitIsATypedErrorNamingTopicIdAndDepth(String mode, String shape) throws Exception {
    Schema schema = shape.equals("list") ? DeepData.LIST : DeepData.TREE;
    MockSchemaRegistry registry = new MockSchemaRegistry();
    int id = registry.register("deep-value", schema.toString(), List.of(), false);
    KavroDeserializer deserializer = Fixtures.deserializer(registry, false, "kavro.reader.mode", mode);
    int depth = NestingLimit.MAX_DEPTH + 1;
    byte[] framed = concat(prefix(id), shape.equals("list") ? DeepData.list(depth) : DeepData.tree(depth));
    SerializationException e = assertThrows(SerializationException.class,
        () -> DeepData.onStack(SMALL_STACK, () -> deserializer.deserialize("deep", framed)));
    String message = e.getMessage();
    assertTrue(message.contains("topic 'deep'") && message.contains("schema id " + id)
        && message.contains(Integer.toString(NestingLimit.MAX_DEPTH)) && message.contains("kavro.limits.depth.max"),
        message);
    // The deserializer is unharmed.
    assertEquals(1, ((GenericData.Record) deserializer.deserialize("deep", concat(prefix(id),
        shape.equals("list") ? DeepData.list(3) : DeepData.tree(3)))).get("v"));
  }
}
