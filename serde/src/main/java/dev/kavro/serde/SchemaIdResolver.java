package dev.kavro.serde;

import dev.kavro.registry.RegisteredSchema;
import dev.kavro.registry.RegistryException;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.wire.SchemaId;
import dev.kavro.wire.WireFormat;
import java.util.Map;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.avro.SchemaCompatibility;
import org.apache.avro.generic.GenericData;
import org.apache.kafka.common.header.Headers;

/**
 * Finds the schema id that records of one schema get on one topic, as Confluent's serializer finds it, for every
 * writing adapter. In order: register the schema ({@code auto.register.schemas}, with {@code normalize.schemas}); the
 * fixed {@code use.schema.id}; the schema of {@code use.schema.guid} (its id looked up under the subject); the
 * subject's latest version with {@code use.latest.with.metadata}; its latest version ({@code use.latest.version});
 * else a lookup. With {@code id.compatibility.strict} / {@code latest.compatibility.strict} (both on by default) the
 * schema of a fixed id, GUID or latest version must be able to read the records' schema. Subjects come from
 * {@link SubjectNames} (subject name strategy, qualified with the context of {@code context.name.strategy}). With the
 * header schema id serializer ({@code key/value.schema.id.serializer}) the id travels as the schema's GUID in the
 * {@code __key_schema_id}/{@code __value_schema_id} header and the payload has no prefix.
 *
 * <p>Call it once per (schema, topic), not per record ({@link TopicTargets} keeps the answers). Thread-safe.
 * Internal API for Kavro's adapters.
 */
public final class SchemaIdResolver {
  private final SchemaRegistry registry;
  private final KavroSerdeConfig config;
  private final SubjectNames names;
  private final AdapterErrors errors;
  /** {@code use.latest.with.metadata}, parsed here so that a malformed value fails the configuration. */
  private final Map<String, String> latestMetadata;
  private final boolean idInHeader;
  private final GenericData model;

  /**
   * A resolver for the side {@code names} names.
   *
   * @param errors how failures become the adapter's exceptions
   * @throws org.apache.kafka.common.config.ConfigException if {@code use.latest.with.metadata} is malformed
   */
  public SchemaIdResolver(SchemaRegistry registry, KavroSerdeConfig config, SubjectNames names, AdapterErrors errors) {
    this.registry = registry;
    this.config = config;
    this.names = names;
    this.errors = errors;
    this.latestMetadata = config.useLatestWithMetadata();
    this.idInHeader = config.schemaIdSerializer(names.isKey()) == SchemaIdPlacement.HEADER;
    this.model = DataModels.generic(config.useLogicalTypeConverters());
  }

  /**
   * Fails unless the record can carry its id: with the header schema id serializer, {@code headers} must not be
   * null. Cheap enough for every record.
   *
   * @throws RuntimeException the adapter's exception, saying which call to use
   */
  public void checkHeaders(String topic, Headers headers) {
    if (idInHeader && headers == null) {
      throw errors.failed("Missing headers", where(topic, null), "the schema id goes in a header ("
          + KavroSerdeConfig.VALUE_SCHEMA_ID_SERIALIZER_CONFIG + "/" + KavroSerdeConfig.KEY_SCHEMA_ID_SERIALIZER_CONFIG
          + "), so the record's headers are needed: serialize(topic, headers, data), fromConnectData(topic, headers, "
          + "schema, value)");
    }
  }

  /**
   * The target of records of {@code schema} on {@code topic}.
   *
   * @throws RuntimeException what {@link AdapterErrors} makes of a registry failure, a subject that cannot be named,
   *     an incompatible registered schema, a missing GUID for the header form, or a registered schema the records
   *     cannot be written in
   */
  public SchemaTarget resolve(String topic, Schema schema) {
    String subject;
    try {
      subject = names.subject(topic, schema);
    } catch (RuntimeException e) {
      throw errors.failed("Cannot name the registry subject", where(topic, null), e);
    }
    Found found = find(topic, subject, schema);
    Transcoder transcoder = transcoder(topic, found.id, schema, found.writeSchema);
    if (!idInHeader) {
      return new SchemaTarget(topic, subject, found.id, found.guid, WireFormat.idPrefix(found.id), null, null,
          found.writeSchema, found.contract, transcoder);
    }
    if (found.guid == null) {
      throw errors.failed("Schema GUID is null", where(topic, found.id), "the registry returned no guid for "
          + "subject '" + subject + "' (registries before Confluent 8 and Apicurio do not); the header schema id serializer needs "
          + "one. Set " + (names.isKey() ? KavroSerdeConfig.KEY_SCHEMA_ID_SERIALIZER_CONFIG
              : KavroSerdeConfig.VALUE_SCHEMA_ID_SERIALIZER_CONFIG) + "=prefix to write the id prefix");
    }
    return new SchemaTarget(topic, subject, found.id, found.guid, new byte[0], WireFormat.schemaIdHeader(names.isKey()),
        WireFormat.toBytes(SchemaId.ofGuid(found.guid)), found.writeSchema, found.contract, transcoder);
  }

