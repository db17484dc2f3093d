package dev.kavro.flink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.DelegatingConfiguration;
import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.Schema;
import org.apache.flink.table.catalog.CatalogTable;
import org.apache.flink.table.catalog.Column;
import org.apache.flink.table.catalog.ObjectIdentifier;
import org.apache.flink.table.catalog.ResolvedCatalogTable;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.table.catalog.UniqueConstraint;
import org.apache.flink.table.connector.format.DecodingFormat;
import org.apache.flink.table.connector.format.EncodingFormat;
import org.apache.flink.table.connector.format.ProjectableDecodingFormat;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.factories.DynamicTableFactory;
import org.apache.flink.table.factories.FactoryUtil;
import org.apache.flink.table.runtime.connector.sink.SinkRuntimeProviderContext;
import org.apache.flink.table.runtime.connector.source.ScanRuntimeProviderContext;
import org.apache.flink.table.types.DataType;

/**
 * A table as the planner hands it to a format, without a planner: its options, its physical columns, the format
 * options under the format's prefix (what Flink's {@code FactoryUtil} passes), and the runtime context that makes the
 * type information. The formats come from the factory Flink discovers by the identifier {@code kavro}.
 */
final class TableHarness {
  private final Map<String, String> options = new LinkedHashMap<>();
  private final List<Column> columns = new ArrayList<>();
  private List<String> primaryKey;

  static TableHarness kafka(String topic) {
    return new TableHarness().option("connector", "kafka").option("topic", topic);
  }

  TableHarness option(String key, String value) {
    options.put(key, value);
    return this;
  }

  TableHarness column(String name, DataType type) {
    columns.add(Column.physical(name, type));
    return this;
  }

  TableHarness primaryKey(String... names) {
    primaryKey = List.of(names);
    return this;
  }

  DataType physical() {
    List<DataTypes.Field> fields = new ArrayList<>();
    for (Column column : columns) {
      fields.add(DataTypes.FIELD(column.getName(), column.getDataType()));
    }
    return DataTypes.ROW(fields.toArray(new DataTypes.Field[0])).notNull();
  }

  /** The physical type of the columns named, in that order. */
  DataType physical(String... names) {
    List<DataTypes.Field> fields = new ArrayList<>();
    for (String name : names) {
      Column column = columns.stream().filter(c -> c.getName().equals(name)).findFirst().orElseThrow();
      fields.add(DataTypes.FIELD(name, column.getDataType()));
    }
    return DataTypes.ROW(fields.toArray(new DataTypes.Field[0])).notNull();
  }

  DynamicTableFactory.Context context() {
    ResolvedSchema schema = new ResolvedSchema(columns, List.of(), primaryKey == null ? null
        : UniqueConstraint.primaryKey("pk", primaryKey));
    CatalogTable table = CatalogTable.newBuilder().schema(Schema.newBuilder().fromResolvedSchema(schema).build())
        .options(options).build();
    return new FactoryUtil.DefaultDynamicTableContext(ObjectIdentifier.of("cat", "db", "t"),
        new ResolvedCatalogTable(table, schema), Map.of(), new Configuration(), TableHarness.class.getClassLoader(),
        false);
  }

  /** The format options under {@code prefix} ({@code kavro.}, {@code key.kavro.}, {@code value.kavro.}). */
  DelegatingConfiguration formatOptions(String prefix) {
    return new DelegatingConfiguration(Configuration.fromMap(options), prefix);
  }

  DecodingFormat<DeserializationSchema<RowData>> decoding(String prefix) {
    return factory().createDecodingFormat(context(), formatOptions(prefix));
  }

  EncodingFormat<SerializationSchema<RowData>> encoding(String prefix) {
    return factory().createEncodingFormat(context(), formatOptions(prefix));
  }

  /** The runtime decoder of the format under {@code prefix}, handed {@code type}, opened in {@code task}. */
  DeserializationSchema<RowData> decoder(String prefix, DataType type, TaskContext task) throws Exception {
    DeserializationSchema<RowData> decoder = decoding(prefix).createRuntimeDecoder(ScanRuntimeProviderContext.INSTANCE,
        type);
    decoder.open(task);
    return decoder;
  }

  /** As {@link #decoder}, with a projection pushed into the format. */
  DeserializationSchema<RowData> projectedDecoder(String prefix, int[][] projections, TaskContext task)
      throws Exception {
    var format = (ProjectableDecodingFormat<DeserializationSchema<RowData>>) decoding(prefix);
    DeserializationSchema<RowData> decoder = format.createRuntimeDecoder(ScanRuntimeProviderContext.INSTANCE,
        physical(), projections);
    decoder.open(task);
    return decoder;
  }

  SerializationSchema<RowData> encoder(String prefix, DataType type, TaskContext task) throws Exception {
    SerializationSchema<RowData> encoder = encoding(prefix).createRuntimeEncoder(new SinkRuntimeProviderContext(false),
        type);
    encoder.open(task);
    return encoder;
  }

  static KavroFormatFactory factory() {
    return (KavroFormatFactory) FactoryUtil.discoverFactory(TableHarness.class.getClassLoader(),
        org.apache.flink.table.factories.DeserializationFormatFactory.class, KavroFormatFactory.IDENTIFIER);
  }
}
