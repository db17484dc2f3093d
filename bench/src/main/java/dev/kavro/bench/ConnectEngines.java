package dev.kavro.bench;

import dev.kavro.bench.data.BenchCase;
import dev.kavro.connect.KavroConverter;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectSchema;
import dev.kavro.connect.data.AvroToConnectValue;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.connect.data.ConnectToAvroValue;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.wire.WireFormat;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Field;
import java.util.Map;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.io.BinaryDecoder;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.data.Struct;

/**
 * The Kafka Connect paths compared, each converting record {@code i} of one same-schema {@link BenchCase}:
 *
 * <ul>
 *   <li>toConnectData through a {@code GenericRecord}, as Confluent's {@code AvroConverter} does it: Avro's
 *       {@code GenericDatumReader} (FastReaderBuilder, Avro's default) on the body after the 5-byte prefix, then
 *       {@code AvroToConnectValue.convert}, with the Connect schema converted once per case (Confluent caches it too);
 *   <li>toConnectData with {@code KavroConverter}: bytes straight to Connect values by its node tree (Connect has
 *       no compiled code: it was not faster, see {@code bench/results/design-measurements.md});
 *   <li>fromConnectData through a {@code GenericRecord}, as Confluent's converter does it: {@code
 *       ConnectToAvroValue.convert}, then Avro's {@code GenericDatumWriter} after the 5-byte prefix;
 *   <li>fromConnectData with {@code KavroConverter}: Connect values straight to bytes.
 * </ul>
 *
 * <p>Both read paths decode the same framed bytes (one registry, one id); both write paths write the same
 * {@link Struct}s, made once by the converter from those bytes, and register the same Avro schema in one registry,
 * so that they write the same bytes. Not thread-safe: one instance per benchmark thread.
 */
public final class ConnectEngines {
  private static final AvroDataSettings SETTINGS = AvroDataSettings.DEFAULTS;
  private static final Map<String, Object> CONFIG = Map.of();

  private final BenchCase benchCase;
  private final byte[][] framed;
  private final DatumReader<Object> genericReader;
  private BinaryDecoder decoder;
  private final Schema connectSchema;
  private final KavroConverter readConverter;
  private final Struct[] structs;
  private final org.apache.avro.Schema avroOfConnect;
  private final DatumWriter<Object> genericWriter;
  private final byte[] writePrefix;
  private final ByteArrayOutputStream written = new ByteArrayOutputStream();
  private BinaryEncoder encoder;
  private final KavroConverter writeConverter;

  /**
   * @throws IllegalArgumentException if the case's reader differs from its writer, or it is a specific case (Connect
   *     reads generic data)
   * @throws IllegalStateException if the converter does not read the case with its node tree
   */
  public ConnectEngines(BenchCase benchCase) {
    if (!benchCase.sameSchema() || benchCase.isSpecific()) {
      throw new IllegalArgumentException("Connect cases need one generic schema: " + benchCase.name);
    }
    this.benchCase = benchCase;
    String subject = DecodeEngines.TOPIC + "-value";

    MockSchemaRegistry readRegistry = new MockSchemaRegistry();
    int id = readRegistry.register(subject, benchCase.writer, false);
    this.framed = DecodeEngines.frame(WireFormat.idPrefix(id), benchCase.bodies);
    this.genericReader = new GenericDatumReader<>(benchCase.writer, benchCase.writer, GenericData.get());
    // The version goes into the Connect schema, as the converter (and Confluent's) put it there.
    int version = readRegistry.lookup(subject, benchCase.writer, false).version();
    this.connectSchema = AvroToConnectSchema.convert(benchCase.writer, version, SETTINGS);
    this.readConverter = new KavroConverter(readRegistry);
    this.readConverter.configure(CONFIG, false);

    this.structs = new Struct[framed.length];
    for (int i = 0; i < framed.length; i++) {
      structs[i] = (Struct) readConverter.toConnectData(DecodeEngines.TOPIC, framed[i]).value();
    }
    if (!readerIsTree(readConverter)) {
      // Measuring the generic path under the converter's name would be a lie; fail the case.
      throw new IllegalStateException("KavroConverter did not read case " + benchCase.name + " with its node tree");
    }

    MockSchemaRegistry writeRegistry = new MockSchemaRegistry();
    this.avroOfConnect = ConnectToAvroSchema.convert(structs[0].schema(), SETTINGS);
    this.genericWriter = new GenericDatumWriter<>(avroOfConnect, GenericData.get());
    this.writePrefix = WireFormat.idPrefix(writeRegistry.register(subject, avroOfConnect, false));
    this.writeConverter = new KavroConverter(writeRegistry);
    this.writeConverter.configure(CONFIG, false);
  }

