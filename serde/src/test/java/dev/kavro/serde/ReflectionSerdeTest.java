package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.serializer;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.test.reflect.Nested;
import dev.kavro.test.reflect.Reading;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.reflect.ReflectData;
import org.apache.avro.reflect.ReflectDatumWriter;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

/** {@code schema.reflection} and {@code avro.reflection.allow.null}, checked against Avro's own reflect writer. */
class ReflectionSerdeTest {
  private final MockSchemaRegistry registry = new MockSchemaRegistry();

  private static byte[] confluent(int id, ReflectData model, Object value) {
    return Fixtures.confluentBytes(id, new ReflectDatumWriter<>(model.getSchema(value.getClass()), model), value);
  }

  @Test
  void pojosAreWrittenAsAvrosReflectWriterWritesThem() {
    Reading reading = new Reading("t-1", 21.5, new long[] {4L, 5L}, new Nested(3));
    byte[] bytes = serializer(registry, false, "schema.reflection", true).serialize("readings", reading);

    int id = registry.lookup("readings-value", ReflectData.get().getSchema(Reading.class), false).id();
    assertArrayEquals(confluent(id, ReflectData.get(), reading), bytes);
    assertEquals(ReflectData.get().getSchema(Reading.class), registry.schemaById(id));

    Object back = deserializer(registry, false, "schema.reflection", true, "kavro.reflection.value.type",
        Reading.class.getName()).deserialize("readings", bytes);
    assertEquals(reading, back);
  }

  @Test
  void allowNullMakesEveryFieldNullable() {
    Reading reading = new Reading(null, 1.0, null, null);
    byte[] bytes = serializer(registry, false, "schema.reflection", true, "avro.reflection.allow.null", true)
        .serialize("readings", reading);
    Schema allowNull = ReflectData.AllowNull.get().getSchema(Reading.class);
    int id = registry.lookup("readings-value", allowNull, false).id();
    assertArrayEquals(confluent(id, ReflectData.AllowNull.get(), reading), bytes);
    assertEquals(reading, deserializer(registry, false, "schema.reflection", true, "avro.reflection.allow.null",
        true, "kavro.reflection.value.type", Reading.class).deserialize("readings", bytes));
    assertThrows(SerializationException.class, () -> serializer(registry, false, "schema.reflection", true)
        .serialize("readings", reading), "without allow.null a null field cannot be written");
  }

  @Test
  void primitivesAndGenericRecordsKeepTheirPathsUnderReflection() {
    KavroSerializer s = serializer(registry, false, "schema.reflection", true);
    byte[] text = s.serialize("t", "hello");
    assertEquals("hello", deserializer(registry, false, "schema.reflection", true, "kavro.reflection.value.type",
        Reading.class.getName()).deserialize("t", text));
  }

  @Test
  void readingWithReflectionNeedsAConfiguredClass() {
    ConfigException e = assertThrows(ConfigException.class,
        () -> deserializer(registry, false, "schema.reflection", true));
    assertTrue(e.getMessage().contains("kavro.reflection.value.type"), e.getMessage());
  }

  @Test
  void withoutReflectionPojosAreRejectedAndMapsAreAccepted() {
    KavroSerializer s = serializer(registry, false);
    SerializationException e = assertThrows(SerializationException.class,
        () -> s.serialize("readings", new Reading("x", 1, new long[0], new Nested(1))));
    assertTrue(e.getMessage().contains("schema.reflection"), e.getMessage());

    Map<String, Integer> counts = new LinkedHashMap<>();
    counts.put("a", 1);
    counts.put("b", 2);
    byte[] bytes = s.serialize("counts", counts);
    Schema mapOfInt = Schema.createMap(Schema.create(Schema.Type.INT));
    int id = registry.lookup("counts-value", mapOfInt, false).id();
    assertArrayEquals(Fixtures.confluentBytes(id, mapOfInt, counts, GenericData.get()), bytes);
    assertEquals(Map.of("a", 1, "b", 2), stringKeys((Map<?, ?>) deserializer(registry, false)
        .deserialize("counts", bytes)));
    assertArrayEquals(bytes, s.serialize("counts", counts), "the interned map schema keeps the id");
  }

  @Test
  void removeJavaPropertiesRegistersTheSchemaWithoutAvroJavaString() {
    Schema withJavaString = new Schema.Parser().parse("{\"type\":\"record\",\"name\":\"S\",\"namespace\":\"x\","
        + "\"fields\":[{\"name\":\"a\",\"type\":{\"type\":\"string\",\"avro.java.string\":\"String\"}},"
        + "{\"name\":\"m\",\"type\":{\"type\":\"map\",\"values\":\"int\",\"avro.java.string\":\"String\"}}]}");
    GenericData.Record record = new GenericData.Record(withJavaString);
    record.put("a", "x");
    record.put("m", Map.of("k", 1));
    byte[] stripped = serializer(registry, false, "avro.remove.java.properties", true).serialize("s", record);
    Schema registered = registry.schemaById(Fixtures.idOf(stripped));
    assertTrue(!registered.toString().contains("avro.java.string"), registered.toString());
    // Schema equality includes properties, so this fails if any avro.java.string is left.
    assertEquals(new Schema.Parser().parse(withJavaString.toString().replace(",\"avro.java.string\":\"String\"", "")),
        registered);
    byte[] kept = serializer(registry, false).serialize("s", record);
    assertTrue(registry.schemaById(Fixtures.idOf(kept)).toString().contains("avro.java.string"));
    assertArrayEquals(Fixtures.body(kept), Fixtures.body(stripped), "the property does not change the bytes");
  }

  private static Map<String, Object> stringKeys(Map<?, ?> map) {
    Map<String, Object> out = new LinkedHashMap<>();
    map.forEach((k, v) -> out.put(k.toString(), v));
    return out;
  }
}