  /** The id as Confluent's serializer picks it; the data contract of the schema written with (a lookup carries none). */
  private Found find(String topic, String subject, Schema schema) {
    String action = "registering Avro schema";
    int useSchemaId = config.useSchemaId();
    UUID useSchemaGuid = config.useSchemaGuid();
    try {
      if (config.autoRegisterSchemas()) {
        RegisteredSchema registered = registry.registerWithResponse(subject, schema, config.normalizeSchemas());
        return new Found(registered.id(), registered.guid(), schema, registered.contract());
      }
      if (useSchemaId >= 0) {
        action = "retrieving Avro schema";
        RegisteredSchema byId = registry.schemaById(subject, useSchemaId);
        checkCanRead(config.idCompatibilityStrict(), topic, useSchemaId, byId.schema(), schema,
            KavroSerdeConfig.ID_COMPATIBILITY_STRICT_CONFIG);
        return new Found(useSchemaId, byId.guid(), byId.schema(), byId.contract());
      }
      if (useSchemaGuid != null) {
        action = "retrieving Avro schema by guid " + useSchemaGuid;
        Schema byGuid = registry.schemaByGuid(useSchemaGuid);
        SchemaContract contract = registry.contractByGuid(useSchemaGuid);
        checkCanRead(config.idCompatibilityStrict(), topic, useSchemaGuid, byGuid, schema,
            KavroSerdeConfig.ID_COMPATIBILITY_STRICT_CONFIG);
        // As Confluent: the id is the registered id of the guid's schema under the subject.
        return new Found(registry.lookup(subject, byGuid, false).id(), useSchemaGuid, byGuid, contract);
      }
      if (latestMetadata != null) {
        action = "retrieving latest with metadata '" + latestMetadata + "'";
        return latest(registry.latestWithMetadata(subject, latestMetadata));
      }
      if (config.useLatestVersion()) {
        action = "retrieving latest version of Avro schema";
        RegisteredSchema latest = registry.latest(subject);
        checkCanRead(config.latestCompatibilityStrict(), topic, latest.id(), latest.schema(), schema,
            KavroSerdeConfig.LATEST_COMPATIBILITY_STRICT_CONFIG);
        return latest(latest);
      }
      action = "retrieving Avro schema";
      RegisteredSchema found = registry.lookup(subject, schema, config.normalizeSchemas());
      return new Found(found.id(), found.guid(), schema, SchemaContract.NONE);
    } catch (RegistryException e) {
      throw errors.failed("Error " + action + " under subject '" + subject + "'", where(topic,
          useSchemaId >= 0 ? useSchemaId : null), e);
    }
  }

  private static Found latest(RegisteredSchema latest) {
    return new Found(latest.id(), latest.guid(), latest.schema(), latest.contract());
  }

  private void checkCanRead(boolean strict, String topic, Object id, Schema registered, Schema schema,
      String configKey) {
    if (!strict) {
      return;
    }
    SchemaCompatibility.SchemaPairCompatibility result =
        SchemaCompatibility.checkReaderWriterCompatibility(registered, schema);
    if (result.getType() != SchemaCompatibility.SchemaCompatibilityType.COMPATIBLE) {
      throw errors.failed("Incompatible schema", where(topic, id), "the registered schema cannot read data "
          + "written with the record's schema " + schema.getFullName() + " (" + result.getDescription() + "). Set " + configKey
          + "=false to disable this check.");
    }
  }

  private Transcoder transcoder(String topic, int id, Schema schema, Schema writeSchema) {
    try {
      return Transcoder.between(schema, writeSchema, model, config.compileMode());
    } catch (RuntimeException e) {
      throw errors.failed("Cannot write records of " + schema.getFullName() + " in the registered schema",
          where(topic, id), e);
    }
  }

  private String where(String topic, Object id) {
    return AdapterErrors.where(topic, names.isKey(), id);
  }

  /** The id found, with the schema the body is written in. */
  private record Found(int id, UUID guid, Schema writeSchema, SchemaContract contract) {}
}
