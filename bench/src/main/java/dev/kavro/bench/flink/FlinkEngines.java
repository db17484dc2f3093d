package dev.kavro.bench.flink;

import dev.kavro.wire.WireFormat;
import java.io.IOException;
import java.util.Arrays;
import org.apache.flink.api.common.serialization.DeserializationSchema;
import org.apache.flink.api.common.serialization.SerializationSchema;
import org.apache.flink.table.data.GenericRowData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.binary.BinaryRowData;
import org.apache.flink.table.runtime.typeutils.RowDataSerializer;
import org.apache.flink.table.types.logical.RowType;

/**
 * The Flink paths compared on one {@link FlinkCase}, each on record {@code i}:
 *
 * <ul>
 *   <li>decode, every path ending with {@code RowDataSerializer.toBinaryRow} (the first network hop): Kavro's format
 *       path ({@link KavroFlinkPath}); Flink's {@code avro-confluent} as Flink ships it
 *       ({@code flink-sql-avro-confluent-registry}: Avro 1.11.4 and Confluent's client, {@link FlinkSqlJar}); Flink's
 *       classes on the bench's Avro 1.12 ({@link FlinkAvroPath}), with Avro's default fast reader and with
 *       {@code -Dorg.apache.avro.fastread=false};
 *   <li>encode, from rows as Flink holds them after a hop ({@code BinaryRowData}) and from rows as its decoders make
 *       them ({@code GenericRowData} with {@code StringData.fromString}): Kavro, Flink 1.11.4, Flink on Avro 1.12.
 * </ul>
 *
 * <p>The constructor checks that every path decodes every record to an equal row and encodes every row to equal bytes
 * (maps compared by entries), and refuses the case otherwise: a ratio of different work would be a lie. Flink's
 * 1.11.4 path talks to a {@link LoopbackRegistry} once per id and schema, and never again:
 * {@link #registryRequestsSinceSetup} shows it. Not thread-safe: one instance per benchmark thread.
 */
public final class FlinkEngines implements AutoCloseable {
  static final String SUBJECT = "bench-value";

  private final FlinkCase flinkCase;
  private final RowType rowType;
  private final KavroFlinkPath kavro;
  private final LoopbackRegistry registry;
  private final DeserializationSchema<RowData> flinkSql;
  private final DeserializationSchema<RowData> flink;
  private final DeserializationSchema<RowData> flinkClassic;
  private final SerializationSchema<RowData> flinkSqlEncoder;
  private final SerializationSchema<RowData> flinkEncoder;
  /** One per decode path, as each Flink task has its own: {@code toBinaryRow} reuses the row it returns. */
  private final RowDataSerializer kavroHop;
  private final RowDataSerializer flinkSqlHop;
  private final RowDataSerializer flinkHop;
  private final RowDataSerializer flinkClassicHop;
  private final GenericRowData[] genericRows;
  private final int setupRequests;

  /**
   * @throws IllegalStateException if a path cannot be built, or two paths disagree on a record
   */
  public FlinkEngines(FlinkCase flinkCase) {
    this.flinkCase = flinkCase;
    this.rowType = flinkCase.rowType();
    this.kavroHop = new RowDataSerializer(rowType);
    this.flinkSqlHop = new RowDataSerializer(rowType);
    this.flinkHop = new RowDataSerializer(rowType);
    this.flinkClassicHop = new RowDataSerializer(rowType);
    this.kavro = new KavroFlinkPath(FlinkCase.ID, flinkCase.tableSchema, rowType);
    try {
      this.registry = LoopbackRegistry.start(FlinkCase.ID, flinkCase.tableSchema);
    } catch (IOException e) {
      throw new IllegalStateException("Cannot start the bench's registry: " + e, e);
    }
    try {
      this.flinkSql = FlinkSqlJar.get().decoder(rowType, registry.url());
      this.flinkSqlEncoder = FlinkSqlJar.get().encoder(rowType, SUBJECT, registry.url());
      byte[] first = flinkCase.message(0);
      this.flink = FlinkAvroPath.decoder(FlinkCase.ID, flinkCase.tableSchema, flinkCase.tableSchema, rowType, true,
          first);
      this.flinkClassic = FlinkAvroPath.decoder(FlinkCase.ID, flinkCase.tableSchema, flinkCase.tableSchema, rowType,
          false, first);
      this.flinkEncoder = FlinkAvroPath.encoder(FlinkCase.ID, flinkCase.tableSchema, rowType);
    } catch (Exception e) {
      registry.close();
      throw new IllegalStateException("Cannot build the Flink paths of case " + flinkCase.name + ": " + e, e);
    }
    this.genericRows = flinkCase.genericRows();
    try {
      verify();
    } catch (IOException | RuntimeException e) {
      registry.close();
      throw new IllegalStateException("Flink case " + flinkCase.name + ": " + e.getMessage(), e);
    }
    this.setupRequests = registry.requests();
  }

  public FlinkCase flinkCase() {
    return flinkCase;
  }

