package dev.kavro.avro;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.kavro.runtime.ByteArrayEncoder;
import dev.kavro.test.specific.Account;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomSchemas;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.util.Utf8;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** Kavro writers must produce exactly the bytes of vanilla Avro's writers, and fail where they fail. */
class DifferentialWriteTest {
  private static final int SCHEMAS = 300;
  private static final int RECORDS_PER_SCHEMA = 3;

  @BeforeAll
  static void trustGeneratedClasses() {
    Models.trustTestSpecificRecords();
  }

  /**
   * The bytes written, or null if writing threw. Every write goes through both Avro's BinaryEncoder and Kavro's
   * ByteArrayEncoder (and {@code toBytes} for Kavro's writers), which must agree on the bytes or on failing.
   */
  private static byte[] write(DatumWriter<Object> writer, Object datum) {
    byte[] viaBinaryEncoder = writeWith(writer, datum, false);
    byte[] viaByteArrayEncoder = writeWith(writer, datum, true);
    assertArrayEquals(viaBinaryEncoder, viaByteArrayEncoder, () -> "BinaryEncoder and ByteArrayEncoder differ for "
        + writer.getClass().getSimpleName() + "\ndatum: " + datum);
    if (writer instanceof KavroDatumWriter<Object> kavro) {
      byte[] viaToBytes;
      try {
        viaToBytes = kavro.toBytes(datum);
      } catch (IOException | RuntimeException e) {
        viaToBytes = null;
      }
      assertArrayEquals(viaBinaryEncoder, viaToBytes, () -> "toBytes differs\ndatum: " + datum);
    }
    return viaBinaryEncoder;
  }

