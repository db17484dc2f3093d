package dev.kavro.connect;

import static dev.kavro.connect.ConverterFixtures.confluentBytes;
import static dev.kavro.connect.ConverterFixtures.freshRegistry;
import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.wire.WireFormat;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.util.Utf8;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Kavro's opt-in mapping of Avro micros, local timestamps and uuids ({@code kavro.connect.extended.logical.types}):
 * off, they stay Confluent's INT64/STRING with every digit; on, Connect timestamps and times that write the same Avro
 * types back; and a marked Connect schema written with the option off is Confluent's millis, never scaled.
 */
class ExtendedLogicalTypesTest {
  private static final org.apache.avro.Schema AVRO = new org.apache.avro.Schema.Parser().parse("""
      {"type":"record","name":"Times","namespace":"t","fields":[
        {"name":"tsu","type":{"type":"long","logicalType":"timestamp-micros"}},
        {"name":"lts","type":{"type":"long","logicalType":"local-timestamp-millis"}},
        {"name":"tmu","type":{"type":"long","logicalType":"time-micros"}},
        {"name":"id","type":{"type":"string","logicalType":"uuid"}}]}""");
  private static final long MICROS = 1_700_000_000_123_456L;
  private static final long LOCAL_MILLIS = 1_700_000_000_123L;
  private static final long TIME_MICROS = 3_600_000_456L;
  private static final String UUID_TEXT = "0b5b4c0e-6f0d-4b6b-9c1a-1d2e3f4a5b6c";

  enum Run {
    GENERIC_FALLBACK(ConverterPaths.GENERIC, "fallback"),
    COMPILED(ConverterPaths.INTERPRETER, "compiled"),
    FALLBACK(ConverterPaths.INTERPRETER, "fallback"),
    ASYNC(ConverterPaths.INTERPRETER, "async");

    final ConverterPaths paths;
    final String mode;

    Run(ConverterPaths paths, String mode) {
      this.paths = paths;
      this.mode = mode;
    }
  }

  private static GenericRecord datum() {
    GenericData.Record record = new GenericData.Record(AVRO);
    record.put("tsu", MICROS);
    record.put("lts", LOCAL_MILLIS);
    record.put("tmu", TIME_MICROS);
    record.put("id", new Utf8(UUID_TEXT));
    return record;
  }

  private static KavroConverter converter(Run run, MockSchemaRegistry registry, boolean extended) {
    Map<String, Object> config = new HashMap<>();
    config.put("kavro.reader.mode", run.mode);
    config.put("kavro.connect.extended.logical.types", extended);
    return ConverterFixtures.converter(false, config, run.paths, registry);
  }

  @ParameterizedTest
  @EnumSource(Run.class)
  void offByDefaultTheValuesKeepEveryDigitAsConfluent(Run run) {
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("t-value", AVRO, false);
    // No kavro.connect.extended.logical.types key at all: the default.
    SchemaAndValue result = ConverterFixtures.converter(false, Map.of("kavro.reader.mode", run.mode), run.paths,
        registry).toConnectData("t", confluentBytes(id, AVRO, datum()));
    Struct struct = (Struct) result.value();
    assertEquals(Schema.Type.INT64, result.schema().field("tsu").schema().type());
    assertEquals(null, result.schema().field("tsu").schema().name());
    assertEquals(MICROS, struct.get("tsu"));
    assertEquals(LOCAL_MILLIS, struct.get("lts"));
    assertEquals(TIME_MICROS, struct.get("tmu"));
    assertEquals(UUID_TEXT, struct.get("id"));
    assertEquals(null, result.schema().field("id").schema().parameters());
  }

  @ParameterizedTest
  @EnumSource(Run.class)
  void onTheyBecomeConnectTimestampsAndTimesThatWriteTheSameAvroTypesBack(Run run) throws Exception {
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("t-value", AVRO, false);
    KavroConverter converter = converter(run, registry, true);
    SchemaAndValue result = converter.toConnectData("t", confluentBytes(id, AVRO, datum()));
    Struct struct = (Struct) result.value();
    assertEquals(Timestamp.LOGICAL_NAME, result.schema().field("tsu").schema().name());
    assertEquals(Time.LOGICAL_NAME, result.schema().field("tmu").schema().name());
    assertEquals(new java.util.Date(MICROS / 1000), struct.get("tsu"));
    assertEquals(new java.util.Date(LOCAL_MILLIS), struct.get("lts"));
    assertEquals(new java.util.Date(TIME_MICROS / 1000), struct.get("tmu"));
    assertEquals(UUID_TEXT, struct.get("id"));

    byte[] written = converter.fromConnectData("t-out", result.schema(), struct);
    org.apache.avro.Schema registered = registry.latest("t-out-value").schema();
    for (String field : new String[] {"tsu", "lts", "tmu", "id"}) {
      assertEquals(AVRO.getField(field).schema().getLogicalType(), registered.getField(field).schema().getLogicalType(),
          field);
    }
    GenericRecord back = read(registered, written);
    assertEquals(MICROS / 1000 * 1000, back.get("tsu"), "microseconds below the millisecond are lost");
    assertEquals(LOCAL_MILLIS, back.get("lts"));
    assertEquals(TIME_MICROS / 1000 * 1000, back.get("tmu"));
    assertEquals(new Utf8(UUID_TEXT), back.get("id"));
  }

  @ParameterizedTest
  @EnumSource(Run.class)
  void aMarkedSchemaWrittenWithTheOptionOffIsConfluentsMillis(Run run) throws Exception {
    MockSchemaRegistry registry = freshRegistry();
    int id = registry.register("t-value", AVRO, false);
    SchemaAndValue marked = converter(run, registry, true).toConnectData("t", confluentBytes(id, AVRO, datum()));
    byte[] written = converter(run, registry, false).fromConnectData("t-off", marked.schema(), marked.value());
    org.apache.avro.Schema registered = registry.latest("t-off-value").schema();
    assertEquals("timestamp-millis", registered.getField("tsu").schema().getLogicalType().getName());
    assertEquals("time-millis", registered.getField("tmu").schema().getLogicalType().getName());
    GenericRecord back = read(registered, written);
    assertEquals(MICROS / 1000, back.get("tsu"));
    assertEquals((int) (TIME_MICROS / 1000), back.get("tmu"));
  }

  private static GenericRecord read(org.apache.avro.Schema schema, byte[] framed) throws Exception {
    byte[] body = Arrays.copyOfRange(framed, WireFormat.ID_PREFIX_LENGTH, framed.length);
    return new GenericDatumReader<GenericRecord>(schema).read(null, DecoderFactory.get().binaryDecoder(body, null));
  }
}
