package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.flink.row.AvroOracle;
import dev.kavro.flink.row.FlinkTableTypes;
import dev.kavro.flink.row.RowDecoder;
import dev.kavro.flink.row.Rows;
import dev.kavro.serde.KavroSerializer;
import dev.kavro.testing.Models;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomEvolution;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.flink.formats.avro.AvroRowDataDeserializationSchema;
import org.apache.flink.formats.avro.AvroToRowDataConverters;
import org.apache.flink.formats.avro.registry.confluent.ConfluentRegistryAvroDeserializationSchema;
import org.apache.flink.formats.avro.typeutils.AvroSchemaConverter;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.runtime.typeutils.InternalTypeInfo;
import org.apache.flink.table.types.logical.RowType;
import org.apache.kafka.common.errors.SerializationException;

/**
 * One random evolution pair in the Flink evolution IT: records written with the pair's writer schema into a topic of
 * their own (registered in the real registry), read as the table type of the pair's reader schema by
 * <ul>
 *   <li>{@code kavro} (correct timestamps, skipping what cannot be read), which must read what vanilla Avro reads with
 *       the reader schema Kavro derives ({@link AvroOracle}), and skip what vanilla Avro cannot read;
 *   <li>where Flink's own path reads every record: {@code avro-confluent}, and {@code kavro} with the legacy timestamp
 *       mapping, which must read the same rows as Flink.
 * </ul>
 * Whether Flink's path reads the records is first found with the very decoder its SQL format builds
 * ({@code RegistryAvroFormatFactory}), against the same registry: a record it cannot read would fail the shared job.
 */
final class FlinkEvolution {
  private final long seed;
  private final Schema writer;
  private final RowType type;
  private final String topic;
  private final List<byte[]> records = new ArrayList<>();
  private final List<Object> expectedCorrect = new ArrayList<>();
  private final List<Object> expectedLegacy = new ArrayList<>();
  private boolean registered;
  private boolean flinkReadsAll;
  private boolean caseRule;

  private FlinkEvolution(long seed, Schema writer, RowType type, String topic) {
    this.seed = seed;
    this.writer = writer;
    this.type = type;
    this.topic = topic;
  }

  /** The pair of {@code seed}, or null where Flink has no table type for its reader (or the writer is recursive). */
  static FlinkEvolution of(long seed, String topicPrefix) {
    RandomEvolution.Pair pair = RandomEvolution.pair(seed);
    RowType type = FlinkTableTypes.nullableWhereDefaulted(FlinkTableTypes.flinkType(pair.reader()), pair.reader());
    if (type == null || FlinkTableTypes.isRecursive(pair.writer())) {
      return null;
    }
    return new FlinkEvolution(seed, pair.writer(), type, topicPrefix + "-" + seed);
  }

  String topic() {
    return topic;
  }

  /**
   * Serializes {@code count} random records with {@code serializer} (which registers the writer schema); false when
   * the registry refuses the schema, which then takes no further part.
   */
  boolean write(KavroSerializer serializer, Random random, int count) {
    RandomData data = new RandomData(random, Models.generic(false, false));
    try {
      for (int i = 0; i < count; i++) {
        records.add(serializer.serialize(topic, data.next(writer)));
      }
    } catch (SerializationException e) {
      records.clear();
      return false;
    }
    registered = true;
    return true;
  }

  List<byte[]> records() {
    return records;
  }

  /**
   * Works out what each table must read, then adds the reads to the shared job: always {@code kavro}; where Flink's
   * decoder reads every record, {@code avro-confluent} and legacy {@code kavro} too.
   */
  void plan(FlinkSql sql, Tally tally) {
    expect(TimestampMapping.CORRECT, expectedCorrect);
    flinkReadsAll = flinkReadsEveryRecord(sql.registryUrl(), tally);
    String columns = FlinkSql.columns(type);
    sql.createTable(table("kavro"), columns, topic, FlinkSql.KAVRO, "ignore-parse-errors", "true");
    sql.read(table("kavro"));
    if (flinkReadsAll) {
      expect(TimestampMapping.LEGACY, expectedLegacy);
      sql.createTable(table("flink"), columns, topic, FlinkSql.AVRO_CONFLUENT);
      sql.createTable(table("legacy"), columns, topic, FlinkSql.KAVRO, "ignore-parse-errors", "true",
          "timestamp-mapping", "legacy");
      sql.read(table("flink"));
      sql.read(table("legacy"));
    }
  }

