package dev.kavro.connect;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.avro.CompileMode;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectSchema;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.connect.runtime.StructFiller;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.ByteArrayEncoder;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.apache.kafka.connect.errors.DataException;
import org.junit.jupiter.api.Test;

/**
 * Records of plain scalar fields only (the attributes of organization.avsc, ksql's metrics), which the trees read and
 * write by a dedicated loop: the generic path's values, bytes and errors, with structs filled and read in place and
 * through {@code Struct.put}/{@code get}, with Connect defaults standing in for unset fields, nested in arrays and
 * maps; and arrays and maps of plain values, which the trees also read and write by a switch.
 */
class PlainRecordTest {
  private static final AvroDataSettings SETTINGS = AvroDataSettings.DEFAULTS;
  private static final org.apache.kafka.connect.data.Schema[] PLAIN = {
      org.apache.kafka.connect.data.Schema.INT8_SCHEMA, org.apache.kafka.connect.data.Schema.INT16_SCHEMA,
      org.apache.kafka.connect.data.Schema.INT32_SCHEMA, org.apache.kafka.connect.data.Schema.INT64_SCHEMA,
      org.apache.kafka.connect.data.Schema.FLOAT32_SCHEMA, org.apache.kafka.connect.data.Schema.FLOAT64_SCHEMA,
      org.apache.kafka.connect.data.Schema.BOOLEAN_SCHEMA, org.apache.kafka.connect.data.Schema.STRING_SCHEMA,
      org.apache.kafka.connect.data.Schema.BYTES_SCHEMA};

  /** A struct of 1 to 12 plain fields, some with a default; wrapped in an array of it when {@code nested}. */
  private static org.apache.kafka.connect.data.Schema plainSchema(Random random, boolean nested, int n) {
    SchemaBuilder builder = SchemaBuilder.struct().name("ns.Plain" + n);
    int fields = 1 + random.nextInt(12);
    for (int i = 0; i < fields; i++) {
      org.apache.kafka.connect.data.Schema type = PLAIN[random.nextInt(PLAIN.length)];
      if (random.nextInt(3) == 0) {
        builder.field("f" + i, withDefault(type, value(type, random)));
      } else {
        builder.field("f" + i, type);
      }
    }
    org.apache.kafka.connect.data.Schema plain = builder.build();
    if (!nested) {
      return plain;
    }
    return SchemaBuilder.struct().name("ns.Outer" + n).field("name", org.apache.kafka.connect.data.Schema.STRING_SCHEMA)
        .field("items", SchemaBuilder.array(plain).build())
        .field("list", SchemaBuilder.array(PLAIN[random.nextInt(PLAIN.length)]).build())
        .field("map", SchemaBuilder.map(org.apache.kafka.connect.data.Schema.STRING_SCHEMA,
            PLAIN[random.nextInt(PLAIN.length)]).build())
        .field("byName", SchemaBuilder.map(org.apache.kafka.connect.data.Schema.STRING_SCHEMA, plain).build()).build();
  }

  private static org.apache.kafka.connect.data.Schema withDefault(org.apache.kafka.connect.data.Schema type,
      Object value) {
    return new SchemaBuilder(type.type()).defaultValue(value).build();
  }

  private static Object value(org.apache.kafka.connect.data.Schema type, Random random) {
    return switch (type.type()) {
      case INT8 -> (byte) random.nextInt();
      case INT16 -> (short) random.nextInt();
      case INT32 -> random.nextInt();
      case INT64 -> random.nextLong();
      case FLOAT32 -> random.nextFloat();
      case FLOAT64 -> random.nextDouble();
      case BOOLEAN -> random.nextBoolean();
      case STRING -> "s\u00e9" + random.nextInt(1000);
      case BYTES -> {
        byte[] bytes = new byte[random.nextInt(9)];
        random.nextBytes(bytes);
        // Connect takes either; the generic path reads a ByteBuffer back.
        yield random.nextBoolean() ? bytes : ByteBuffer.wrap(bytes);
      }
      default -> throw new IllegalArgumentException(type.toString());
    };
  }

