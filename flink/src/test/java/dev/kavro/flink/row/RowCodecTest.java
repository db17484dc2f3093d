package dev.kavro.flink.row;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.testing.Oracle;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import org.apache.avro.LogicalTypes;
import org.apache.avro.Schema;
import org.apache.avro.SchemaBuilder;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.flink.table.data.GenericArrayData;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.table.data.binary.BinaryStringData;
import org.apache.flink.table.types.logical.ArrayType;
import org.apache.flink.table.types.logical.BigIntType;
import org.apache.flink.table.types.logical.IntType;
import org.apache.flink.table.types.logical.LogicalType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.logical.TimeType;
import org.apache.flink.table.types.logical.TimestampType;
import org.apache.flink.table.types.logical.TinyIntType;
import org.apache.flink.table.types.logical.VarCharType;
import org.junit.jupiter.api.Test;

/** The decoder's and encoder's rules, case by case: projection, the case rule, unions, ranges, recursion. */
class RowCodecTest {
  private static final LogicalType STRING = VarCharType.STRING_TYPE;

  @Test
  void projectedColumnsReadInTheirOrderAndTheRestIsSkipped() throws IOException {
    Schema writer = SchemaBuilder.record("W").fields().requiredInt("a").requiredString("b").requiredLong("c")
        .name("d").type().array().items().intType().noDefault().endRecord();
    GenericData.Record value = record(writer, 1, "skipped", 3L, List.of(4, 5));
    RowType type = row(new String[] {"c", "a"}, new BigIntType(false), new IntType(false));
    GenericRowData row = decode(writer, type, value);
    assertEquals(3L, row.getLong(0));
    assertEquals(1, row.getInt(1));
  }

  @Test
  void columnsMatchWriterFieldsExactlyFirstThenUpperCased() throws IOException {
    Schema writer = SchemaBuilder.record("W").fields().requiredInt("id").requiredString("name")
        .requiredString("NAME").endRecord();
    GenericData.Record value = record(writer, 7, "lower", "upper");
    RowType type = row(new String[] {"ID", "NAME"}, new IntType(false), STRING.copy(false));
    GenericRowData row = decode(writer, type, value);
    assertEquals(7, row.getInt(0), "id upper-cases to ID");
    assertEquals("upper", row.getString(1).toString(), "the exact NAME wins over name");
    assertEquals("id", ColumnMatch.fields(writer, type.getFieldNames())[0].name());
  }

