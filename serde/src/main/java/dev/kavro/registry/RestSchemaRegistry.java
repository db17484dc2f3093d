package dev.kavro.registry;

import com.github.benmanes.caffeine.cache.Ticker;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.kafka.common.config.ConfigException;

/**
 * A client for the Confluent Schema Registry REST API (also served by Apicurio's ccompat API and Karapace), with
 * Confluent's configuration keys ({@link RegistryClientConfig}).
 *
 * <p>Schemas by id and guid, registrations, lookups and versions are cached without expiry (bounded by
 * {@code max.schemas.per.subject}), so that a schema fetched once keeps working while the registry is down. A
 * subject's latest version is cached for {@code latest.cache.ttl.sec} (by default until evicted, as in Confluent's
 * serde). A miss calls the registry once however many threads ask for the same key at once, and never waits on
 * misses for other keys. Failures are not cached. Schema text is parsed, never compared as a string, and references
 * are resolved recursively. Ids are cached per subject (or context) they were looked up with, as Confluent's are.
 *
 * <p>Thread-safe; meant to be shared. {@link #close()} releases the HTTP client.
 */
public final class RestSchemaRegistry implements SchemaRegistry {
  private final RegistryTransport transport;
  private final SingleFlightCache<IdKey, RegisteredSchema> byId;
  private final SingleFlightCache<UUID, Schema> byGuid;
  private final SingleFlightCache<SchemaKey, RegisteredSchema> registered;
  /** The data contracts of the schemas in {@code byGuid}, filled by the same fetch. */
  private final SingleFlightCache<UUID, SchemaContract> contractsByGuid;
  private final SingleFlightCache<String, RegisteredSchema> latestWithMetadata;
  private final SingleFlightCache<SchemaKey, RegisteredSchema> lookedUp;
  private final SingleFlightCache<String, RegisteredSchema> latest;
  private final SingleFlightCache<VersionKey, RegisteredSchema> versions;

  /**
   * A client for the registry that {@code configs} names.
   *
   * @throws ConfigException when the config is invalid, names a {@code mock://} URL, or its TLS stores cannot be
   *     loaded
   */
  public RestSchemaRegistry(Map<String, ?> configs) {
    this(new RegistryClientConfig(configs));
  }

  /**
   * A client for the registry that {@code config} names.
   *
   * @throws ConfigException as {@link #RestSchemaRegistry(Map)}
   */
  public RestSchemaRegistry(RegistryClientConfig config) {
    this(config, Backoff.of(config), Ticker.systemTicker());
  }

  RestSchemaRegistry(RegistryClientConfig config, Backoff backoff, Ticker ticker) {
    List<RegistryUrl> urls = config.urls().stream().map(RegistryUrl::parse).toList();
    this.transport = new RegistryTransport(config, urls, backoff);
    long size = config.getInt(RegistryClientConfig.MAX_SCHEMAS_PER_SUBJECT_CONFIG);
    int ttlSeconds = config.getInt(RegistryClientConfig.LATEST_CACHE_TTL_SEC_CONFIG);
    this.byId = new SingleFlightCache<>(size, null, ticker);
    this.byGuid = new SingleFlightCache<>(size, null, ticker);
    this.registered = new SingleFlightCache<>(size, null, ticker);
    this.lookedUp = new SingleFlightCache<>(size, null, ticker);
    this.latest = new SingleFlightCache<>(size, ttlSeconds < 0 ? null : Duration.ofSeconds(ttlSeconds), ticker);
    this.latestWithMetadata =
        new SingleFlightCache<>(size, ttlSeconds < 0 ? null : Duration.ofSeconds(ttlSeconds), ticker);
    this.contractsByGuid = new SingleFlightCache<>(size, null, ticker);
    this.versions = new SingleFlightCache<>(size, null, ticker);
  }

  RegistryTransport transport() {
    return transport;
  }

  @Override
  public Schema schemaById(int id) {
    return schemaById(null, id).schema();
  }

  /** Cached per subject and id, as Confluent's client caches them: contexts may give one id different schemas. */
  @Override
  public RegisteredSchema schemaById(String subject, int id) {
    String context = subject == null ? "" : subject;
    return byId.get(new IdKey(context, id), k -> {
      String path = "/schemas/ids/" + id + (context.isEmpty() ? "" : "?subject=" + query(context));
      RegistryJson.SchemaPayload payload = fetchPayload(path, "schema id " + id);
      return new RegisteredSchema(payload.subject() == null ? subject : payload.subject(), id,
          payload.version() == null ? -1 : payload.version(), payload.schema(), payload.schemaReferences(),
          parse(payload.schema(), payload.schemaReferences(), new HashSet<>()), guid(payload, path),
          payload.contract());
    });
  }

  @Override
  public SchemaContract contractById(int id) {
    return schemaById(null, id).contract();
  }

