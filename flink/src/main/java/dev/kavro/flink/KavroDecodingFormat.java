package dev.kavro.flink;

import dev.kavro.flink.row.RowDecoder;
import dev.kavro.flink.runtime.FormatConfig;
import dev.kavro.flink.runtime.RowReading;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.connector.Projection;
import org.apache.flink.table.connector.format.ProjectableDecodingFormat;
import org.apache.flink.table.connector.source.DynamicTableSource;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.DataType;
import org.apache.flink.table.types.logical.RowType;
import org.apache.flink.table.types.utils.DataTypeUtils;

/**
 * The table format's decoding side: rows of the produced (projected) type decoded straight from the bytes, with the
 * writer's schema id as a readable metadata column. Insert-only, as {@code avro-confluent}.
 */
final class KavroDecodingFormat implements ProjectableDecodingFormat<DeserializationSchema<RowData>> {
  /** The metadata key of the writer's schema id: {@code value.schema-id} in the Kafka connectors. */
  static final String SCHEMA_ID = "schema-id";

  private final TableOptions options;
  private List<String> metadataKeys = List.of();

  KavroDecodingFormat(TableOptions options) {
    this.options = options;
  }

  @Override
  public DeserializationSchema<RowData> createRuntimeDecoder(DynamicTableSource.Context context,
      DataType physicalDataType, int[][] projections) {
    DataType produced = Projection.of(projections).project(physicalDataType);
    RowType rowType = (RowType) produced.getLogicalType();
    FormatConfig config = options.config(options.side.isKey(rowType));
    options.checkTypes(rowType);
    if (options.schema != null) {
      try {
        RowDecoder.create(options.schema, rowType, config.mapping(), options.schema);
      } catch (IllegalArgumentException e) {
        throw new ValidationException("The schema given in option '" + KavroFormatOptions.SCHEMA.key() + "' cannot "
            + "be read as the table's row " + rowType.asSummaryString() + ": " + e.getMessage(), e);
      }
    }
    boolean schemaId = metadataKeys.contains(SCHEMA_ID);
    List<DataTypes.Field> metadata = new ArrayList<>();
    if (schemaId) {
      metadata.add(DataTypes.FIELD(SCHEMA_ID, DataTypes.INT()));
    }
    TypeInformation<RowData> type = context.createTypeInformation(DataTypeUtils.appendRowFields(produced, metadata));
    return new KavroDeserializationSchema<>(config, RowReading.spec(rowType,
        options.schema == null ? null : options.schema.toString(), schemaId), type, true);
  }

  @Override
  public Map<String, DataType> listReadableMetadata() {
    Map<String, DataType> metadata = new LinkedHashMap<>();
    // Null where the id is a GUID (Confluent 8's header ids), which an INT cannot hold.
    metadata.put(SCHEMA_ID, DataTypes.INT());
    return metadata;
  }

  @Override
  public void applyReadableMetadata(List<String> metadataKeys) {
    this.metadataKeys = List.copyOf(metadataKeys);
  }

  @Override
  public ChangelogMode getChangelogMode() {
    return ChangelogMode.insertOnly();
  }
}
