package dev.kavro.registry;

import java.io.Closeable;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;

/**
 * The schema registry as the serdes see it: a small subset of the Confluent Schema Registry REST API.
 *
 * <p>Implementations cache what they fetch; a schema fetched once by id stays available when the registry is down.
 * Implementations are safe to share between threads.
 *
 * <p>Schema text is treated as opaque input to Avro's parser. Servers reorder keys and canonicalise text, so
 * implementations compare parsed schemas, never strings.
 */
public interface SchemaRegistry extends Closeable {

  /**
   * The writer schema registered under {@code id}, with its references resolved.
   *
   * @throws RegistryException if the registry does not know the id or cannot be reached
   */
  Schema schemaById(int id);

  /**
   * The schema registered under {@code id}, looked up as Confluent's deserializer does: with the subject (or a bare
   * context such as {@code :.staging:}) as the {@code subject} query parameter, so that a registry with schema
   * contexts resolves the id in the right context. With its GUID where the registry returns one.
   *
   * @param subject the subject or context, or {@code null} to look the id up in the default context
   * @throws RegistryException if the registry does not know the id or cannot be reached
   */
  default RegisteredSchema schemaById(String subject, int id) {
    Schema schema = schemaById(id);
    return new RegisteredSchema(subject, id, -1, schema.toString(), List.of(), schema);
  }

  /**
   * The writer schema registered under {@code guid} (the Confluent 8 header form), with its references resolved.
   *
   * @throws RegistryException if the registry does not know the guid or cannot be reached
   */
  Schema schemaByGuid(UUID guid);

  /**
   * Registers a schema under a subject and returns its id. Registering the same schema again returns the same id.
   *
   * @param references the schemas that {@code schemaText} refers to by name; they must be registered already
   * @param normalize ask the server to normalize the schema before it compares and stores it
   * @throws RegistryException with status 409 when the subject's compatibility rules reject the schema, 422 when
   *     the schema is invalid, or another status when the registry fails
   */
  int register(String subject, String schemaText, List<SchemaReference> references, boolean normalize);

  /**
   * Registers a self-contained schema; see {@link #register(String, String, List, boolean)}.
   *
   * @throws RegistryException as {@link #register(String, String, List, boolean)}
   */
  default int register(String subject, Schema schema, boolean normalize) {
    return register(subject, schema.toString(), List.of(), normalize);
  }

  /**
   * Registers a self-contained schema and returns what the registry answered: its id, its GUID where the registry
   * returns one (Confluent 8), and the data contract the registry attached (a subject's default or override rule
   * set, or the one an earlier version carries; Confluent 7.4+). Registries that answer only an id give
   * {@link SchemaContract#NONE}.
   *
   * @throws RegistryException as {@link #register(String, String, List, boolean)}
   */
  default RegisteredSchema registerWithResponse(String subject, Schema schema, boolean normalize) {
    return new RegisteredSchema(subject, register(subject, schema, normalize), -1, schema.toString(), List.of(),
        schema);
  }

  /**
   * Looks a schema up under a subject without registering it.
   *
   * @throws RegistryException with status 404 when the subject or the schema is not registered
   */
  RegisteredSchema lookup(String subject, String schemaText, List<SchemaReference> references, boolean normalize);

  /**
   * Looks a self-contained schema up; see {@link #lookup(String, String, List, boolean)}.
   *
   * @throws RegistryException as {@link #lookup(String, String, List, boolean)}
   */
  default RegisteredSchema lookup(String subject, Schema schema, boolean normalize) {
    return lookup(subject, schema.toString(), List.of(), normalize);
  }

  /**
   * The latest version registered under a subject. Implementations may cache it for a bounded time.
   *
   * @throws RegistryException with status 404 when the subject does not exist
   */
  RegisteredSchema latest(String subject);

  /**
   * One version of a subject.
   *
   * @throws RegistryException with status 404 when the subject or the version does not exist
   */
  RegisteredSchema version(String subject, int version);

  /**
   * The data contract ({@code metadata}, {@code ruleSet}) registered with the schema behind {@code id}. Cached with
   * the schema. Implementations that do not know data contracts answer {@link SchemaContract#NONE}.
   *
   * @throws RegistryException as {@link #schemaById(int)}
   */
  default SchemaContract contractById(int id) {
    return SchemaContract.NONE;
  }

  /**
   * The data contract registered with the schema behind {@code guid}; see {@link #contractById(int)}.
   *
   * @throws RegistryException as {@link #schemaByGuid(UUID)}
   */
  default SchemaContract contractByGuid(UUID guid) {
    return SchemaContract.NONE;
  }

  /**
   * Registers a schema with its data contract ({@code metadata} and {@code ruleSet} are sent along).
   *
   * @throws RegistryException as {@link #register(String, String, List, boolean)}, or with status 501 when this
   *     implementation cannot send a non-empty contract
   */
  default int register(String subject, String schemaText, List<SchemaReference> references, boolean normalize,
      SchemaContract contract) {
    if (contract != null && !contract.isEmpty()) {
      throw new RegistryException(getClass().getName() + " cannot register metadata or rule sets", 501, 50101);
    }
    return register(subject, schemaText, references, normalize);
  }

  /**
   * The latest version of a subject whose {@code metadata.properties} hold every entry of {@code metadata}
   * ({@code use.latest.with.metadata}).
   *
   * @throws RegistryException with status 404 when no version matches, or 501 when this implementation cannot ask
   */
  default RegisteredSchema latestWithMetadata(String subject, Map<String, String> metadata) {
    throw new RegistryException(getClass().getName() + " cannot look versions up by metadata", 501, 50101);
  }

  /** Releases connections and threads. Idempotent. */
  @Override
  void close();
}
