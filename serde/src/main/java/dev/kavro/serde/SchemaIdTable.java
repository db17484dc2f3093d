package dev.kavro.serde;

import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.wire.FrameReader;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import org.apache.avro.Schema;
import org.apache.kafka.common.config.ConfigException;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * The reading side of an adapter, from a record's framing to the adapter's entry for the writer schema behind its
 * schema id. Where the id is read from follows {@code key/value.schema.id.deserializer}: the
 * {@code __key_schema_id}/{@code __value_schema_id} header when present, else the payload prefix (dual, the
 * default); the prefix only; or the id of {@code use.schema.id}/{@code use.schema.guid} with the whole payload as
 * Avro (config). The writer schema and its data contract are fetched once per id, looked up with the subject or the
 * context of {@code context.name.strategy} as Confluent's deserializer looks them up; the adapter builds its entry
 * from them once ({@link EntryFactory}).
 *
 * <p>Per record: {@link #idHeader}, {@link #frame}, {@link #entry(String, long, byte[], byte[])}, then the body at
 * {@link FrameReader#bodyOffset}. The integer id of the previous record is answered from one field, other integer
 * ids from a lock-free table, with no allocation. Bounded: each id table starts over when full, so a stream of bogus
 * ids cannot grow it; an entry already made stays usable while the registry is down (the registry client keeps
 * what it fetched, so a table that started over refills from it).
 *
 * <p>Thread-safe: reads take no lock; a new id calls the registry outside any lock (two threads meeting a new id at
 * once may both build its entry; the first stored wins). Internal API for Kavro's adapters.
 *
 * @param <E> the adapter's entry for one writer schema
 */
public final class SchemaIdTable<E> {
  /** How the adapter makes its entry for one writer schema. */
  @FunctionalInterface
  public interface EntryFactory<E> {
    /**
     * The entry for the writer schema behind {@code id}; called once per id (on a race, possibly twice, and only one
     * result is kept). May throw the adapter's own exceptions, which reach the caller unchanged.
     *
     * @param topic the topic of the record that first carried the id; may be null
     * @param contract the writer schema's data contract ({@link SchemaContract#NONE} when it has none)
     */
    E create(String topic, SchemaId id, Schema writer, SchemaContract contract);
  }

  private final SchemaRegistry registry;
  private final SubjectNames names;
  private final AdapterErrors errors;
  private final EntryFactory<E> factory;
  private final int maxEntries;
  /** Whether a context strategy is configured; read on every record, so kept in a field of its own. */
  private final boolean contexts;
  /** The header to read ids from, or {@code null} where the placement reads the prefix only or the config. */
  private final String headerName;
  /** The id of every record with the config placement, else {@code null}. */
  private final SchemaId configuredId;
  private final IntObjectTable<Slot<E>> byId;
  /** With a context strategy, one id table per context: an id may name different schemas in two contexts. */
  private final Map<String, IntObjectTable<Slot<E>>> byContext = new ConcurrentHashMap<>();
  private final Map<UUID, E> byGuid = new ConcurrentHashMap<>();
  /**
   * The slot of the last integer id read without contexts: a topic's records nearly always carry one id. A plain
   * field: slots are immutable (final fields), so a racing reader sees a whole slot or the previous one.
   */
  private Slot<E> last;

  /**
   * A table for the side {@code names} names, reading ids where {@code config} says.
   *
   * @param maxEntries the bound of each id table
   * @throws ConfigException if the config placement lacks its configured id
   */
  public SchemaIdTable(SchemaRegistry registry, KavroSerdeConfig config, SubjectNames names, int maxEntries,
      AdapterErrors errors, EntryFactory<E> factory) {
    this.registry = registry;
    this.names = names;
    this.errors = errors;
    this.factory = factory;
    this.maxEntries = maxEntries;
    this.contexts = names.contextsConfigured();
    SchemaIdPlacement placement = config.schemaIdDeserializer(names.isKey());
    this.headerName = placement == SchemaIdPlacement.DUAL ? WireFormat.schemaIdHeader(names.isKey()) : null;
    this.configuredId = placement == SchemaIdPlacement.CONFIG ? configuredId(config, names.isKey()) : null;
    this.byId = new IntObjectTable<>(maxEntries);
  }

  private static SchemaId configuredId(KavroSerdeConfig config, boolean isKey) {
    if (config.useSchemaId() >= 0) {
      return SchemaId.ofId(config.useSchemaId());
    }
    if (config.useSchemaGuid() != null) {
      return SchemaId.ofGuid(config.useSchemaGuid());
    }
    throw new ConfigException((isKey ? KavroSerdeConfig.KEY_SCHEMA_ID_DESERIALIZER_CONFIG
        : KavroSerdeConfig.VALUE_SCHEMA_ID_DESERIALIZER_CONFIG) + "=config needs "
        + KavroSerdeConfig.USE_SCHEMA_ID_CONFIG + " or " + KavroSerdeConfig.USE_SCHEMA_GUID_CONFIG);
  }

  /**
   * The value of the schema id header to read the id from: {@code null} when there is none, or when the placement
   * reads the prefix only or the configured id.
   */
  public byte[] idHeader(Headers headers) {
    if (headerName == null || headers == null) {
      return null;
    }
    Header header = headers.lastHeader(headerName);
    return header == null ? null : header.value();
  }

  /** The name of the header ids are read from ({@link #idHeader}), or {@code null}; for messages. */
  public String idHeaderName() {
    return headerName;
  }

  /**
   * The frame of the record in {@code payload[off, off + len)} ({@link FrameReader}); with the config placement,
   * the whole payload is the body.
   *
   * @param header what {@link #idHeader} answered for the record
   * @throws IllegalArgumentException if the framing is malformed; the message says how
   */
  public long frame(byte[] payload, int off, int len, byte[] header) {
    return configuredId != null ? FrameReader.unframed(off) : FrameReader.read(payload, off, len, header);
  }

  /**
   * The entry of the id in {@code frame}, with the payload and header the frame was read from.
   *
   * @throws RuntimeException what {@link AdapterErrors} makes of a registry failure, or what the factory throws
   */
  public E entry(String topic, long frame, byte[] payload, byte[] header) {
    if (configuredId != null) {
      return entry(topic, configuredId);
    }
    if (FrameReader.isGuid(frame)) {
      return entry(topic, FrameReader.schemaId(frame, payload, header));
    }
    return entry(topic, FrameReader.id(frame));
  }

  /** The schema id of {@code frame}, as {@link #entry(String, long, byte[], byte[])} looks it up; for messages. */
  public SchemaId schemaId(long frame, byte[] payload, byte[] header) {
    return configuredId != null ? configuredId : FrameReader.schemaId(frame, payload, header);
  }

  /**
   * The entry of an integer id.
   *
   * @throws RuntimeException see {@link #entry(String, long, byte[], byte[])}
   */
  public E entry(String topic, int id) {
    if (contexts) {
      return slot(contextTable(topic), topic, id).entry;
    }
    Slot<E> slot = last;
    if (slot == null || slot.id != id) {
      slot = slot(byId, topic, id);
      last = slot;
    }
    return slot.entry;
  }

  /**
   * The entry of an integer id or a GUID.
   *
   * @throws RuntimeException see {@link #entry(String, long, byte[], byte[])}
   */
  public E entry(String topic, SchemaId id) {
    if (!id.isGuid()) {
      return entry(topic, id.id());
    }
    E entry = byGuid.get(id.guid());
    if (entry == null) {
      entry = fetch(topic, id);
      if (byGuid.size() >= maxEntries) {
        byGuid.clear();
      }
      E raced = byGuid.putIfAbsent(id.guid(), entry);
      entry = raced != null ? raced : entry;
    }
    return entry;
  }

  /** Entries held now, over every table. */
  public long size() {
    long size = byId.size() + byGuid.size();
    for (IntObjectTable<Slot<E>> table : byContext.values()) {
      size += table.size();
    }
    return size;
  }

  private Slot<E> slot(IntObjectTable<Slot<E>> table, String topic, int id) {
    Slot<E> slot = table.get(id);
    if (slot != null) {
      return slot;
    }
    return table.computeIfAbsent(id, k -> new Slot<>(k, fetch(topic, SchemaId.ofId(k))));
  }

  private IntObjectTable<Slot<E>> contextTable(String topic) {
    String context;
    try {
      context = names.context(topic);
    } catch (RuntimeException e) {
      throw errors.failed("Cannot name the schema context", where(topic, null), e);
    }
    return byContext.computeIfAbsent(context == null ? "" : context, c -> new IntObjectTable<>(maxEntries));
  }

  private E fetch(String topic, SchemaId id) {
    Schema writer;
    SchemaContract contract;
    try {
      if (id.isGuid()) {
        writer = registry.schemaByGuid(id.guid());
        contract = registry.contractByGuid(id.guid());
      } else {
        // The data contract comes with the schema, from the same subject-aware lookup.
        RegisteredSchema found = SchemaLookups.registeredById(registry, names.strategy(), names.context(topic), topic,
            names.isKey(), id.id());
        writer = found.schema();
        contract = found.contract();
      }
    } catch (RegistryException e) {
      throw errors.failed("Error retrieving Avro " + (names.isKey() ? "key" : "value") + " schema", where(topic, id),
          e);
    } catch (RuntimeException e) {
      throw errors.failed("Cannot name the registry subject or context for the schema lookup", where(topic, id),
          e);
    }
    return factory.create(topic, id, writer, contract);
  }

  private String where(String topic, Object id) {
    return AdapterErrors.where(topic, names.isKey(), id);
  }

  private record Slot<E>(int id, E entry) {}
}