  /** A struct with every field set, except fields with a default, left unset one time in three. */
  private static Struct plainStruct(org.apache.kafka.connect.data.Schema schema, Random random) {
    Struct struct = new Struct(schema);
    for (Field f : schema.fields()) {
      if (f.schema().defaultValue() == null || random.nextInt(3) != 0) {
        struct.put(f, value(f.schema(), random));
      }
    }
    return struct;
  }

  private static Struct datum(org.apache.kafka.connect.data.Schema schema, Random random) {
    if (schema.field("items") == null) {
      return plainStruct(schema, random);
    }
    List<Struct> items = new ArrayList<>();
    List<Object> list = new ArrayList<>();
    Map<String, Object> map = new HashMap<>();
    Map<String, Struct> byName = new HashMap<>();
    for (int i = random.nextInt(5); i > 0; i--) {
      items.add(plainStruct(schema.field("items").schema().valueSchema(), random));
      list.add(value(schema.field("list").schema().valueSchema(), random));
      map.put("k" + i, value(schema.field("map").schema().valueSchema(), random));
      byName.put("n" + i, plainStruct(schema.field("byName").schema().valueSchema(), random));
    }
    // Lists other than ArrayList are walked by their iterator.
    return new Struct(schema).put("name", "o").put("items", items)
        .put("list", random.nextBoolean() ? list : new LinkedList<>(list)).put("map", map).put("byName", byName);
  }

