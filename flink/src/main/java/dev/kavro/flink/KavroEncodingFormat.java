package dev.kavro.flink;

import dev.kavro.flink.row.RowEncoder;
import dev.kavro.flink.runtime.FormatConfig;
import dev.kavro.flink.runtime.RowWriting;
import dev.kavro.serde.RecordNameStrategy;
import java.util.Set;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.sink.DynamicTableSink;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;

/**
 * The table format's encoding side: rows encoded straight to bytes in the writer schema (the {@code schema} option,
 * else derived from the table), whose schema id the tasks resolve once when they start. Insert-only, as
 * {@code avro-confluent}.
 */
final class KavroEncodingFormat implements EncodingFormat<SerializationSchema<RowData>> {
  /** Strategies that name a subject without a topic. */
  private static final Set<String> TOPIC_FREE = Set.of(RecordNameStrategy.class.getName(),
      "io.confluent.kafka.serializers.subject.RecordNameStrategy");

  private final TableOptions options;

  KavroEncodingFormat(TableOptions options) {
    this.options = options;
  }

  @Override
  public SerializationSchema<RowData> createRuntimeEncoder(DynamicTableSink.Context context, DataType physicalDataType) {
    RowType rowType = (RowType) physicalDataType.getLogicalType();
    FormatConfig config = options.config(options.side.isKey(rowType));
    if (options.subject == null && config.topic() == null
        && (options.strategy == null || !TOPIC_FREE.contains(options.strategy.trim()))) {
      throw new ValidationException("Option '" + KavroFormatOptions.SUBJECT.key() + "' is required for "
          + "serialization: the table does not write to one topic ('topic' with a single name), so the "
          + config.side() + " subject cannot be derived from it");
    }
    options.checkTypes(rowType);
    if (options.schema != null) {
      try {
        RowEncoder.create(rowType, options.schema, config.mapping());
      } catch (IllegalArgumentException e) {
        throw new ValidationException("The table's row " + rowType.asSummaryString() + " cannot be written with the "
            + "schema given in option '" + KavroFormatOptions.SCHEMA.key() + "': " + e.getMessage(), e);
      }
    }
    return new KavroSerializationSchema<>(config, RowWriting.spec(rowType,
        options.schema == null ? null : options.schema.toString()), true, true);
  }

  @Override
  public ChangelogMode getChangelogMode() {
    return ChangelogMode.insertOnly();
  }
}
