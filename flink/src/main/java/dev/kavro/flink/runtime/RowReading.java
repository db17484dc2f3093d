package dev.kavro.flink.runtime;

import dev.kavro.flink.row.RowDecoder;
import dev.kavro.plan.ClassProps;
import dev.kavro.registry.SchemaContract;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.rules.RuleMode;
import dev.kavro.rules.RuleSettings;
import dev.kavro.serde.AdapterErrors;
import dev.kavro.serde.KavroSerdeConfig;
import dev.kavro.serde.SchemaIdTable;
import dev.kavro.serde.SubjectNames;
import dev.kavro.wire.FrameReader;
import dev.kavro.wire.SchemaId;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.utils.JoinedRowData;
import org.apache.flink.table.types.logical.RowType;
import org.apache.kafka.common.header.Headers;

/**
 * Decodes records straight into rows: the core's framing and id table ({@link SchemaIdTable}), and per writer schema
 * one {@link RowDecoder} into the produced row type, built when the id is first met. A writer schema that cannot be
 * read as the row type fails each of its records (and only those), naming why.
 *
 * <p>Thread-safe. Internal API.
 */
public final class RowReading implements Reading<RowData> {
  /** Bound of the id table; beyond it the table starts over (the registry client still holds what it fetched). */
  private static final int MAX_IDS = 10_000;

  private final FormatConfig config;
  private final Spec spec;
  private final Schema readerSchema;
  private final SubjectNames names;
  private final RuleSettings rules;
  private final FormatMetrics metrics;
  private final SchemaIdTable<Entry> ids;

  private RowReading(FormatConfig config, Spec spec, SchemaRegistry registry, FormatMetrics metrics) {
    KavroSerdeConfig serde = config.serdeConfig();
    this.config = config;
    this.spec = spec;
    this.readerSchema = spec.readerSchema == null ? null : new Schema.Parser().parse(spec.readerSchema);
    this.names = SubjectNames.of(serde, config.isKey());
    this.rules = serde.ruleSettings();
    this.metrics = metrics;
    this.ids = new SchemaIdTable<>(registry, serde, names, MAX_IDS, FormatFailure.ADAPTER, this::newEntry);
    metrics.schemasCached(ids::size);
  }

  /**
   * Decoding into rows of {@code produced}.
   *
   * @param readerSchema the reader schema given (the {@code schema} option), or null
   * @param appendSchemaId whether each row gets the writer's schema id (INT, null for a GUID) as one more field
   */
  public static ReadSpec<RowData> spec(RowType produced, String readerSchema, boolean appendSchemaId) {
    return new Spec(produced, readerSchema, appendSchemaId);
  }

  @Override
  public RowData read(String topic, Headers headers, byte[] message) throws IOException {
    byte[] header = ids.idHeader(headers);
    long frame;
    try {
      frame = ids.frame(message, 0, message.length, header);
    } catch (IllegalArgumentException e) {
      throw new IOException("Error deserializing the schema id from the " + (header != null ? "header "
          + ids.idHeaderName() : "payload prefix") + " " + where(topic, null) + ": " + e.getMessage(), e);
    }
    Entry entry = ids.entry(topic, frame, message, header);
    int body = FrameReader.bodyOffset(frame);
    GenericRowData row;
    try {
      row = entry.decode(message, body, message.length - body);
    } catch (IOException e) {
      throw new IOException("Error deserializing Avro " + config.side() + " " + where(topic, entry.id) + ": "
          + e.getMessage(), e);
    }
    return spec.appendSchemaId ? new JoinedRowData(row, entry.idRow) : row;
  }

  private Entry newEntry(String topic, SchemaId id, Schema writer, SchemaContract contract) {
    metrics.schemaLookedUp();
    Rules.refuse(rules, contract, writer, names, topic, id, RuleMode.READ);
    GenericRowData idRow = GenericRowData.of(id.isGuid() ? null : id.id());
    try {
      // A registry schema never names classes for Avro to load.
      RowDecoder decoder = RowDecoder.create(ClassProps.strip(writer), spec.produced, config.mapping(), readerSchema);
      return new Entry(id, decoder, null, idRow);
    } catch (IllegalArgumentException e) {
      return new Entry(id, null, "the writer schema cannot be read as the table's row: " + e.getMessage(), idRow);
    }
  }

  private String where(String topic, SchemaId id) {
    return AdapterErrors.where(topic, config.isKey(), id);
  }

  /** One writer schema: its decoder, or why its records cannot be read; and the row of its schema id. */
  private record Entry(SchemaId id, RowDecoder decoder, String refusal, RowData idRow) {
    GenericRowData decode(byte[] message, int offset, int length) throws IOException {
      if (decoder == null) {
        throw new IOException(refusal);
      }
      return decoder.decode(message, offset, length);
    }
  }

  private record Spec(RowType produced, String readerSchema, boolean appendSchemaId) implements ReadSpec<RowData> {
    @Override
    public Reading<RowData> open(FormatConfig config, SchemaRegistry registry, FormatMetrics metrics) {
      return new RowReading(config, this, registry, metrics);
    }
  }
}
