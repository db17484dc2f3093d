package dev.kavro.flink.row;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomEvolution;
import java.io.IOException;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.BooleanType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * Reading with a reader schema given (the format's {@code schema} option): vanilla Avro reading the same bytes with
 * that reader schema is the peer, so its defaults fill the columns the writer lacks and its aliases name the writer's
 * fields, as in Avro.
 */
class ReaderSchemaOptionTest {
  private static final int RECORDS = 6;

  private static final Schema WRITER = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"shop","fields":[
        {"name":"id","type":"long"},
        {"name":"amt","type":"double"}]}""");
  private static final Schema READER = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"shop","fields":[
        {"name":"id","type":"long"},
        {"name":"amount","type":"double","aliases":["amt"]},
        {"name":"currency","type":"string","default":"EUR"},
        {"name":"tags","type":{"type":"array","items":"string"},"default":["a","b"]},
        {"name":"address","type":{"type":"record","name":"Address","fields":[
          {"name":"city","type":"string"}]},"default":{"city":"Lyon"}},
        {"name":"note","type":["null","string"],"default":null}]}""");

  @Test
  void readerDefaultsFillColumnsAndAliasesNameWriterFields() throws IOException {
    RowType type = DecodeDifferentialTest.flinkType(READER);
    GenericRecord record = new GenericData.Record(WRITER);
    record.put("id", 7L);
    record.put("amt", 2.5);
    byte[] body = Oracle.encode(WRITER, GenericData.get(), record);

    RowDecoder decoder = RowDecoder.create(WRITER, type, TimestampMapping.CORRECT, READER);
    RowData first = decoder.decode(body, 0, body.length);
    RowData second = decoder.decode(body, 0, body.length);

    assertEquals(7L, first.getLong(0));
    assertEquals(2.5, first.getDouble(1));
    assertEquals(StringData.fromString("EUR"), first.getString(2));
    assertEquals(2, first.getArray(3).size());
    assertEquals(StringData.fromString("Lyon"), first.getRow(4, 1).getString(0));
    assertTrue(first.isNullAt(5));
    Rows.assertSameRow((RowData) new AvroOracle(WRITER, READER, type, TimestampMapping.CORRECT).expect(body), first,
        type, "against vanilla Avro");
    // Rows are mutable: each gets its own default values.
    assertNotSame(first.getRow(4, 1), second.getRow(4, 1));
    ((GenericRowData) first.getRow(4, 1)).setField(0, StringData.fromString("Paris"));
    assertEquals(StringData.fromString("Lyon"), second.getRow(4, 1).getString(0));
  }

  @Test
  void withoutTheReaderSchemaANotNullColumnTheWriterLacksIsRefused() {
    RowType type = DecodeDifferentialTest.flinkType(READER);
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RowDecoder.create(WRITER, type, TimestampMapping.CORRECT));
    assertTrue(e.getMessage().contains("'amount' is NOT NULL"), e.getMessage());
  }

  @Test
  void aDefaultThatCannotFillItsColumnIsRefusedUpFront() {
    Schema reader = new Schema.Parser().parse("""
        {"type":"record","name":"Order","namespace":"shop","fields":[
          {"name":"id","type":"long"},
          {"name":"currency","type":"int","default":3}]}""");
    RowType named = RowType.of(new LogicalType[] {new BigIntType(false), new BooleanType(false)},
        new String[] {"id", "currency"});
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RowDecoder.create(WRITER, named, TimestampMapping.CORRECT, reader));
    assertTrue(e.getMessage().contains("default of field 'currency'"), e.getMessage());
  }

  /** Random evolution pairs, the reader given as the reader schema: Kavro reads what vanilla Avro reads. */
  @Test
  void evolutionPairsReadAsTheirReaderSchemaReadsThem() throws Exception {
    Random random = new Random(31);
    int rows = 0;
    int defaulted = 0;
    int aliased = 0;
    int vanillaFailsKavroReads = 0;
    for (long seed = 0; seed < 500; seed++) {
      RandomEvolution.Pair pair = RandomEvolution.pair(seed);
      RowType type = DecodeDifferentialTest.flinkType(pair.reader());
      if (type == null || DecodeDifferentialTest.isRecursive(pair.writer())) {
        continue;
      }
      RandomData data = new RandomData(random, Models.generic(false, false));
      for (TimestampMapping mapping : TimestampMapping.values()) {
        RowDecoder kavro;
        try {
          kavro = RowDecoder.create(pair.writer(), type, mapping, pair.reader());
        } catch (IllegalArgumentException e) {
          continue; // a type the mapping refuses, or a breaking pair whose columns cannot be filled
        }
        defaulted += usesDefaults(pair) ? 1 : 0;
        aliased += pair.reader().toString().contains("\"aliases\"") ? 1 : 0;
        AvroOracle oracle = new AvroOracle(pair.writer(), pair.reader(), type, mapping);
        for (int r = 0; r < RECORDS; r++) {
          byte[] body = Oracle.encode(pair.writer(), GenericData.get(), data.next(pair.writer()));
          String context = "seed " + seed + " " + mapping + "\nwriter " + pair.writer() + "\nreader "
              + pair.reader();
          Object expected = oracle.expect(body);
          Object actual;
          try {
            actual = kavro.decode(body, 0, body.length);
          } catch (IOException e) {
            actual = e;
          }
          if (expected instanceof Throwable) {
            // Kavro reads some pairs vanilla cannot (an enum symbol into a string column): never the reverse.
            vanillaFailsKavroReads += actual instanceof RowData ? 1 : 0;
            continue;
          }
          if (actual instanceof Throwable t) {
            fail(context + "\nexpected " + expected, t);
          }
          Rows.assertSameRow((RowData) expected, (RowData) actual, type, context);
          rows++;
        }
      }
    }
    String summary = "rows " + rows + ", pairs with defaults " + defaulted + ", with aliases " + aliased
        + ", vanilla fails where Kavro reads " + vanillaFailsKavroReads;
    System.out.println(summary);
    assertTrue(rows > 1000 && defaulted > 50 && aliased > 20, summary);
  }

  /** Whether the reader has a field the writer lacks with a default other than null. */
  private static boolean usesDefaults(RandomEvolution.Pair pair) {
    for (Schema.Field field : pair.reader().getFields()) {
      if (pair.writer().getField(field.name()) == null && field.aliases().isEmpty() && field.hasDefaultValue()
          && field.defaultVal() != Schema.Field.NULL_DEFAULT_VALUE
          && !(field.defaultVal() instanceof org.apache.avro.JsonProperties.Null)) {
        return true;
      }
    }
    return false;
  }
}
