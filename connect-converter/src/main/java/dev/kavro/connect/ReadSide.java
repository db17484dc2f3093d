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
import dev.kavro.serde.SchemaLookups;
import dev.kavro.serde.SubjectNameStrategy;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.util.Arrays;
import org.apache.avro.Schema;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;
import org.apache.kafka.connect.data.SchemaAndValue;
import org.apache.kafka.connect.errors.DataException;

/**
 * toConnectData: framing, the writer schema by id, and one decoder per (schema id, target Connect schema). Schema
 * conversions are made once per id (or per id and target instance), never per record.
 *
 * <p>Thread-safe.
 */
final class ReadSide implements ConnectCacheStats.Side {
  private final SchemaRegistry registry;
  private final boolean isKey;
  private final String headerName;
  private final SubjectNameStrategy strategy;
  private final AvroDataSettings settings;
  private final CompileMode mode;
  private final Schema fixedReader;
  private final org.apache.kafka.connect.data.Schema configuredTarget;
  private final DecoderFactoryKind decoders;
  private final Cache<SchemaId, Entry> byId;
  private final RuleSettings rules;
  private final ThreadScratch<ByteArrayDecoder> byteDecoders = new ThreadScratch<>(ByteArrayDecoder::new);
  /** Records decoded, for {@link ConnectCacheStats}. */
  private final RecordCounter decoded = new RecordCounter();
  /**
   * The entry of the last int id read: a topic's records nearly always carry one id, so the common case makes no
   * {@link SchemaId} and no cache lookup. Immutable, replaced whole.
   */
  private volatile LastId lastId;

  ReadSide(SchemaRegistry registry, boolean isKey, SubjectNameStrategy strategy, AvroDataSettings settings,
      CompileMode mode, Schema fixedReader, org.apache.kafka.connect.data.Schema configuredTarget, int cacheSize,
      DecoderFactoryKind decoders, RuleSettings rules) {
    this.registry = registry;
    this.rules = rules;
    this.isKey = isKey;
    this.headerName = WireFormat.schemaIdHeader(isKey);
    this.strategy = strategy;
    this.settings = settings;
    this.mode = mode;
    this.fixedReader = fixedReader;
    this.configuredTarget = configuredTarget;
    this.decoders = decoders;
    this.byId = Caffeine.newBuilder().maximumSize(cacheSize).build();
    ConnectCacheStats.READS.track(this, decoded);
  }

  @Override
  public long cacheSize() {
    return byId.estimatedSize();
  }

  /** The converter is closed: its reads stay in the JMX totals. */
  void close() {
    ConnectCacheStats.READS.close(this);
  }

  /** How decoders are built: the reference generic path, or the interpreter. */
  interface DecoderFactoryKind {
    ConnectDecoder create(Schema writer, Schema reader, org.apache.kafka.connect.data.Schema connect,
        AvroDataSettings settings, CompileMode mode);
  }

  SchemaAndValue read(String topic, Headers headers, byte[] data, org.apache.kafka.connect.data.Schema target) {
    if (data == null) {
      return SchemaAndValue.NULL;
    }
    SchemaId id = null;
    int intId = 0;
    boolean prefixed = false;
    try {
      Entry entry;
      int off = 0;
      Header header = headers == null ? null : headers.lastHeader(headerName);
      if (header != null && header.value() != null) {
        id = WireFormat.parseHeader(header.value());
        entry = entry(topic, id);
      } else if (data.length >= WireFormat.ID_PREFIX_LENGTH && data[0] == WireFormat.MAGIC_BYTE_ID) {
        intId = WireFormat.readInt(data, 1);
        prefixed = true;
        off = WireFormat.ID_PREFIX_LENGTH;
        entry = entry(topic, intId);
      } else {
        ByteBuffer payload = ByteBuffer.wrap(data);
        id = WireFormat.readPrefix(payload);
        off = payload.position();
        entry = entry(topic, id);
      }
      Projection projection = entry.projection(target != null ? target : configuredTarget);
      Object value = decode(projection, data, off);
      // Confluent's AvroData returns null, not SchemaAndValue.NULL, for the null datum of a top-level union.
      return value == null ? null : new SchemaAndValue(projection.connect, value);
    } catch (RuntimeException | IOException e) {
      SchemaId where = prefixed ? SchemaId.ofId(intId) : id;
      throw ConnectErrors.wrap("Failed to deserialize Avro data to Connect", ConnectErrors.where(topic, isKey, where),
          e);
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

  private Entry entry(String topic, int id) {
    LastId last = lastId;
    if (last != null && last.id == id) {
      return last.entry;
    }
    Entry entry = entry(topic, SchemaId.ofId(id));
    lastId = new LastId(id, entry);
    return entry;
  }

  private Entry entry(String topic, SchemaId id) {
    Entry entry = byId.getIfPresent(id);
    if (entry == null) {
      entry = byId.get(id, k -> newEntry(topic, k));
    }
    return entry;
  }

  private Entry newEntry(String topic, SchemaId id) {
    // Ids are looked up with the subject, as Confluent's AvroConverter (through its deserializer) does.
    Schema writer;
    SchemaContract contract;
    if (id.isGuid()) {
      writer = registry.schemaByGuid(id.guid());
      contract = registry.contractByGuid(id.guid());
    } else {
      RegisteredSchema found = SchemaLookups.registeredById(registry, strategy, null, topic, isKey, id.id());
      writer = found.schema();
      contract = found.contract();
    }
    if (contract.hasRules()) {
      String subject = topic == null ? null : strategy.subject(topic, isKey, writer);
      try {
        RulePlan.refuse("KavroConverter", rules, contract, writer, subject, RuleMode.READ);
      } catch (RuleFailedException e) {
        throw new DataException(e.getMessage() + " " + ConnectErrors.where(topic, isKey, id));
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
      RegisteredSchema registered = registry.lookup(strategy.subject(topic, isKey, writer), writer, false);
      return registered.version() > 0 ? registered.version() : null;
    } catch (RegistryException e) {
      if (e.isNotFound()) {
        return null;
      }
      throw e;
    }
  }

  private record LastId(int id, Entry entry) {}

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
        this.decoder = decoders.create(writer, reader, connect, settings, mode);
      }
    }
  }
}