  private static byte[] encode(ConnectEncoder encoder, Object value) {
    try {
      ByteArrayEncoder out = new ByteArrayEncoder();
      encoder.encode(value, out);
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static byte[] encodeWithAvrosEncoder(ConnectEncoder encoder, Object value) {
    try {
      ByteArrayOutputStream bytes = new ByteArrayOutputStream();
      BinaryEncoder out = EncoderFactory.get().binaryEncoder(bytes, null);
      encoder.encode(value, out);
      out.flush();
      return bytes.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Object decode(ConnectDecoder decoder, byte[] bytes) {
    try {
      return decoder.decode(new ByteArrayDecoder(bytes, 0, bytes.length));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static void bothWaysEqualTheGenericPath(StructFiller filler) {
    Random random = new Random(7);
    for (int n = 0; n < 60; n++) {
      org.apache.kafka.connect.data.Schema connect = plainSchema(random, n % 2 == 1, n);
      Schema avro = ConnectToAvroSchema.convert(connect, SETTINGS);
      ConnectEncoder tree = ConnectWriteInterpreter.create(connect, avro, SETTINGS, filler);
      ConnectEncoder reference = new GenericPathEncoder(connect, avro, SETTINGS, CompileMode.FALLBACK);
      org.apache.kafka.connect.data.Schema readBack = AvroToConnectSchema.convert(avro, null, SETTINGS);
      ConnectDecoder treeReader = ConnectReadInterpreter.create(avro, avro, readBack, SETTINGS, CompileMode.FALLBACK,
          filler);
      ConnectDecoder referenceReader = new GenericPathDecoder(avro, avro, readBack, SETTINGS, CompileMode.FALLBACK);
      assertTrue(treeReader instanceof ConnectReadInterpreter, "plain records are read by the tree");
      for (int i = 0; i < 10; i++) {
        Struct struct = datum(connect, random);
        byte[] expected = encode(reference, struct);
        assertArrayEquals(expected, encode(tree, struct), connect.toString());
        // Through another Encoder the plain records take their own loop instead of BoxedFields: the same bytes.
        assertArrayEquals(expected, encodeWithAvrosEncoder(tree, struct), connect.toString());
        Object read = decode(treeReader, expected);
        assertEquals(decode(referenceReader, expected), read);
        ((Struct) read).validate();
      }
    }
  }

  /** The same struct schema with its fields (and those of its structs, also in arrays and maps) in reverse order. */
  private static org.apache.kafka.connect.data.Schema reversed(org.apache.kafka.connect.data.Schema schema) {
    if (schema.type() == org.apache.kafka.connect.data.Schema.Type.ARRAY) {
      return SchemaBuilder.array(reversed(schema.valueSchema())).build();
    }
    if (schema.type() == org.apache.kafka.connect.data.Schema.Type.MAP) {
      return SchemaBuilder.map(schema.keySchema(), reversed(schema.valueSchema())).build();
    }
    if (schema.type() != org.apache.kafka.connect.data.Schema.Type.STRUCT) {
      return schema;
    }
    SchemaBuilder builder = SchemaBuilder.struct().name(schema.name());
    List<Field> fields = schema.fields();
    for (int i = fields.size() - 1; i >= 0; i--) {
      builder.field(fields.get(i).name(), reversed(fields.get(i).schema()));
    }
    return builder.build();
  }

  /**
   * A reader whose record lists the writer's fields in another order: the plain-record loop then stores by the
   * reader's positions instead of in field order. Fails if either loop puts a value into another field's slot.
   */
  @Test
  void plainRecordsReadIntoAReorderedReaderAsTheGenericPath() {
    Random random = new Random(11);
    for (int n = 0; n < 40; n++) {
      org.apache.kafka.connect.data.Schema connect = plainSchema(random, n % 2 == 1, n);
      Schema writer = ConnectToAvroSchema.convert(connect, SETTINGS);
      Schema reader = ConnectToAvroSchema.convert(reversed(connect), SETTINGS);
      org.apache.kafka.connect.data.Schema readBack = AvroToConnectSchema.convert(reader, null, SETTINGS);
      ConnectDecoder reference = new GenericPathDecoder(writer, reader, readBack, SETTINGS, CompileMode.FALLBACK);
      ConnectEncoder encoder = new GenericPathEncoder(connect, writer, SETTINGS, CompileMode.FALLBACK);
      for (StructFiller filler : new StructFiller[] {StructFiller.DEFAULT, StructFiller.THROUGH_PUT}) {
        ConnectDecoder tree = ConnectReadInterpreter.create(writer, reader, readBack, SETTINGS, CompileMode.FALLBACK,
            filler);
        assertTrue(tree instanceof ConnectReadInterpreter, "plain records are read by the tree");
        for (int i = 0; i < 10; i++) {
          byte[] bytes = encode(encoder, datum(connect, random));
          Object read = decode(tree, bytes);
          assertEquals(decode(reference, bytes), read, readBack.toString());
          ((Struct) read).validate();
        }
      }
    }
  }

  @Test
  void plainRecordsReadAndWriteAsTheGenericPath() {
    bothWaysEqualTheGenericPath(StructFiller.DEFAULT);
  }

  @Test
  void plainRecordsReadAndWriteAsTheGenericPathThroughStructPut() {
    bothWaysEqualTheGenericPath(StructFiller.THROUGH_PUT);
  }

  @Test
  void anUnsetRequiredFieldIsNamed() {
    org.apache.kafka.connect.data.Schema connect = SchemaBuilder.struct().name("ns.Attr")
        .field("id", org.apache.kafka.connect.data.Schema.STRING_SCHEMA)
        .field("size", org.apache.kafka.connect.data.Schema.INT32_SCHEMA).build();
    Schema avro = ConnectToAvroSchema.convert(connect, SETTINGS);
    Struct half = new Struct(connect).put("id", "x");
    for (StructFiller filler : new StructFiller[] {StructFiller.DEFAULT, StructFiller.THROUGH_PUT}) {
      ConnectEncoder tree = ConnectWriteInterpreter.create(connect, avro, SETTINGS, filler);
      DataException e = assertThrows(DataException.class, () -> encode(tree, half));
      assertTrue(e.getMessage().contains("size"), e.getMessage());
    }
  }
}
