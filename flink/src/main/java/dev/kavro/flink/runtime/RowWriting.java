package dev.kavro.flink.runtime;

import dev.kavro.flink.row.RowEncoder;
import dev.kavro.flink.row.RowSchemas;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RuleSettings;
import dev.kavro.serde.AdapterErrors;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.SchemaIdResolver;
import dev.kavro.serde.SchemaTarget;
import dev.kavro.serde.SubjectNames;
import dev.kavro.serde.TopicTargets;
import org.apache.avro.Schema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.kafka.common.header.Headers;

/**
 * Encodes rows straight to bytes: the writer schema (the one given, else derived from the row type) gets its schema id
 * from the core's {@link SchemaIdResolver} once per topic, not per record, and rows are written by a {@link RowEncoder}
 * built for the schema the id stands for: the registered schema where {@code use.latest.version} (or a fixed id)
 * picks another than the table's, so no record is converted between schemas.
 *
 * <p>Thread-safe. Internal API.
 */
public final class RowWriting implements Writing<RowData> {
  private final FormatConfig config;
  private final RowType rowType;
  private final Schema schema;
  /** Whether {@link #schema} is derived from the table (no schema was given). */
  private final boolean derived;
  private final boolean autoRegister;
  private final boolean useLatest;
  private final SchemaRegistry registry;
  private final SchemaIdResolver resolver;
  private final SubjectNames names;
  private final RuleSettings rules;
  private final FormatMetrics metrics;
  private final Targets targets = new Targets();
  /** The target of records with no topic (a fixed subject), resolved once. */
  private volatile Target untargeted;

  private RowWriting(FormatConfig config, Spec spec, SchemaRegistry registry, FormatMetrics metrics) {
    KavroSerdeConfig serde = config.serdeConfig();
    this.config = config;
    this.rowType = spec.rowType;
    this.derived = spec.writerSchema == null;
    this.schema = derived ? RowSchemas.writerSchema(spec.rowType, config.mapping())
        : new Schema.Parser().parse(spec.writerSchema);
    this.autoRegister = serde.autoRegisterSchemas();
    this.useLatest = serde.useLatestVersion();
    this.registry = registry;
    this.names = SubjectNames.of(serde, config.isKey());
    this.resolver = new SchemaIdResolver(registry, serde, names, FormatFailure.ADAPTER);
    this.rules = serde.ruleSettings();
    this.metrics = metrics;
  }

  /**
   * Encoding rows of {@code rowType}.
   *
   * @param writerSchema the writer schema given (the {@code schema} option), or null for the table-derived one
   */
  public static WriteSpec<RowData> spec(RowType rowType, String writerSchema) {
    return new Spec(rowType, writerSchema);
  }

  /** Resolves the schema id of {@code topic} now, so that a registry that refuses it fails the task as it starts. */
  @Override
  public void prepare(String topic, boolean headersAvailable) {
    if (!headersAvailable) {
      try {
        resolver.checkHeaders(topic, null);
      } catch (FormatFailure e) {
        throw new FormatFailure("The schema id goes in a header (" + config.side() + ".schema.id.serializer), "
            + "which a table format cannot write: it produces only the " + config.side() + " bytes. Use the prefix "
            + "schema id serializer, or KavroKafkaRecordSerializationSchema in a DataStream job", e);
      }
    }
    target(topic);
  }

  @Override
  public byte[] write(String topic, Headers headers, RowData row) {
    Target target = target(topic);
    byte[] bytes;
    try {
      bytes = target.encoder.encode(row, target.prefix());
    } catch (IllegalArgumentException e) {
      throw FormatFailure.of("Error serializing Avro " + config.side(), where(topic, target.id()), e);
    }
    if (headers != null) {
      target.addHeaderTo(headers);
    } else if (target.header() != null) {
      throw new FormatFailure("The schema id goes in a header, and the record has none to carry it "
          + where(topic, target.id()), null);
    }
    return bytes;
  }

  private Target target(String topic) {
    if (topic != null) {
      return targets.forTopic(topic);
    }
    Target t = untargeted;
    if (t == null) {
      t = newTarget(null);
      untargeted = t;
    }
    return t;
  }

  private Target newTarget(String topic) {
    SchemaTarget resolved;
    try {
      resolved = resolver.resolve(topic, derived && useLatest ? namedAfterLatest(topic) : schema);
    } catch (FormatFailure e) {
      resolved = registeredUnderOtherNames(topic, e);
    }
    metrics.schemaLookedUp();
    Rules.refuse(rules, resolved.contract(), resolved.writeSchema(), names, topic, resolved.id(), RuleMode.WRITE);
    try {
      return new Target(resolved, RowEncoder.create(rowType, resolved.writeSchema(), config.mapping()));
    } catch (IllegalArgumentException e) {
      throw FormatFailure.of("The table's rows cannot be written in the registered schema "
          + resolved.writeSchema().getFullName(), where(topic, resolved.id()), e);
    }
  }

  /**
   * Where the table-derived schema is not registered and may not be (auto-registration off): the subject's latest
   * version, when it has the table's shape under other record names (a schema registered by another tool, which
   * names its records its own way; Flink's names are the table-derived schema's), looked up in its place. Otherwise
   * the lookup's failure stands, saying how to fix it.
   */
  private SchemaTarget registeredUnderOtherNames(String topic, FormatFailure failure) {
    if (!derived || autoRegister || !isNotFound(failure)) {
      throw failure;
    }
    Schema latest;
    try {
      latest = registry.latest(names.subject(topic, schema)).schema();
    } catch (RuntimeException e) {
      failure.addSuppressed(e);
      throw notRegistered(failure);
    }
    if (!RowSchemas.sameShape(schema, latest)) {
      throw notRegistered(failure);
    }
    return resolver.resolve(topic, latest);
  }

  /**
   * The table-derived schema named as the subject's latest schema names its records, so that the check that the
   * latest can read the rows (latest.compatibility.strict) compares fields and types, not Flink's record names.
   */
  private Schema namedAfterLatest(String topic) {
    try {
      return RowSchemas.namedAfter(schema, registry.latest(names.subject(topic, schema)).schema());
    } catch (RuntimeException e) {
      return schema; // the resolver asks again, and reports the failure with its context
    }
  }

  private static boolean isNotFound(Throwable failure) {
    dev.kavro.registry.RegistryException registry = FormatFailure.registryCause(failure);
    return registry != null && registry.isNotFound();
  }

  private FormatFailure notRegistered(FormatFailure failure) {
    return new FormatFailure(failure.getMessage() + ". The table's schema is not registered under the subject, and "
        + "auto.register.schemas is false: register it, give the registered schema in the 'schema' option, or set "
        + "use.latest.version to write in the subject's latest schema", failure);
  }

  private String where(String topic, Object id) {
    return AdapterErrors.where(topic, config.isKey(), id);
  }

  private final class Targets extends TopicTargets<Target> {
    @Override
    protected Target resolve(String topic) {
      return newTarget(topic);
    }
  }

  /** The core's target of the schema on one topic, with the encoder for the schema its id stands for. */
  private static final class Target extends SchemaTarget {
    final RowEncoder encoder;

    Target(SchemaTarget resolved, RowEncoder encoder) {
      super(resolved);
      this.encoder = encoder;
    }
  }

  private record Spec(RowType rowType, String writerSchema) implements WriteSpec<RowData> {
    @Override
    public Writing<RowData> open(FormatConfig config, SchemaRegistry registry, FormatMetrics metrics) {
      return new RowWriting(config, this, registry, metrics);
    }
  }
}
