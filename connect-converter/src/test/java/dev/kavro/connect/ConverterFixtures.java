package dev.kavro.connect;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.wire.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;

/** Connect schemas and values covering every mapping, and helpers for converters on mock registries. */
final class ConverterFixtures {
  static final Schema ADDRESS = SchemaBuilder.struct().name("com.acme.Address").optional()
      .field("street", Schema.STRING_SCHEMA)
      .field("zip", Schema.OPTIONAL_INT32_SCHEMA)
      .build();

  static final Schema EVERYTHING = SchemaBuilder.struct().name("com.acme.Everything").version(1)
      .field("i8", Schema.INT8_SCHEMA)
      .field("i16", Schema.INT16_SCHEMA)
      .field("i32", Schema.INT32_SCHEMA)
      .field("i64", Schema.INT64_SCHEMA)
      .field("f32", Schema.FLOAT32_SCHEMA)
      .field("f64", Schema.FLOAT64_SCHEMA)
      .field("flag", Schema.BOOLEAN_SCHEMA)
      .field("text", Schema.STRING_SCHEMA)
      .field("blob", Schema.BYTES_SCHEMA)
      .field("amount", Decimal.builder(2).parameter("connect.decimal.precision", "12").build())
      .field("day", Date.SCHEMA)
      .field("clock", Time.SCHEMA)
      .field("at", Timestamp.SCHEMA)
      .field("maybe", Schema.OPTIONAL_STRING_SCHEMA)
      .field("tags", SchemaBuilder.array(Schema.STRING_SCHEMA).build())
      .field("counts", SchemaBuilder.map(Schema.STRING_SCHEMA, Schema.INT32_SCHEMA).build())
      .field("byId", SchemaBuilder.map(Schema.INT64_SCHEMA, Schema.OPTIONAL_STRING_SCHEMA).build())
      .field("home", ADDRESS)
      .field("work", ADDRESS)
      .field("addresses", SchemaBuilder.array(ADDRESS).optional().build())
      .build();

  private ConverterFixtures() {}

  static Struct everything(int seed) {
    Map<String, Integer> counts = new HashMap<>();
    counts.put("a", seed);
    counts.put("b", seed + 1);
    Map<Long, String> byId = new HashMap<>();
    byId.put(1L + seed, "one");
    byId.put(2L + seed, null);
    return new Struct(EVERYTHING)
        .put("i8", (byte) (seed % 100))
        .put("i16", (short) (seed * 7))
        .put("i32", seed * 1000)
        .put("i64", seed * 1_000_000_000_000L)
        .put("f32", 1.5f * seed)
        .put("f64", 2.25 * seed)
        .put("flag", seed % 2 == 0)
        .put("text", "text-" + seed + "-ü")
        .put("blob", ByteBuffer.wrap(new byte[] {1, 2, (byte) seed}))
        .put("amount", new BigDecimal("12345.67").add(BigDecimal.valueOf(seed)))
        .put("day", Date.toLogical(Date.SCHEMA, 19_000 + seed))
        .put("clock", Time.toLogical(Time.SCHEMA, 3_600_000 + seed))
        .put("at", Timestamp.toLogical(Timestamp.SCHEMA, 1_700_000_000_000L + seed))
        .put("maybe", seed % 2 == 0 ? null : "present")
        .put("tags", List.of("x", "y" + seed))
        .put("counts", counts)
        .put("byId", byId)
        .put("home", new Struct(ADDRESS).put("street", "Main " + seed).put("zip", seed % 2 == 0 ? null : 1234))
        .put("work", null)
        .put("addresses", List.of(new Struct(ADDRESS).put("street", "Side").put("zip", 9)));
  }

  /** A converter on a fresh mock scope; the scope name is returned through {@code scope[0]}. */
  static KavroConverter converter(boolean isKey, Map<String, Object> extra, ConverterPaths paths,
      MockSchemaRegistry registry) {
    KavroConverter converter = paths.converter(registry);
    Map<String, Object> config = new HashMap<>(extra);
    converter.configure(config, isKey);
    return converter;
  }

  static MockSchemaRegistry freshRegistry() {
    return MockSchemaRegistry.forScope("connect-test-" + UUID.randomUUID());
  }

  /** What any Confluent-compatible serializer writes: {@code 0x00}, the id, vanilla Avro binary. */
  static byte[] confluentBytes(int id, org.apache.avro.Schema schema, Object datum) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(WireFormat.idPrefix(id));
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      new GenericDatumWriter<>(schema).write(datum, encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
