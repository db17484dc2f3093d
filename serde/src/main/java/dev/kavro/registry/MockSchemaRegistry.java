package dev.kavro.registry;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.apache.avro.Schema;

/**
 * An in-memory registry for users' unit tests, reached with {@code schema.registry.url=mock://scope}. All serdes
 * in one JVM that name the same scope share one instance, as with Confluent's mock registry.
 *
 * <p>Ids are dense from 1. Registering a schema equal to one already known (compared parsed, not as text) reuses its
 * id, in any subject. No compatibility rules are enforced. Thread-safe: every method is synchronized, which is fine
 * for tests and is not meant for production traffic.
 */
public final class MockSchemaRegistry implements SchemaRegistry {
  private static final ConcurrentMap<String, MockSchemaRegistry> SCOPES = new ConcurrentHashMap<>();

  private final Map<Integer, Stored> byId = new HashMap<>();
  private final Map<UUID, Integer> idByGuid = new HashMap<>();
  private final Map<String, List<Integer>> versionsBySubject = new HashMap<>();
  private int nextId = 1;

  /** A private registry that no scope shares. */
  public MockSchemaRegistry() {}

  /**
   * The registry shared by every caller that names {@code scope}.
   *
   * @throws NullPointerException if {@code scope} is null
   */
  public static MockSchemaRegistry forScope(String scope) {
    return SCOPES.computeIfAbsent(scope, s -> new MockSchemaRegistry());
  }

  /** Forgets a scope; the next {@link #forScope} call for it starts empty. */
  public static void dropScope(String scope) {
    SCOPES.remove(scope);
  }

  @Override
  public synchronized Schema schemaById(int id) {
    return stored(id).schema();
  }

  @Override
  public synchronized RegisteredSchema schemaById(String subject, int id) {
    Stored s = stored(id);
    return new RegisteredSchema(subject, id, -1, s.text(), s.references(), s.schema(), s.guid(), s.contract());
  }

  @Override
  public synchronized Schema schemaByGuid(UUID guid) {
    Integer id = idByGuid.get(guid);
    if (id == null) {
      throw new RegistryException("Schema not found for guid " + guid, 404, 40403);
    }
    return stored(id).schema();
  }

  /** The guid the mock assigned to {@code id}, for header-format tests. */
  public synchronized UUID guidOf(int id) {
    return stored(id).guid();
  }

  @Override
  public synchronized SchemaContract contractById(int id) {
    return stored(id).contract();
  }

  @Override
  public synchronized SchemaContract contractByGuid(UUID guid) {
    schemaByGuid(guid);
    return stored(idByGuid.get(guid)).contract();
  }

  @Override
  public synchronized int register(
      String subject, String schemaText, List<SchemaReference> references, boolean normalize) {
    return register(subject, schemaText, references, normalize, SchemaContract.NONE);
  }

  /**
   * Registers with a data contract. As Confluent's registry does, a schema registered without one inherits the
   * contract of the subject's latest version; schemas with different contracts get different ids.
   */
  @Override
  public synchronized int register(String subject, String schemaText, List<SchemaReference> references,
      boolean normalize, SchemaContract contract) {
    Schema schema = parse(schemaText, references);
    List<Integer> versions = versionsBySubject.computeIfAbsent(subject, s -> new ArrayList<>());
    SchemaContract wanted = contract == null || contract.isEmpty()
        ? versions.isEmpty() ? SchemaContract.NONE : byId.get(versions.get(versions.size() - 1)).contract()
        : contract;
    Integer known = findInSubject(versions, schema, wanted);
    if (known != null) {
      return known;
    }
    int id = byId.entrySet().stream()
        .filter(e -> e.getValue().schema().equals(schema) && e.getValue().contract().equals(wanted))
        .map(Map.Entry::getKey)
        .findFirst()
        .orElseGet(() -> store(schemaText, references, schema, wanted));
    versions.add(id);
    return id;
  }