  /** Kavro's format path, then {@code toBinaryRow}. */
  public BinaryRowData decodeKavro(int i) throws IOException {
    return kavroHop.toBinaryRow(kavro.decode(flinkCase.message(i)));
  }

  /** Flink's {@code avro-confluent} as Flink ships it (Avro 1.11.4, Confluent's client), then {@code toBinaryRow}. */
  public BinaryRowData decodeFlinkSql(int i) throws IOException {
    return flinkSqlHop.toBinaryRow(flinkSql.deserialize(flinkCase.message(i)));
  }

  /** Flink's classes on the bench's Avro 1.12 with its fast reader (the default), then {@code toBinaryRow}. */
  public BinaryRowData decodeFlink(int i) throws IOException {
    return flinkHop.toBinaryRow(flink.deserialize(flinkCase.message(i)));
  }

  /** The same with {@code -Dorg.apache.avro.fastread=false}, then {@code toBinaryRow}. */
  public BinaryRowData decodeFlinkClassic(int i) throws IOException {
    return flinkClassicHop.toBinaryRow(flinkClassic.deserialize(flinkCase.message(i)));
  }

  /** Kavro's format path from the {@code BinaryRowData} of the first hop. */
  public byte[] encodeKavro(int i) {
    return kavro.encode(flinkCase.binaryRow(i));
  }

  public byte[] encodeFlinkSql(int i) {
    return flinkSqlEncoder.serialize(flinkCase.binaryRow(i));
  }

  public byte[] encodeFlink(int i) {
    return flinkEncoder.serialize(flinkCase.binaryRow(i));
  }

  /** Kavro's format path from the {@code GenericRowData} of a decoder ({@code StringData.fromString}). */
  public byte[] encodeGenericKavro(int i) {
    return kavro.encode(genericRows[i]);
  }

  public byte[] encodeGenericFlinkSql(int i) {
    return flinkSqlEncoder.serialize(genericRows[i]);
  }

  public byte[] encodeGenericFlink(int i) {
    return flinkEncoder.serialize(genericRows[i]);
  }

  /** Whether two rows of this case are equal as Flink's first hop sees them (maps compared by entries). */
  public boolean sameRow(BinaryRowData a, BinaryRowData b) {
    return SameRows.same(a, b, rowType);
  }

  /** Requests the registry answered after the constructor: 0 when Flink's client serves everything from its cache. */
  public int registryRequestsSinceSetup() {
    return registry.requests() - setupRequests;
  }

  /**
   * Stops the loopback registry. Flink's client has fetched what it needs while the engines were built, so every
   * path keeps working from its cache.
   */
  @Override
  public void close() {
    registry.close();
  }

  private void verify() throws IOException {
    for (int i = 0; i < flinkCase.distinct; i++) {
      BinaryRowData expected = flinkCase.binaryRow(i);
      sameRow("Flink on Avro 1.12", decodeFlink(i), expected, i);
      sameRow("Flink on Avro 1.12 with fastread=false", decodeFlinkClassic(i), expected, i);
      sameRow("Flink 1.11.4 (flink-sql-avro-confluent-registry)", decodeFlinkSql(i), expected, i);
      sameRow("Kavro", decodeKavro(i), expected, i);

      byte[] message = flinkCase.message(i);
      sameMessage("encode: Flink on Avro 1.12", encodeFlink(i), message, i);
      sameMessage("encode: Flink 1.11.4", encodeFlinkSql(i), message, i);
      sameMessage("encode: Kavro", encodeKavro(i), message, i);
      sameMessage("encode from GenericRowData: Flink on Avro 1.12", encodeGenericFlink(i), message, i);
      sameMessage("encode from GenericRowData: Flink 1.11.4", encodeGenericFlinkSql(i), message, i);
      sameMessage("encode from GenericRowData: Kavro", encodeGenericKavro(i), message, i);
    }
  }

  private void sameRow(String path, BinaryRowData actual, BinaryRowData expected, int i) {
    if (!SameRows.same(actual, expected, rowType)) {
      throw new IllegalStateException(path + " decodes record " + i + " to another row than the table's");
    }
  }

  /** Equal bytes, or (maps written in another order) equal framing and length, and equal rows read back. */
  private void sameMessage(String path, byte[] actual, byte[] expected, int i) throws IOException {
    if (Arrays.equals(actual, expected)) {
      return;
    }
    boolean same = actual.length == expected.length && SameRows.hasMap(rowType)
        && Arrays.equals(actual, 0, WireFormat.ID_PREFIX_LENGTH, expected, 0, WireFormat.ID_PREFIX_LENGTH)
        && SameRows.same(flinkClassicHop.toBinaryRow(flinkClassic.deserialize(actual)).copy(),
            flinkClassicHop.toBinaryRow(flinkClassic.deserialize(expected)).copy(), rowType);
    if (!same) {
      throw new IllegalStateException(path + " writes record " + i + " differently from Flink's encoder");
    }
  }
}
