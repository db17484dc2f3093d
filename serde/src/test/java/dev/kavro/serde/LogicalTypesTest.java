package dev.kavro.serde;

import static dev.kavro.serde.Fixtures.body;
import static dev.kavro.serde.Fixtures.deserializer;
import static dev.kavro.serde.Fixtures.serializer;
import static dev.kavro.serde.Fixtures.vanillaRead;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.test.specific.Logical;
import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.UUID;
import org.apache.avro.Conversions;
import org.apache.avro.Schema;
import org.apache.avro.data.TimeConversions;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.util.Utf8;
import org.apache.kafka.common.errors.SerializationException;
import org.junit.jupiter.api.Test;

class LogicalTypesTest {
  private static final Schema SCHEMA = Logical.SCHEMA$;
  private static final BigDecimal AMOUNT = new BigDecimal("12345678.90");
  private static final LocalDate DAY = LocalDate.of(2024, 2, 29);
  private static final LocalTime TIME_MILLIS = LocalTime.of(13, 14, 15, 123_000_000);
  private static final LocalTime TIME_MICROS = LocalTime.of(23, 59, 59, 999_999_000);
  private static final Instant TS_MILLIS = Instant.parse("2024-05-01T10:15:30.123Z");
  private static final Instant TS_MICROS = Instant.parse("1969-12-31T23:59:59.000001Z");
  private static final UUID ID = UUID.fromString("0b4f0c1e-2a3b-4c5d-8e9f-001122334455");
  private static final LocalDateTime LOCAL_TS = LocalDateTime.of(2000, 1, 1, 0, 0, 0, 7_000_000);

  private final MockSchemaRegistry registry = new MockSchemaRegistry();

  @Test
  void specificRecordWithLogicalTypesRoundTrips() {
    Logical logical = specific();
    byte[] bytes = serializer(registry, false).serialize("logical", logical);
    for (boolean converters : new boolean[] {false, true}) {
      Object decoded = deserializer(registry, false, "specific.avro.reader", true,
          "avro.use.logical.type.converters", converters).deserialize("logical", bytes);
      assertInstanceOf(Logical.class, decoded);
      assertEquals(logical, decoded);
      assertEquals(vanillaRead(SCHEMA, SCHEMA, SpecificData.getForClass(Logical.class), body(bytes)), decoded);
    }
  }

  @Test
  void genericReadWithConvertersGivesJavaTypes() {
    byte[] bytes = serializer(registry, false).serialize("logical", specific());
    GenericRecord decoded = (GenericRecord) deserializer(registry, false, "avro.use.logical.type.converters", true)
        .deserialize("logical", bytes);
    assertEquals(vanillaRead(SCHEMA, SCHEMA, modelWithConversions(), body(bytes)), decoded);
    assertEquals(AMOUNT, decoded.get("amount"));
    assertEquals(DAY, decoded.get("day"));
    assertEquals(TIME_MILLIS, decoded.get("timeMillis"));
    assertEquals(TIME_MICROS, decoded.get("timeMicros"));
    assertEquals(TS_MILLIS, decoded.get("tsMillis"));
    assertEquals(TS_MICROS, decoded.get("tsMicros"));
    assertEquals(ID, decoded.get("id"));
    assertEquals(LOCAL_TS, decoded.get("localTs"));
  }

  @Test
  void genericReadWithoutConvertersGivesAvroTypes() {
    byte[] bytes = serializer(registry, false).serialize("logical", specific());
    GenericRecord decoded = (GenericRecord) deserializer(registry, false).deserialize("logical", bytes);
    assertEquals(vanillaRead(SCHEMA, SCHEMA, GenericData.get(), body(bytes)), decoded);
    assertInstanceOf(ByteBuffer.class, decoded.get("amount"));
    assertEquals((int) DAY.toEpochDay(), decoded.get("day"));
    assertEquals(TS_MILLIS.toEpochMilli(), decoded.get("tsMillis"));
    assertEquals(new Utf8(ID.toString()), decoded.get("id"));
  }

  @Test
  void genericRecordsWithJavaTypesSerializeWithConverters() {
    GenericRecord generic = new GenericData.Record(SCHEMA);
    generic.put("amount", AMOUNT);
    generic.put("day", DAY);
    generic.put("timeMillis", TIME_MILLIS);
    generic.put("timeMicros", TIME_MICROS);
    generic.put("tsMillis", TS_MILLIS);
    generic.put("tsMicros", TS_MICROS);
    generic.put("id", ID);
    generic.put("localTs", LOCAL_TS);
    byte[] fromGeneric = serializer(registry, false, "avro.use.logical.type.converters", true)
        .serialize("logical", generic);
    byte[] fromSpecific = serializer(registry, false).serialize("logical", specific());
    assertArrayEquals(fromSpecific, fromGeneric);
    assertArrayEquals(Fixtures.confluentBytes(Fixtures.idOf(fromGeneric), SCHEMA, generic, modelWithConversions()),
        fromGeneric);

    SerializationException e = assertThrows(SerializationException.class,
        () -> serializer(registry, false).serialize("logical", generic));
    assertTrue(e.getMessage().contains("topic 'logical'") && e.getMessage().contains("value")
        && e.getMessage().contains("schema id " + Fixtures.idOf(fromGeneric)), e.getMessage());
  }

  private static Logical specific() {
    return Logical.newBuilder().setAmount(AMOUNT).setDay(DAY).setTimeMillis(TIME_MILLIS).setTimeMicros(TIME_MICROS)
        .setTsMillis(TS_MILLIS).setTsMicros(TS_MICROS).setId(ID).setLocalTs(LOCAL_TS).build();
  }

  private static GenericData modelWithConversions() {
    GenericData model = new GenericData();
    model.addLogicalTypeConversion(new Conversions.DecimalConversion());
    model.addLogicalTypeConversion(new Conversions.UUIDConversion());
    model.addLogicalTypeConversion(new TimeConversions.DateConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimeMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimeMicrosConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMillisConversion());
    model.addLogicalTypeConversion(new TimeConversions.TimestampMicrosConversion());
    model.addLogicalTypeConversion(new TimeConversions.LocalTimestampMillisConversion());
    return model;
  }
}