  @Override
  public synchronized RegisteredSchema registerWithResponse(String subject, Schema schema, boolean normalize) {
    int id = register(subject, schema.toString(), List.of(), normalize, SchemaContract.NONE);
    List<Integer> versions = versionsBySubject.get(subject);
    return registered(subject, versions.lastIndexOf(id) + 1, id);
  }

  @Override
  public synchronized RegisteredSchema latestWithMetadata(String subject, Map<String, String> metadata) {
    List<Integer> versions = subjectVersions(subject);
    for (int v = versions.size(); v >= 1; v--) {
      Metadata m = byId.get(versions.get(v - 1)).contract().metadata();
      Map<String, String> properties = m == null || m.properties() == null ? Map.of() : m.properties();
      if (properties.entrySet().containsAll(metadata.entrySet())) {
        return registered(subject, v, versions.get(v - 1));
      }
    }
    throw new RegistryException("Subject '" + subject + "' has no version with metadata " + metadata, 404, 40403);
  }

  @Override
  public synchronized RegisteredSchema lookup(
      String subject, String schemaText, List<SchemaReference> references, boolean normalize) {
    Schema schema = parse(schemaText, references);
    List<Integer> versions = versionsBySubject.get(subject);
    if (versions == null) {
      throw new RegistryException("Subject '" + subject + "' not found.", 404, 40401);
    }
    Integer id = findInSubject(versions, schema, null);
    if (id == null) {
      throw new RegistryException("Schema not found", 404, 40403);
    }
    return registered(subject, versions.indexOf(id) + 1, id);
  }

  @Override
  public synchronized RegisteredSchema latest(String subject) {
    List<Integer> versions = subjectVersions(subject);
    return registered(subject, versions.size(), versions.get(versions.size() - 1));
  }

  @Override
  public synchronized RegisteredSchema version(String subject, int version) {
    List<Integer> versions = subjectVersions(subject);
    if (version == -1) {
      return latest(subject);
    }
    if (version < 1 || version > versions.size()) {
      throw new RegistryException("Version " + version + " not found.", 404, 40402);
    }
    return registered(subject, version, versions.get(version - 1));
  }

  @Override
  public void close() {
    // Scopes outlive their users, as Confluent's do; dropScope forgets one.
  }

  private Schema parse(String text, List<SchemaReference> references) {
    return SchemaParsing.parse(text, references, ref -> {
      RegisteredSchema target = version(ref.subject(), ref.version());
      return new SchemaParsing.Referenced(target.text(), target.references());
    });
  }

  private int store(String text, List<SchemaReference> references, Schema schema, SchemaContract contract) {
    int id = nextId++;
    UUID guid = UUID.randomUUID();
    byId.put(id, new Stored(text, List.copyOf(references), schema, guid, contract));
    idByGuid.put(guid, id);
    return id;
  }

  /** The newest version of {@code schema} in a subject, with {@code contract} unless that is {@code null}. */
  private Integer findInSubject(List<Integer> versions, Schema schema, SchemaContract contract) {
    for (int i = versions.size() - 1; i >= 0; i--) {
      Integer id = versions.get(i);
      Stored stored = byId.get(id);
      if (stored.schema().equals(schema) && (contract == null || stored.contract().equals(contract))) {
        return id;
      }
    }
    return null;
  }

  private List<Integer> subjectVersions(String subject) {
    List<Integer> versions = versionsBySubject.get(subject);
    if (versions == null || versions.isEmpty()) {
      throw new RegistryException("Subject '" + subject + "' not found.", 404, 40401);
    }
    return versions;
  }

  private Stored stored(int id) {
    Stored stored = byId.get(id);
    if (stored == null) {
      throw new RegistryException("Schema " + id + " not found", 404, 40403);
    }
    return stored;
  }

  private RegisteredSchema registered(String subject, int version, int id) {
    Stored s = byId.get(id);
    return new RegisteredSchema(subject, id, version, s.text(), s.references(), s.schema(), s.guid(), s.contract());
  }

  private record Stored(
      String text, List<SchemaReference> references, Schema schema, UUID guid, SchemaContract contract) {}
}