  /** Avro's {@code GenericDatumReader} to a {@code GenericRecord}, then {@code AvroToConnectValue.convert}. */
  public SchemaAndValue toConnectGeneric(int i) throws IOException {
    byte[] bytes = framed[i];
    decoder = DecoderFactory.get().binaryDecoder(bytes, WireFormat.ID_PREFIX_LENGTH,
        bytes.length - WireFormat.ID_PREFIX_LENGTH, decoder);
    Object record = genericReader.read(null, decoder);
    return new SchemaAndValue(connectSchema, AvroToConnectValue.convert(benchCase.writer, connectSchema, record,
        SETTINGS));
  }

  /** {@code KavroConverter.toConnectData(topic, bytes)}. */
  public SchemaAndValue toConnectKavro(int i) {
    return readConverter.toConnectData(DecodeEngines.TOPIC, framed[i]);
  }

  /** {@code ConnectToAvroValue.convert} to a {@code GenericRecord}, then Avro's {@code GenericDatumWriter}. */
  public byte[] fromConnectGeneric(int i) throws IOException {
    Struct struct = structs[i];
    Object record = ConnectToAvroValue.convert(struct.schema(), avroOfConnect, struct, SETTINGS);
    written.reset();
    written.write(writePrefix);
    encoder = EncoderFactory.get().binaryEncoder(written, encoder);
    genericWriter.write(record, encoder);
    encoder.flush();
    return written.toByteArray();
  }

  /** {@code KavroConverter.fromConnectData(topic, schema, struct)}. */
  public byte[] fromConnectKavro(int i) {
    Struct struct = structs[i];
    return writeConverter.fromConnectData(DecodeEngines.TOPIC, struct.schema(), struct);
  }

  /** Reads bytes written by either fromConnectData path back to a Connect value (for the bench's own tests). */
  Object readBack(byte[] written) {
    return writeConverter.toConnectData(DecodeEngines.TOPIC, written).value();
  }

  public BenchCase benchCase() {
    return benchCase;
  }

  /**
   * Whether the converter's decoder for the case's id is its node tree. The converter does not expose it, and a
   * silent fallback to the generic path would still give equal values; so the bench looks inside (after one read,
   * the core's id table holds the last id's entry) and fails loudly if the internals change.
   */
  static boolean readerIsTree(KavroConverter converter) {
    try {
      Object state = field(converter, "state");
      Object readSide = field(state, "reader");
      Object ids = field(readSide, "ids");
      Object last = field(ids, "last");
      Object entry = field(last, "entry");
      Object projection = field(entry, "own");
      Object decoder = field(projection, "decoder");
      return decoder.getClass().getSimpleName().equals("ConnectReadInterpreter");
    } catch (ReflectiveOperationException | RuntimeException e) {
      throw new IllegalStateException("Cannot see KavroConverter's Connect reader; update ConnectEngines", e);
    }
  }

  private static Object field(Object owner, String name) throws ReflectiveOperationException {
    Field f = owner.getClass().getDeclaredField(name);
    f.setAccessible(true);
    return f.get(owner);
  }
}
