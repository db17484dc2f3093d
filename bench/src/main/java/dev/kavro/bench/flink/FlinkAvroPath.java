package dev.kavro.bench.flink;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.formats.avro.AvroDeserializationSchema;
import org.apache.flink.formats.avro.AvroRowDataDeserializationSchema;
import org.apache.flink.formats.avro.AvroRowDataSerializationSchema;
import org.apache.flink.formats.avro.AvroToRowDataConverters;
import org.apache.flink.formats.avro.RegistryAvroDeserializationSchema;
import org.apache.flink.formats.avro.RegistryAvroSerializationSchema;
import org.apache.flink.formats.avro.RowDataToAvroConverters;
import org.apache.flink.formats.avro.SchemaCoder;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;

/**
 * Flink's {@code avro-confluent} path from the thin {@code flink-avro} jar on the bench's Avro (1.12): the classes
 * {@code RegistryAvroFormatFactory} puts together ({@link AvroRowDataDeserializationSchema} over a
 * {@link RegistryAvroDeserializationSchema}; {@link AvroRowDataSerializationSchema} over a
 * {@link RegistryAvroSerializationSchema}), with Confluent's registry client replaced by {@link FixedIdCoder}. Flink's
 * per-record work is all there: the coder reads the prefix through a new {@code DataInputStream}, then
 * {@code setSchema}/{@code setExpected} per record, which on Avro 1.12.1 and later (fast reader on by default) rebuilds
 * the resolver every record.
 */
final class FlinkAvroPath {
  private static final String FASTREAD = "org.apache.avro.fastread";

  private FlinkAvroPath() {}

  /**
   * Flink's decoder of Confluent-framed messages of {@code writer} (under {@code id}) into rows of {@code rowType},
   * resolved against {@code reader} (the table-derived schema, or the {@code schema} option's), opened and
   * initialized.
   *
   * @param fastReader whether Avro's fast reader runs, as {@code -Dorg.apache.avro.fastread} decides when Flink makes
   *     its {@code GenericData} (on the first record)
   * @param first a message to read once, so that Flink makes its reader now, under {@code fastReader}
   */
  static AvroRowDataDeserializationSchema decoder(int id, Schema writer, Schema reader, RowType rowType,
      boolean fastReader, byte[] first) throws IOException {
    RegistryAvroDeserializationSchema<GenericRecord> nested = new RegistryAvroDeserializationSchema<>(
        GenericRecord.class, reader, new FixedIdCoder(id, writer, null)::self);
    AvroRowDataDeserializationSchema decoder = new AvroRowDataDeserializationSchema(nested,
        AvroToRowDataConverters.createRowConverter(rowType), InternalTypeInfo.of(rowType));
    synchronized (FlinkAvroPath.class) {
      String before = System.getProperty(FASTREAD);
      System.setProperty(FASTREAD, Boolean.toString(fastReader));
      try {
        decoder.deserialize(first);
      } finally {
        if (before == null) {
          System.clearProperty(FASTREAD);
        } else {
          System.setProperty(FASTREAD, before);
        }
      }
    }
    if (fastReaderEnabled(nested) != fastReader) {
      throw new IllegalStateException("Flink's decoder did not take fastread=" + fastReader);
    }
    return decoder;
  }

  /** Flink's encoder of rows of {@code rowType} with {@code writer}, framed with {@code id}, opened. */
  static AvroRowDataSerializationSchema encoder(int id, Schema writer, RowType rowType) throws Exception {
    AvroRowDataSerializationSchema encoder = new AvroRowDataSerializationSchema(rowType,
        RegistryAvroSerializationSchema.forGeneric(writer, new FixedIdCoder(id, writer, "bench-value")::self),
        RowDataToAvroConverters.createConverter(rowType));
    encoder.open(null);
    return encoder;
  }

  /** Whether the datum reader Flink made uses Avro's fast reader (setup-time reflection, to check the variant). */
  static boolean fastReaderEnabled(AvroDeserializationSchema<?> nested) {
    try {
      Method reader = AvroDeserializationSchema.class.getDeclaredMethod("getDatumReader");
      reader.setAccessible(true);
      return ((GenericDatumReader<?>) reader.invoke(nested)).getData().isFastReaderEnabled();
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException("Cannot see Flink's datum reader; update FlinkAvroPath", e);
    }
  }

  /**
   * What Flink's {@code ConfluentSchemaRegistryCoder} does over a registry client that has the schema cached: read the
   * magic byte and the id through a new {@code DataInputStream} and look the schema up, or look the id of the schema
   * up and write {@code 0} and the id. The lookups are the two map hits of Confluent's
   * {@code CachedSchemaRegistryClient} (by subject, then by id or schema). Confluent's client also makes a new
   * {@code AvroSchema} around the schema for every {@code register()} and hashes its whole metadata; that cost is left
   * out here (the Avro 1.11.4 column, which runs Confluent's real client, has it).
   */
  static final class FixedIdCoder implements SchemaCoder {
    private final String subject;
    private final Schema expected;
    private final int id;
    private final Map<String, Map<Integer, Schema>> byId = new HashMap<>();
    private final Map<String, Map<Schema, Integer>> bySchema = new HashMap<>();

    FixedIdCoder(int id, Schema schema, String subject) {
      this.id = id;
      this.expected = schema;
      this.subject = subject == null ? "" : subject;
      byId.computeIfAbsent("", s -> new HashMap<>()).put(id, schema);
    }

    SchemaCoder self() {
      return this;
    }

    @Override
    public Schema readSchema(InputStream in) throws IOException {
      DataInputStream data = new DataInputStream(in);
      if (data.readByte() != 0) {
        throw new IOException("Unknown data format. Magic number does not match");
      }
      int schemaId = data.readInt();
      Schema schema = byId.computeIfAbsent("", s -> new HashMap<>()).get(schemaId);
      if (schema == null) {
        throw new IOException("Could not find schema with id " + schemaId + " in registry");
      }
      return schema;
    }

    @Override
    public void writeSchema(Schema schema, OutputStream out) throws IOException {
      // Keyed by the instance Flink passes (its own parsed copy), as Confluent's cache holds the first one registered.
      Integer registered = bySchema.computeIfAbsent(subject, s -> new HashMap<>()).computeIfAbsent(schema,
          s -> s.equals(expected) ? id : null);
      if (registered == null) {
        throw new IOException("Could not register schema in registry: not the bench's schema");
      }
      out.write(0);
      out.write(ByteBuffer.allocate(4).putInt(registered).array());
    }
  }
}