  /** Checks what the shared job read for this pair. */
  void check(Map<String, List<RowData>> read, Tally tally) {
    String context = context();
    tally.rows += assertReadAsExpected(expectedCorrect, read.get(table("kavro")), context + " kavro");
    if (!flinkReadsAll) {
      return;
    }
    List<RowData> flink = read.get(table("flink"));
    List<RowData> legacy = read.get(table("legacy"));
    assertEquals(records.size(), flink.size(), context + ": avro-confluent reads every record");
    assertReadAsExpected(expectedLegacy, legacy, context + " kavro (legacy)");
    // Documented differences: Flink has no case rule, and reads what vanilla Avro cannot (a decimal of another scale
    // at the column's scale); Kavro's rows were just checked against vanilla Avro's.
    if (caseRule || legacy.size() != flink.size()) {
      tally.flinkDiffersByDesign++;
      return;
    }
    for (int r = 0; r < flink.size(); r++) {
      RowData f = flink.get(r);
      RowData k = legacy.get(r);
      assertTrue(Rows.sameText(f, k, type), context + ", record " + r + "\nFlink read "
          + Rows.canonical(Rows.binary(f, type), type, true) + "\nKavro read "
          + Rows.canonical(Rows.binary(k, type), type, true));
      tally.sameAsFlink++;
    }
  }

  boolean registered() {
    return registered;
  }

  private String table(String reader) {
    return reader + "_" + seed;
  }

  private String context() {
    return "seed " + seed + ", topic " + topic + "\nwriter " + writer + "\ntable " + type;
  }

  /** Vanilla Avro's reading with the reader schema Kavro derives, per record: a row, or the failure. */
  private void expect(TimestampMapping mapping, List<Object> expected) {
    AvroOracle oracle;
    try {
      oracle = new AvroOracle(writer, RowDecoder.create(writer, type, mapping).readerSchema(), type, mapping);
    } catch (IllegalArgumentException refused) {
      // Kavro refuses the pair whatever the data (a NOT NULL column the writer lacks): it reads no record.
      records.forEach(r -> expected.add(refused));
      return;
    }
    caseRule |= oracle.caseRuleInPlay();
    for (byte[] record : records) {
      expected.add(oracle.expect(Arrays.copyOfRange(record, 5, record.length)));
    }
  }

  /** Whether the decoder of Flink's SQL format reads every record, each counted where it fails and Kavro reads. */
  private boolean flinkReadsEveryRecord(String registryUrl, Tally tally) {
    boolean all = true;
    AvroRowDataDeserializationSchema flink = flinkDecoder(registryUrl);
    for (int r = 0; r < records.size(); r++) {
      boolean read;
      try {
        read = flink != null && flink.deserialize(records.get(r)) != null;
      } catch (IOException | RuntimeException e) {
        read = false;
        // After a failure Flink's decoder reads the next record from the failed one's leftovers: a fresh one.
        flink = flinkDecoder(registryUrl);
      }
      if (!read) {
        all = false;
        if (expectedCorrect.get(r) instanceof RowData) {
          tally.flinkFailsKavroReads++;
        }
      }
    }
    return all;
  }

  /** The decoder {@code RegistryAvroFormatFactory} builds for the table, or null where it cannot derive one. */
  private AvroRowDataDeserializationSchema flinkDecoder(String registryUrl) {
    try {
      AvroRowDataDeserializationSchema decoder = new AvroRowDataDeserializationSchema(
          ConfluentRegistryAvroDeserializationSchema.forGeneric(AvroSchemaConverter.convertToSchema(type),
              registryUrl),
          AvroToRowDataConverters.createRowConverter(type), InternalTypeInfo.of(type));
      decoder.open(null);
      return decoder;
    } catch (Exception e) {
      return null; // no reader schema for the type under Flink's legacy mapping (TIMESTAMP(6), say)
    }
  }

  /** The expected rows (records vanilla Avro reads, in order) against what a table read; returns the rows checked. */
  private int assertReadAsExpected(List<Object> expected, List<RowData> read, String context) {
    List<RowData> rows = new ArrayList<>();
    for (Object outcome : expected) {
      if (outcome instanceof RowData row) {
        rows.add(row);
      }
    }
    assertEquals(rows.size(), read.size(), context + ": rows read (the others cannot be read: " + expected + ")");
    for (int r = 0; r < rows.size(); r++) {
      Rows.assertSameRow(rows.get(r), read.get(r), type, context + ", row " + r);
    }
    return rows.size();
  }

  /** What the random run covered: each kind must have happened, so that no comparison is skipped unnoticed. */
  static final class Tally {
    int pairs;
    int refusedByRegistry;
    int rows;
    int sameAsFlink;
    int flinkFailsKavroReads;
    int flinkDiffersByDesign;

    @Override
    public String toString() {
      return "pairs " + pairs + ", refused by the registry " + refusedByRegistry + ", rows read as Avro reads them "
          + rows + ", rows as Flink reads them " + sameAsFlink + ", records Flink fails and Kavro reads "
          + flinkFailsKavroReads + ", pairs where Flink differs by design " + flinkDiffersByDesign;
    }
  }
}