  private static byte[] writeWith(DatumWriter<Object> writer, Object datum, boolean byteArrayEncoder) {
    try {
      if (byteArrayEncoder) {
        ByteArrayEncoder encoder = new ByteArrayEncoder(0);
        writer.write(datum, encoder);
        return encoder.toByteArray();
      }
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      writer.write(datum, encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException | RuntimeException e) {
      return null;
    }
  }

  private static void assertSameBytes(DatumWriter<Object> vanilla, DatumWriter<Object> kavro, Object datum,
      String context) {
    byte[] expected = write(vanilla, datum);
    byte[] actual = write(kavro, datum);
    if (expected == null) {
      assertNull(actual, () -> "vanilla failed to write but Kavro wrote\n" + context + "\ndatum: " + datum);
    } else {
      assertArrayEquals(expected, actual, () -> context + "\ndatum: " + datum);
    }
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void writesRandomDataLikeGenericDatumWriter(CompileMode mode) {
    for (int n = 1; n <= SCHEMAS; n++) {
      long seed = n;
      Random random = new Random(seed);
      Schema schema = new RandomSchemas(random).record();
      boolean conversions = random.nextBoolean();
      GenericData model = Models.generic(false, conversions);
      RandomData data = new RandomData(random, model);
      KavroDatumWriter<Object> kavro = KavroDatumWriter.create(schema, Models.generic(false, conversions), mode);
      DatumWriter<Object> vanilla = new GenericDatumWriter<>(schema, model);
      for (int i = 0; i < RECORDS_PER_SCHEMA; i++) {
        Object datum = data.next(schema);
        byte[] bytes = write(kavro, datum);
        assertArrayEquals(write(vanilla, datum), bytes, () -> "seed=" + seed + " mode=" + mode + " conversions="
            + conversions + "\nschema: " + schema + "\ndatum: " + datum);
      }
      KavroImplementation.assertCompiledState(kavro, mode);
    }
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void failsWhereGenericDatumWriterFails(CompileMode mode) {
    Schema schema = Differential.schema("""
        {"type": "record", "name": "W", "fields": [{"name": "i", "type": "int"}, {"name": "s", "type": "string"},
          {"name": "e", "type": {"type": "enum", "name": "E", "symbols": ["A"]}},
          {"name": "u", "type": ["null", "long"]},
          {"name": "f", "type": {"type": "fixed", "name": "F", "size": 2}}]}""");
    List<GenericData.Record> bad = new ArrayList<>();
    for (int i = 0; i < 5; i++) {
      GenericData.Record record = new GenericData.Record(schema);
      record.put("i", 1);
      record.put("s", "s");
      record.put("e", new GenericData.EnumSymbol(schema.getField("e").schema(), "A"));
      record.put("u", 2L);
      record.put("f", new GenericData.Fixed(schema.getField("f").schema(), new byte[2]));
      bad.add(record);
    }
    bad.get(0).put("i", null);
    bad.get(1).put("s", 5);
    bad.get(2).put("e", new GenericData.EnumSymbol(schema.getField("e").schema(), "NOPE"));
    bad.get(3).put("u", "not a long");
    bad.get(4).put("f", new GenericData.Fixed(schema.getField("f").schema(), new byte[1]));
    DatumWriter<Object> vanilla = new GenericDatumWriter<>(schema, Models.generic(false, false));
    KavroDatumWriter<Object> kavro = KavroDatumWriter.create(schema, Models.generic(false, false), mode);
    for (GenericData.Record record : bad) {
      assertSameBytes(vanilla, kavro, record, "mode=" + mode);
    }
    assertNull(write(vanilla, bad.get(0)), "vanilla rejects a null int, so this test compares failures");
  }

  /** The compiled writer picks some branches from the datum's class; every pick must be resolveUnion's. */
  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void choosesUnionBranchesAsResolveUnionDoes(CompileMode mode) {
    Schema schema = Differential.schema("""
        {"type": "record", "name": "U", "fields": [{"name": "u", "type": ["null", "string", "int", "long", "float",
          "double", "boolean", {"type": "record", "name": "R", "fields": [{"name": "x", "type": "int"}]},
          {"type": "array", "items": "int"}]}]}""");
    Schema r = schema.getField("u").schema().getTypes().get(7);
    Schema equalR = Differential.schema(r.toString());
    Schema otherR = Differential.schema("""
        {"type": "record", "name": "Other", "fields": [{"name": "x", "type": "int"}]}""");
    GenericData.Record sameSchemaRecord = new GenericData.Record(r);
    sameSchemaRecord.put(0, 1);
    GenericData.Record equalSchemaRecord = new GenericData.Record(equalR);
    equalSchemaRecord.put(0, 2);
    GenericData.Record otherRecord = new GenericData.Record(otherR);
    otherRecord.put(0, 3);
    List<Object> values = new ArrayList<>(List.of("s", new Utf8("u"), new StringBuilder("sb"), 1,
        2L, 3f, 4d, true, sameSchemaRecord, equalSchemaRecord, otherRecord, List.of(5), (short) 6,
        new BigDecimal("7")));
    values.add(null);
    DatumWriter<Object> vanilla = new GenericDatumWriter<>(schema, Models.generic(false, false));
    KavroDatumWriter<Object> kavro = KavroDatumWriter.create(schema, Models.generic(false, false), mode);
    int written = 0;
    for (Object value : values) {
      GenericData.Record record = new GenericData.Record(schema);
      record.put(0, value);
      assertSameBytes(vanilla, kavro, record, "mode=" + mode);
      written += write(vanilla, record) != null ? 1 : 0;
    }
    assertEquals(12, written, "all but the foreign record, the Short and the BigDecimal resolve to a branch");
  }

  @ParameterizedTest
  @EnumSource(CompileMode.class)
  void writesSpecificRecordsLikeSpecificDatumWriter(CompileMode mode) throws IOException {
    Schema schema = Account.getClassSchema();
    RandomData data = new RandomData(new Random(4), Models.generic(false, false));
    SpecificDatumReader<Account> toSpecific = new SpecificDatumReader<>(Account.class);
    DatumWriter<Object> vanilla = cast(new SpecificDatumWriter<>(Account.class));
    List<DatumWriter<Object>> kavros = List.of(
        cast(KavroDatumWriter.specific(Account.class)),
        KavroDatumWriter.create(schema, Models.specific(false), mode));
    for (int i = 0; i < 100; i++) {
      byte[] generic = Oracle.encode(schema, Models.generic(false, false), data.next(schema));
      Account account = toSpecific.read(null, DecoderFactory.get().binaryDecoder(generic, null));
      for (DatumWriter<Object> kavro : kavros) {
        assertSameBytes(vanilla, kavro, account, "mode=" + mode);
      }
    }
    KavroImplementation.assertCompiledState((KavroDatumWriter<?>) kavros.get(1), mode);
  }

  @Test
  void genericFactoryWritesLikeGenericDatumWriter() {
    Schema schema = new RandomSchemas(new Random(5)).record();
    RandomData data = new RandomData(new Random(6), GenericData.get());
    KavroDatumWriter<Object> kavro = KavroDatumWriter.generic(schema);
    DatumWriter<Object> vanilla = new GenericDatumWriter<>(schema);
    int written = 0;
    for (int i = 0; i < 50; i++) {
      Object datum = data.next(schema);
      assertSameBytes(vanilla, kavro, datum, "schema: " + schema);
      written += write(kavro, datum) != null ? 1 : 0;
    }
    assertEquals(50, written, "every random datum is valid, so both writers must write it");
  }

  @SuppressWarnings("unchecked")
  private static DatumWriter<Object> cast(DatumWriter<?> writer) {
    return (DatumWriter<Object>) writer;
  }
}