  @Test
  void missingColumnsReadNullOrAreRefused() throws IOException {
    Schema writer = SchemaBuilder.record("W").fields().requiredInt("a").endRecord();
    RowType nullable = row(new String[] {"a", "added"}, new IntType(false), STRING);
    assertNull(decode(writer, nullable, record(writer, 1)).getField(1));
    RowType notNull = row(new String[] {"a", "added"}, new IntType(false), STRING.copy(false));
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
        () -> RowDecoder.create(writer, notNull, TimestampMapping.CORRECT));
    assertTrue(e.getMessage().contains("'added'") && e.getMessage().contains("NOT NULL"), e.getMessage());
  }

  @Test
  void smallIntegersAreRangeChecked() throws IOException {
    Schema writer = SchemaBuilder.record("W").fields().requiredInt("t")
        .name("ts").type().array().items().intType().noDefault().endRecord();
    RowType type = row(new String[] {"t", "ts"}, new TinyIntType(false), new ArrayType(false, new TinyIntType(false)));
    GenericRowData row = decode(writer, type, record(writer, -128, List.of(1, 127)));
    assertEquals((byte) -128, row.getByte(0));
    assertArrayEquals(new byte[] {1, 127}, ((GenericArrayData) row.getField(1)).toByteArray());
    assertThrows(IOException.class, () -> decode(writer, type, record(writer, 128, List.of())));
    IOException e = assertThrows(IOException.class, () -> decode(writer, type, record(writer, 0, List.of(300))));
    assertTrue(e.getMessage().contains("'ts'") && e.getMessage().contains("TINYINT"), e.getMessage());
  }

  @Test
  void generalUnionsReadTheBranchesTheColumnCanTake() throws IOException {
    Schema color = Schema.createEnum("Color", null, null, List.of("RED", "GREEN"));
    Schema union = Schema.createUnion(Schema.create(Schema.Type.INT), color, Schema.create(Schema.Type.STRING),
        Schema.create(Schema.Type.NULL));
    Schema writer = SchemaBuilder.record("W").fields().name("v").type(union).noDefault().endRecord();
    RowType type = row(new String[] {"v"}, STRING);
    RowDecoder decoder = RowDecoder.create(writer, type, TimestampMapping.CORRECT);
    assertEquals("GREEN", read(decoder, writer, new GenericData.EnumSymbol(color, "GREEN")).getString(0).toString());
    assertEquals("text", read(decoder, writer, "text").getString(0).toString());
    assertNull(read(decoder, writer, null).getField(0));
    IOException e = assertThrows(IOException.class, () -> read(decoder, writer, 5));
    assertTrue(e.getMessage().contains("'v'"), e.getMessage());
    // One StringData per symbol, shared by every row.
    assertSame(read(decoder, writer, new GenericData.EnumSymbol(color, "RED")).getField(0),
        read(decoder, writer, new GenericData.EnumSymbol(color, "RED")).getField(0));
  }

  @Test
  void twoWriterRecordsFillOneRowColumn() throws IOException {
    Schema a = SchemaBuilder.record("A").fields().requiredInt("x").requiredString("only").endRecord();
    Schema b = SchemaBuilder.record("B").fields().requiredLong("x").endRecord();
    Schema writer = SchemaBuilder.record("W").fields().name("r").type(Schema.createUnion(a, b)).noDefault()
        .endRecord();
    RowType type = row(new String[] {"r"}, row(new String[] {"x"}, new BigIntType(false)));
    RowDecoder decoder = RowDecoder.create(writer, type, TimestampMapping.CORRECT);
    assertEquals(4L, read(decoder, writer, record(a, 4, "s")).getRow(0, 1).getLong(0));
    assertEquals(9L, read(decoder, writer, record(b, 9L)).getRow(0, 1).getLong(0));
  }

  @Test
  void valuesComeInFlinksBinaryAndPrimitiveForms() throws IOException {
    Schema writer = SchemaBuilder.record("W").fields().requiredString("s")
        .name("ints").type().array().items().intType().noDefault()
        .name("boxed").type().array().items().nullable().intType().noDefault().endRecord();
    RowType type = row(new String[] {"s", "ints", "boxed"}, STRING, new ArrayType(new IntType(false)),
        new ArrayType(new IntType()));
    GenericRowData row = decode(writer, type, record(writer, "héllo", List.of(1, 2), List.of(3)));
    BinaryStringData s = (BinaryStringData) row.getString(0);
    assertNull(s.getJavaObject(), "made from UTF-8 bytes, no String");
    assertEquals("héllo", s.toString());
    assertTrue(((GenericArrayData) row.getField(1)).isPrimitiveArray());
    assertFalse(((GenericArrayData) row.getField(2)).isPrimitiveArray());
  }

  @Test
  void recursiveWritersReadToTheRowsDepthAndSkipTheRest() throws IOException {
    Schema node = SchemaBuilder.record("Node").fields().requiredInt("value")
        .name("next").type().optional().type("Node").endRecord();
    RowType type = row(new String[] {"value", "next"}, new IntType(false),
        row(new String[] {"value"}, new IntType(false)));
    GenericData.Record third = record(node, 3, null);
    GenericData.Record list = record(node, 1, record(node, 2, third));
    GenericRowData row = decode(node, type, list);
    assertEquals(1, row.getInt(0));
    assertEquals(2, row.getRow(1, 1).getInt(0));

    // Data nested far deeper than any stack: an exception, never an Error.
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().directBinaryEncoder(out, null);
    for (int i = 0; i < 1_000_000; i++) {
      encoder.writeInt(i);
      encoder.writeIndex(1);
    }
    encoder.writeInt(0);
    encoder.writeIndex(0);
    encoder.flush();
    byte[] deep = out.toByteArray();
    RowDecoder decoder = RowDecoder.create(node, type, TimestampMapping.CORRECT);
    try {
      assertInstanceOf(RowData.class, decoder.decode(deep, 0, deep.length));
    } catch (IOException e) {
      assertTrue(e.getMessage().contains("nests too deeply"), e.getMessage());
    }
  }

  @Test
  void encoderFollowsTheWritersUnionLayoutDefaultsAndUnits() {
    Schema nullSecond = Schema.createUnion(Schema.create(Schema.Type.STRING), Schema.create(Schema.Type.NULL));
    Schema writer = SchemaBuilder.record("W").fields()
        .name("s").type(nullSecond).noDefault()
        .name("t").type(LogicalTypes.timeMicros().addToSchema(Schema.create(Schema.Type.LONG))).noDefault()
        .name("extra").type().intType().intDefault(42)
        .endRecord();
    RowType type = row(new String[] {"s", "t"}, STRING, new TimeType(false, 3));
    RowEncoder encoder = RowEncoder.create(type, writer, TimestampMapping.CORRECT);
    GenericRowData present = GenericRowData.of(StringData.fromString("a"), 1_500);
    GenericData.Record expected = record(writer, "a", 1_500_000L, 42);
    assertArrayEquals(Oracle.encode(writer, GenericData.get(), expected), encoder.encode(present, new byte[0]));
    GenericRowData absent = GenericRowData.of(null, 0);
    assertArrayEquals(Oracle.encode(writer, GenericData.get(), record(writer, null, 0L, 42)),
        encoder.encode(absent, new byte[0]));

    RowType extraColumn = row(new String[] {"s", "t", "nowhere"}, STRING, new TimeType(false, 3), STRING);
    assertThrows(IllegalArgumentException.class, () -> RowEncoder.create(extraColumn, writer,
        TimestampMapping.CORRECT));
    Schema required = SchemaBuilder.record("W").fields().requiredString("s").requiredInt("needed").endRecord();
    assertThrows(IllegalArgumentException.class, () -> RowEncoder.create(row(new String[] {"s"}, STRING), required,
        TimestampMapping.CORRECT));
    Schema notNull = SchemaBuilder.record("W").fields().requiredString("s").endRecord();
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> RowEncoder.create(
        row(new String[] {"s"}, STRING), notNull, TimestampMapping.CORRECT).encode(GenericRowData.of((Object) null),
        new byte[0]));
    assertTrue(e.getMessage().contains("'s'"), e.getMessage());
  }

  @Test
  void decimalsAndBinaryAreWrittenIntoFixedAsAvroWritesThem() {
    Schema money = LogicalTypes.decimal(12, 3).addToSchema(Schema.createFixed("Money", null, null, 6));
    Schema id = Schema.createFixed("Id", null, null, 3);
    Schema writer = SchemaBuilder.record("W").fields().name("m").type(money).noDefault()
        .name("id").type(id).noDefault().endRecord();
    RowType type = row(new String[] {"m", "id"}, new org.apache.flink.table.types.logical.DecimalType(false, 10, 2),
        new org.apache.flink.table.types.logical.VarBinaryType(false, 3));
    RowEncoder encoder = RowEncoder.create(type, writer, TimestampMapping.CORRECT);
    org.apache.avro.Conversions.DecimalConversion conversion = new org.apache.avro.Conversions.DecimalConversion();
    for (String text : new String[] {"-12345678.91", "0.01", "-0.01", "99999999.99", "0"}) {
      java.math.BigDecimal value = new java.math.BigDecimal(text);
      GenericRowData row = GenericRowData.of(org.apache.flink.table.data.DecimalData.fromBigDecimal(value, 10, 2),
          new byte[] {1, 2, 3});
      GenericData.Record expected = record(writer,
          conversion.toFixed(value.setScale(3), money, money.getLogicalType()), new GenericData.Fixed(id,
              new byte[] {1, 2, 3}));
      assertArrayEquals(Oracle.encode(writer, GenericData.get(), expected), encoder.encode(row, new byte[0]), text);
    }
    IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> encoder.encode(
        GenericRowData.of(org.apache.flink.table.data.DecimalData.fromBigDecimal(java.math.BigDecimal.ONE, 10, 2),
            new byte[] {1, 2}), new byte[0]));
    assertTrue(e.getMessage().contains("'id'"), e.getMessage());
  }

  @Test
  void tableDerivedSchemasNameRowsAsFlinkAndNeverTwice() {
    RowType inner = row(new String[] {"b"}, new IntType());
    RowType type = row(new String[] {"a", "a_b"}, row(new String[] {"b", "x"}, inner, new IntType()), inner);
    Schema schema = RowSchemas.writerSchema(type, TimestampMapping.CORRECT);
    Schema.Parser parser = new Schema.Parser();
    assertEquals(schema, parser.parse(schema.toString()), "no name defined twice");
    assertEquals(RowSchemas.RECORD_NAME, schema.getFullName());
    RowType precise = row(new String[] {"ts", "t"}, new TimestampType(6), new TimeType(6));
    Schema correct = RowSchemas.writerSchema(precise, TimestampMapping.CORRECT);
    assertEquals(LogicalTypes.timestampMicros(), correct.getField("ts").schema().getTypes().get(1).getLogicalType());
    assertEquals(LogicalTypes.timeMicros(), correct.getField("t").schema().getTypes().get(1).getLogicalType());
    assertThrows(IllegalArgumentException.class, () -> RowSchemas.writerSchema(precise, TimestampMapping.LEGACY));
  }

  private static RowType row(String[] names, LogicalType... types) {
    return RowType.of(types, names);
  }

  private static GenericData.Record record(Schema schema, Object... values) {
    GenericData.Record record = new GenericData.Record(schema);
    for (int i = 0; i < values.length; i++) {
      record.put(i, values[i]);
    }
    return record;
  }

  private static GenericRowData decode(Schema writer, RowType type, GenericData.Record value) throws IOException {
    return read(RowDecoder.create(writer, type, TimestampMapping.CORRECT), writer, value);
  }

  private static GenericRowData read(RowDecoder decoder, Schema writer, Object fieldOrRecord) throws IOException {
    Object datum = fieldOrRecord instanceof GenericData.Record r && r.getSchema() == writer ? r
        : record(writer, fieldOrRecord);
    byte[] body = Oracle.encode(writer, GenericData.get(), datum);
    return decoder.decode(body, 0, body.length);
  }
}