  @Override
  public SchemaContract contractByGuid(UUID guid) {
    Objects.requireNonNull(guid, "guid");
    SchemaContract known = contractsByGuid.peek(guid);
    if (known != null) {
      return known;
    }
    schemaByGuid(guid);
    known = contractsByGuid.peek(guid);
    // Evicted between the two calls, or cached before: fetch it again rather than report no rules.
    return known != null ? known : contractsByGuid.get(guid,
        k -> fetchPayload("/schemas/guids/" + guid, "schema guid " + guid).contract());
  }

  @Override
  public Schema schemaByGuid(UUID guid) {
    Objects.requireNonNull(guid, "guid");
    return byGuid.get(guid, k -> {
      RegistryJson.SchemaPayload payload = fetchPayload("/schemas/guids/" + guid, "schema guid " + guid);
      contractsByGuid.offer(guid, payload.contract());
      return parse(payload.schema(), payload.schemaReferences(), new HashSet<>());
    });
  }

  @Override
  public int register(String subject, String schemaText, List<SchemaReference> references, boolean normalize) {
    return register(subject, schemaText, references, normalize, SchemaContract.NONE);
  }

  @Override
  public int register(String subject, String schemaText, List<SchemaReference> references, boolean normalize,
      SchemaContract contract) {
    Schema parsed = parse(schemaText, references, new HashSet<>());
    SchemaContract sent = contract == null ? SchemaContract.NONE : contract;
    return registered.get(new SchemaKey(subject, parsed, normalize, sent),
        k -> doRegister(subject, schemaText, references, parsed, normalize, sent)).id();
  }

  @Override
  public int register(String subject, Schema schema, boolean normalize) {
    return registerWithResponse(subject, schema, normalize).id();
  }

  @Override
  public RegisteredSchema registerWithResponse(String subject, Schema schema, boolean normalize) {
    return registered.get(new SchemaKey(subject, schema, normalize, SchemaContract.NONE),
        k -> doRegister(subject, schema.toString(), List.of(), schema, normalize, SchemaContract.NONE));
  }

  @Override
  public RegisteredSchema latestWithMetadata(String subject, Map<String, String> metadata) {
    StringBuilder query = new StringBuilder();
    new java.util.TreeMap<>(metadata).forEach((k, v) -> query.append("key=").append(segment(k))
        .append("&value=").append(segment(v)).append('&'));
    String url = "/subjects/" + segment(subject) + "/metadata?" + query + "deleted=false";
    return latestWithMetadata.get(url, u -> fetchVersion(subject, -1, u, new HashSet<>()));
  }

  @Override
  public RegisteredSchema lookup(
      String subject, String schemaText, List<SchemaReference> references, boolean normalize) {
    Schema parsed = parse(schemaText, references, new HashSet<>());
    return lookedUp.get(new SchemaKey(subject, parsed, normalize, SchemaContract.NONE),
        k -> doLookup(subject, schemaText, references, parsed, normalize));
  }

  @Override
  public RegisteredSchema lookup(String subject, Schema schema, boolean normalize) {
    return lookedUp.get(new SchemaKey(subject, schema, normalize, SchemaContract.NONE),
        k -> doLookup(subject, schema.toString(), List.of(), schema, normalize));
  }

  @Override
  public RegisteredSchema latest(String subject) {
    return latest.get(subject, s -> fetchVersion(s, -1, new HashSet<>(Set.of(new VersionKey(s, -1)))));
  }

  @Override
  public RegisteredSchema version(String subject, int version) {
    if (version == -1) {
      return latest(subject);
    }
    VersionKey key = new VersionKey(subject, version);
    return versions.get(key, k -> fetchVersion(subject, version, new HashSet<>(Set.of(k))));
  }

  @Override
  public void close() {
    transport.close();
  }

  private RegistryJson.SchemaPayload fetchPayload(String path, String what) {
    RegistryJson.SchemaPayload payload = RegistryJson.schema(transport.get(path), "GET " + path);
    if (payload.schema() == null) {
      throw new RegistryException("GET " + path + " returned no schema", 200, RegistryJson.JSON_PARSE_ERROR_CODE);
    }
    requireAvro(payload, what);
    return payload;
  }

  private RegisteredSchema doRegister(String subject, String text, List<SchemaReference> references, Schema parsed,
      boolean normalize, SchemaContract contract) {
    String path = "/subjects/" + segment(subject) + "/versions?normalize=" + normalize;
    RegistryJson.SchemaPayload payload = RegistryJson.schema(
        transport.post(path, RegistryJson.registerRequest(text, references, contract)), "POST " + path);
    // A new version may now be the latest.
    latest.invalidate(subject);
    latestWithMetadata.invalidateAll();
    if (payload.id() == null) {
      throw new RegistryException("POST " + path + " returned no id", 200, RegistryJson.JSON_PARSE_ERROR_CODE);
    }
    // Confluent 7.4+ answers with the stored schema, including the metadata and rule set the subject gave it.
    return new RegisteredSchema(subject, payload.id(), payload.version() == null ? -1 : payload.version(), text,
        references, parsed, guid(payload, path), payload.schema() == null ? contract : payload.contract());
  }

