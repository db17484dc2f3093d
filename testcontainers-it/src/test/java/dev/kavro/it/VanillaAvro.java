package dev.kavro.it;

import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;

/**
 * The oracle of the scenario ITs: plain Avro's {@link GenericDatumReader} on the raw bytes of a record, with the
 * writer schema fetched from the registry by the id in the wire-format prefix. What Kavro returns must equal this.
 */
final class VanillaAvro implements AutoCloseable {
  private static final int PREFIX = 5;

  private final SchemaRegistry registry;
  private final Map<Integer, Schema> writers = new ConcurrentHashMap<>();

  VanillaAvro(ServerPair servers) {
    this.registry = SchemaRegistries.create(Map.of("schema.registry.url", servers.registryUrl()));
  }

  /** The schema id of a Confluent wire-format value: magic byte 0, then a big-endian int32. */
  static int schemaId(byte[] value) {
    if (value == null || value.length < PREFIX || value[0] != 0) {
      throw new AssertionError("not in the Confluent wire format: " + (value == null ? null : value.length + " bytes"));
    }
    return ByteBuffer.wrap(value, 1, 4).getInt();
  }

  /** The writer schema registered under {@code id}. */
  Schema writer(int id) {
    return writers.computeIfAbsent(id, registry::schemaById);
  }

  /** Decodes a wire-format value with its writer schema, as a generic datum; fails on bytes left over. */
  Object decode(byte[] value) throws IOException {
    Schema writer = writer(schemaId(value));
    var decoder = DecoderFactory.get().binaryDecoder(value, PREFIX, value.length - PREFIX, null);
    Object datum = new GenericDatumReader<>(writer, writer, GenericData.get()).read(null, decoder);
    if (!decoder.isEnd()) {
      throw new AssertionError("bytes left after the Avro datum of schema id " + schemaId(value));
    }
    return datum;
  }

  /** Plain Avro binary of one datum, without any prefix. */
  static byte[] encode(Schema schema, Object datum) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
    new GenericDatumWriter<>(schema, GenericData.get()).write(datum, encoder);
    encoder.flush();
    return out.toByteArray();
  }

  /** Encodes the Confluent wire format by hand: for bytes no serializer would write on its own. */
  static byte[] wireFormat(int schemaId, byte[] avroBody) {
    return ByteBuffer.allocate(PREFIX + avroBody.length).put((byte) 0).putInt(schemaId).put(avroBody).array();
  }

  @Override
  public void close() {
    registry.close();
  }
}
