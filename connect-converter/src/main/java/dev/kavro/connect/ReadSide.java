package dev.kavro.connect;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;
import dev.kavro.avro.CompileMode;
import dev.kavro.cache.RecordCounter;
import dev.kavro.connect.data.AvroDataSettings;
import dev.kavro.connect.data.AvroToConnectSchema;
import dev.kavro.connect.data.AvroToConnectValue;
import dev.kavro.connect.data.ConnectToAvroSchema;
import dev.kavro.plan.ClassProps;
import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleFailedException;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RulePlan;
import dev.kavro.rules.RuleSettings;
import dev.kavro.runtime.ByteArrayDecoder;
import dev.kavro.runtime.NestingLimit;
import dev.kavro.runtime.ThreadScratch;
import dev.kavro.serde.AdapterErrors;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.SchemaIdTable;
import dev.kavro.serde.SubjectNames;
import dev.kavro.wire.FrameReader;
import dev.kavro.wire.SchemaId;
import java.io.IOException;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;

/**
 * toConnectData: the core's framing and writer schema by id ({@link SchemaIdTable}), and one decoder per (schema id,
 * target Connect schema). Schema conversions are made once per id (or per id and target instance), never per record.
 *
 * <p>Thread-safe.
 */
final class ReadSide implements ConnectCacheStats.Side {
  private final SchemaRegistry registry;
  private final SubjectNames names;
  private final AvroDataSettings settings;
  private final CompileMode mode;
  private final Schema fixedReader;
  private final org.apache.kafka.connect.data.Schema configuredTarget;
  private final ConnectDecoderFactory decoders;
  private final RuleSettings rules;
  private final SchemaIdTable<Entry> ids;
  private final ThreadScratch<ByteArrayDecoder> byteDecoders = new ThreadScratch<>(ByteArrayDecoder::new);
  /** Records decoded, for {@link ConnectCacheStats}. */
  private final RecordCounter decoded = new RecordCounter();

  ReadSide(SchemaRegistry registry, KavroSerdeConfig serde, SubjectNames names, AvroDataSettings settings,
      org.apache.kafka.connect.data.Schema configuredTarget, int cacheSize, ConnectDecoderFactory decoders) {
    this.registry = registry;
    this.names = names;
    this.settings = settings;
    this.mode = serde.compileMode();
    this.fixedReader = serde.readerSchema();
    this.configuredTarget = configuredTarget;
    this.decoders = decoders;
    this.rules = serde.ruleSettings();
    this.ids = new SchemaIdTable<>(registry, serde, names, cacheSize, ConnectErrors.ADAPTER, this::newEntry);
    ConnectCacheStats.READS.track(this, decoded);
  }

  @Override
  public long cacheSize() {
    return ids.size();
  }

  /** The converter is closed: its reads stay in the JMX totals. */
  void close() {
    ConnectCacheStats.READS.close(this);
  }

  SchemaAndValue read(String topic, Headers headers, byte[] data, org.apache.kafka.connect.data.Schema target) {
    if (data == null) {
      return SchemaAndValue.NULL;
    }
    byte[] header = null;
    long frame = 0;
    boolean framed = false;
    try {
      header = ids.idHeader(headers);
      frame = ids.frame(data, 0, data.length, header);
      framed = true;
      Projection projection = ids.entry(topic, frame, data, header).projection(target != null ? target
          : configuredTarget);
      Object value = decode(projection, data, FrameReader.bodyOffset(frame));
      // Confluent's AvroData returns null, not SchemaAndValue.NULL, for the null datum of a top-level union.
      return value == null ? null : new SchemaAndValue(projection.connect, value);
    } catch (RuntimeException | IOException e) {
      SchemaId where = framed ? ids.schemaId(frame, data, header) : null;
      throw ConnectErrors.wrap("Failed to deserialize Avro data to Connect", AdapterErrors.where(topic,
          names.isKey(), where), e);
    }
  }

  private Object decode(Projection projection, byte[] data, int off) throws IOException {
    decoded.increment();
    if (projection.decoder == null) {
      // Confluent writes a top-level bytes value raw, with no Avro length.
      return AvroToConnectValue.convert(projection.reader, projection.connect, Arrays.copyOfRange(data, off,
          data.length), settings);
    }
    // A record is complete in memory: no stream buffering to pay for; wrap() resets all state, even after a failure.
    try {
      return projection.decoder.decode(byteDecoders.get().wrap(data, off, data.length - off));
    } catch (NestingLimit.ReadOnDeepStack deep) {
      return NestingLimit.onDeepStack(() -> projection.decoder.decode(new ByteArrayDecoder(data, off,
          data.length - off)));
    }
  }

  /** One writer schema's entry; the converter runs no rules, so a schema with READ rules must not pass. */
  private Entry newEntry(String topic, SchemaId id, Schema writer, SchemaContract contract) {
    if (contract.hasRules()) {
      String subject = topic == null ? null : names.strategy().subject(topic, names.isKey(), writer);
      try {
        RulePlan.refuse("KavroConverter", rules, contract, writer, subject, RuleMode.READ);
      } catch (RuleFailedException e) {
        throw new DataException(e.getMessage() + " " + AdapterErrors.where(topic, names.isKey(), id));
      }
    }
    return new Entry(writer, version(topic, writer));
  }

  /** The writer's version under its subject, which Confluent puts into the Connect schema; null when unknown. */
  private Integer version(String topic, Schema writer) {
    if (fixedReader != null || topic == null) {
      return null;
    }
    try {
      RegisteredSchema registered = registry.lookup(names.subject(topic, writer), writer, false);
      return registered.version() > 0 ? registered.version() : null;
    } catch (RegistryException e) {
      if (e.isNotFound()) {
        return null;
      }
      throw e;
    }
  }

  /** One writer schema: its Connect form and its decoders, per target. */
  private final class Entry {
    final Schema writer;
    final Integer version;
    final Projection own;
    final Cache<org.apache.kafka.connect.data.Schema, Projection> byTarget =
        Caffeine.newBuilder().weakKeys().maximumSize(64).build();
    volatile Projection lastTargeted;

    Entry(Schema writer, Integer version) {
      // A registry schema never names classes for Avro to load.
      writer = ClassProps.strip(writer);
      this.writer = writer;
      this.version = version;
      Schema reader = fixedReader != null ? fixedReader : writer;
      this.own = new Projection(writer, reader, AvroToConnectSchema.convert(reader, version, settings));
    }

    Projection projection(org.apache.kafka.connect.data.Schema target) {
      if (target == null) {
        return own;
      }
      Projection last = lastTargeted;
      if (last != null && last.connect == target) {
        return last;
      }
      Projection p = byTarget.get(target, t -> new Projection(writer, ConnectToAvroSchema.convert(t, settings), t));
      lastTargeted = p;
      return p;
    }
  }

  /** Decoding one writer onto one Connect schema. */
  private final class Projection {
    final Schema reader;
    final org.apache.kafka.connect.data.Schema connect;
    final ConnectDecoder decoder;

    Projection(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect) {
      this.reader = reader;
      this.connect = connect;
      if (writer.getType() == Schema.Type.BYTES) {
        if (reader.getType() != Schema.Type.BYTES) {
          throw new DataException("A top-level bytes writer can only be read as bytes, not " + reader.getType());
        }
        this.decoder = null;
      } else {
        this.decoder = decoders.decoder(writer, reader, connect, settings, mode);
      }
    }
  }
}