  private RegisteredSchema doLookup(
      String subject, String text, List<SchemaReference> references, Schema parsed, boolean normalize) {
    String path = "/subjects/" + segment(subject) + "?normalize=" + normalize;
    RegistryJson.SchemaPayload payload =
        RegistryJson.schema(transport.post(path, RegistryJson.registerRequest(text, references)), "POST " + path);
    if (payload.id() == null) {
      throw new RegistryException("POST " + path + " returned no id", 200, RegistryJson.JSON_PARSE_ERROR_CODE);
    }
    requireAvro(payload, "schema id " + payload.id());
    String storedText = payload.schema() == null ? text : payload.schema();
    List<SchemaReference> storedRefs = payload.schema() == null ? references : payload.schemaReferences();
    Schema stored = payload.schema() == null ? parsed : parse(storedText, storedRefs, new HashSet<>());
    return new RegisteredSchema(payload.subject() == null ? subject : payload.subject(), payload.id(),
        payload.version() == null ? -1 : payload.version(), storedText, storedRefs, stored, guid(payload, path),
        payload.contract());
  }

  /** Fetches a version ({@code -1}: latest); {@code path} holds the versions being resolved, to stop cycles. */
  private RegisteredSchema fetchVersion(String subject, int version, Set<VersionKey> path) {
    String url = "/subjects/" + segment(subject) + "/versions/" + (version == -1 ? "latest" : version);
    return fetchVersion(subject, version, url, path);
  }

  private RegisteredSchema fetchVersion(String subject, int version, String url, Set<VersionKey> path) {
    RegistryJson.SchemaPayload payload = RegistryJson.schema(transport.get(url), "GET " + url);
    if (payload.id() == null || payload.schema() == null) {
      throw new RegistryException("GET " + url + " returned no id or schema", 200,
          RegistryJson.JSON_PARSE_ERROR_CODE);
    }
    requireAvro(payload, "subject '" + subject + "' version " + version);
    List<SchemaReference> refs = payload.schemaReferences();
    return new RegisteredSchema(payload.subject() == null ? subject : payload.subject(), payload.id(),
        payload.version() == null ? version : payload.version(), payload.schema(), refs,
        parse(payload.schema(), refs, path), guid(payload, url), payload.contract());
  }

  private Schema parse(String text, List<SchemaReference> references, Set<VersionKey> path) {
    return SchemaParsing.parse(text, references, ref -> {
      RegisteredSchema target = referenced(ref, path);
      return new SchemaParsing.Referenced(target.text(), target.references());
    });
  }

  /**
   * A referenced version, from the caches when loaded already, else fetched here. It never waits for another
   * thread's load: two loads that reference each other's schemas must not wait on each other.
   */
  private RegisteredSchema referenced(SchemaReference ref, Set<VersionKey> path) {
    VersionKey key = new VersionKey(ref.subject(), ref.version());
    RegisteredSchema cached = ref.version() == -1 ? latest.peek(ref.subject()) : versions.peek(key);
    if (cached != null) {
      return cached;
    }
    if (!path.add(key)) {
      throw new RegistryException("Schema references form a cycle through subject '" + ref.subject()
          + "' version " + ref.version(), 422, 42201);
    }
    try {
      RegisteredSchema fetched = fetchVersion(ref.subject(), ref.version(), path);
      if (ref.version() == -1) {
        latest.offer(ref.subject(), fetched);
      } else {
        versions.offer(key, fetched);
      }
      return fetched;
    } finally {
      path.remove(key);
    }
  }

  private static void requireAvro(RegistryJson.SchemaPayload payload, String what) {
    if (!payload.isAvro()) {
      throw new RegistryException("The registry's " + what + " is a " + payload.schemaType()
          + " schema; Kavro reads Avro only", 422, 42201);
    }
  }

  /** The response's GUID, or {@code null} for registries older than Confluent 8 (and Apicurio). */
  private static UUID guid(RegistryJson.SchemaPayload payload, String path) {
    if (payload.guid() == null || payload.guid().isBlank()) {
      return null;
    }
    try {
      return UUID.fromString(payload.guid());
    } catch (IllegalArgumentException e) {
      throw new RegistryException(path + " returned a guid that is not a UUID", 200,
          RegistryJson.JSON_PARSE_ERROR_CODE);
    }
  }

  /** Encoded as a query value; the colons of a qualified subject stay literal, as in Confluent's requests. */
  private static String query(String value) {
    return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20").replace("%3A", ":");
  }

  private static String segment(String subject) {
    Objects.requireNonNull(subject, "subject");
    return URLEncoder.encode(subject, StandardCharsets.UTF_8).replace("+", "%20");
  }

  /** Parsed schemas are the key: registries reorder and reformat text, so text is never compared. */
  private record SchemaKey(String subject, Schema schema, boolean normalize, SchemaContract contract) {}

  private record VersionKey(String subject, int version) {}

  private record IdKey(String subject, int id) {}
}
