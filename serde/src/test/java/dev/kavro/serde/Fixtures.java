package dev.kavro.serde;

import dev.kavro.registry.SchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumReader;

/** Schemas, records and vanilla-Avro oracles shared by the serde tests. */
final class Fixtures {
  static final Schema ORDER_V1 = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"dev.kavro.test","fields":[
        {"name":"id","type":"long"},
        {"name":"item","type":"string"},
        {"name":"qty","type":"int"},
        {"name":"note","type":["null","string"],"default":null},
        {"name":"prices","type":{"type":"array","items":"double"}},
        {"name":"attrs","type":{"type":"map","values":"string"}}
      ]}""");

  /** v1 plus a field with a default, minus nothing: can read v1 data. */
  static final Schema ORDER_V2 = new Schema.Parser().parse("""
      {"type":"record","name":"Order","namespace":"dev.kavro.test","fields":[
        {"name":"id","type":"long"},
        {"name":"item","type":"string"},
        {"name":"qty","type":"int"},
        {"name":"note","type":["null","string"],"default":null},
        {"name":"prices","type":{"type":"array","items":"double"}},
        {"name":"attrs","type":{"type":"map","values":"string"}},
        {"name":"currency","type":"string","default":"EUR"}
      ]}""");

  private Fixtures() {}

  static GenericRecord order(long id) {
    GenericRecord r = new GenericData.Record(ORDER_V1);
    r.put("id", id);
    r.put("item", "item-" + id);
    r.put("qty", (int) id * 3);
    r.put("note", id % 2 == 0 ? null : "note " + id);
    r.put("prices", List.of(1.5, 2.25 * id));
    r.put("attrs", Map.of("k", "v" + id));
    return r;
  }

  static Map<String, Object> config(Object... keyValues) {
    Map<String, Object> config = new HashMap<>();
    for (int i = 0; i < keyValues.length; i += 2) {
      config.put((String) keyValues[i], keyValues[i + 1]);
    }
    return config;
  }

  static KavroSerializer serializer(SchemaRegistry registry, boolean isKey, Object... keyValues) {
    KavroSerializer serializer = new KavroSerializer(registry);
    serializer.configure(config(keyValues), isKey);
    return serializer;
  }

  static KavroDeserializer deserializer(SchemaRegistry registry, boolean isKey, Object... keyValues) {
    KavroDeserializer deserializer = new KavroDeserializer(registry);
    deserializer.configure(config(keyValues), isKey);
    return deserializer;
  }

  /** What Confluent writes: 0x00, big-endian id, then the plain Avro binary of {@code GenericDatumWriter}. */
  static byte[] confluentBytes(int id, Schema schema, Object datum, GenericData model) {
    return confluentBytes(id, new GenericDatumWriter<>(schema, model), datum);
  }

  /** 0x00, big-endian id, then what {@code writer} writes. */
  static byte[] confluentBytes(int id, DatumWriter<Object> writer, Object datum) {
    try {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      out.write(0);
      out.write(ByteBuffer.allocate(4).putInt(id).array());
      BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
      writer.write(datum, encoder);
      encoder.flush();
      return out.toByteArray();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** The Avro body after the 5-byte prefix. */
  static byte[] body(byte[] framed) {
    return Arrays.copyOfRange(framed, 5, framed.length);
  }

  static int idOf(byte[] framed) {
    if (framed[0] != 0) {
      throw new AssertionError("magic byte " + framed[0]);
    }
    return ByteBuffer.wrap(framed, 1, 4).getInt();
  }

  /** Vanilla Avro decode of an Avro body. */
  static Object vanillaRead(Schema writer, Schema reader, GenericData model, byte[] avro) {
    try {
      BinaryDecoder decoder = DecoderFactory.get().binaryDecoder(avro, null);
      GenericDatumReader<Object> vanilla = model instanceof SpecificData specific
          ? new SpecificDatumReader<>(writer, reader, specific)
          : new GenericDatumReader<>(writer, reader, model);
      return vanilla.read(null, decoder);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static byte[] concat(byte[]... parts) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    for (byte[] part : parts) {
      out.writeBytes(part);
    }
    return out.toByteArray();
  }

  static byte[] prefix(int id) {
    return ByteBuffer.allocate(5).put((byte) 0).putInt(id).array();
  }
}
