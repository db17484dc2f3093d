package dev.kavro.flink.row;

import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kavro.flink.TimestampMapping;
import dev.kavro.testing.Models;
import dev.kavro.testing.Oracle;
import dev.kavro.testing.RandomData;
import dev.kavro.testing.RandomEvolution;
import dev.kavro.testing.RandomSchemas;
import java.io.IOException;
import java.util.Random;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.flink.formats.avro.AvroRowDataDeserializationSchema;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.types.logical.RowType;
import org.junit.jupiter.api.Test;

/**
 * Kavro's RowData decoder against Flink's own Avro path ({@code AvroRowDataDeserializationSchema}, as
 * {@code avro-confluent} runs it) and against vanilla Avro reading the same reader schema: random tables, random Avro
 * schemas, and random evolution pairs, with random records. Rows are compared through {@code toBinaryRow}.
 *
 * <p>Where Flink's path returns a row, Kavro's legacy mapping returns the same row; where it fails, Kavro returns what
 * vanilla Avro reads (or fails where vanilla fails). The suite runs again with Avro's classic reader (surefire).
 */
class DecodeDifferentialTest {
  private static final int RECORDS = 8;

  /** Rows of random tables, written by Flink's encoder with the table-derived schema and read back by both paths. */
  @Test
  void tableDerivedSchemasReadAsFlinkReadsThem() throws Exception {
    Random random = new Random(20261128);
    int rows = 0;
    for (int round = 0; round < 300; round++) {
      RandomRows generator = new RandomRows(random, TimestampMapping.LEGACY);
      RowType type = generator.rowType();
      Schema writer = RowSchemas.writerSchema(type, TimestampMapping.LEGACY);
      AvroRowDataDeserializationSchema flink = FlinkAvro.decoder(writer, type);
      var flinkEncoder = FlinkAvro.encoder(type);
      RowDecoder legacy = RowDecoder.create(writer, type, TimestampMapping.LEGACY);
      RowDecoder correct = RowDecoder.create(writer, type, TimestampMapping.CORRECT);
      for (int r = 0; r < RECORDS; r++) {
        RowData row = generator.row(type);
        byte[] body = flinkEncoder.serialize(row);
        String context = "round " + round + ", " + type + "\nrow " + row;
        RowData expected = (RowData) FlinkAvro.decode(flink, body);
        Rows.assertSameRow(expected, legacy.decode(body, 0, body.length), type, context);
        Rows.assertSameRow(expected, correct.decode(body, 0, body.length), type, context);
        Rows.assertSameRow(row, legacy.decode(body, 0, body.length), type, context);
        rows++;
      }
    }
    assertTrue(rows == 300 * RECORDS);
  }

  /** Random Avro schemas that Flink maps to a table type, read as that type. */
  @Test
  void randomWriterSchemasReadAsTheirTableType() throws Exception {
    Random random = new Random(77);
    Counts counts = new Counts();
    for (int round = 0; round < 400; round++) {
      Schema writer = new RandomSchemas(random).record();
      RowType type = flinkType(writer);
      if (type == null) {
        counts.unmappable++;
        continue;
      }
      compare(writer, writer, type, random, counts, "round " + round);
    }
    counts.check();
  }

  /** Random evolution pairs: data of the writer read as the table type of the reader. */
  @Test
  void evolutionPairsReadAsTheReadersTableType() throws Exception {
    Counts counts = new Counts();
    Random random = new Random(4242);
    for (long seed = 0; seed < 600; seed++) {
      RandomEvolution.Pair pair = RandomEvolution.pair(seed);
      RowType type = FlinkTableTypes.nullableWhereDefaulted(flinkType(pair.reader()), pair.reader());
      if (type == null || isRecursive(pair.writer())) {
        counts.unmappable++;
        continue;
      }
      compare(pair.writer(), pair.reader(), type, random, counts, "seed " + seed);
    }
    counts.check();
  }

  private static void compare(Schema writer, Schema reader, RowType type, Random random, Counts counts,
      String where) throws Exception {
    AvroRowDataDeserializationSchema flink = flinkDecoder(writer, type);
    RandomData data = new RandomData(random, Models.generic(false, false));
    for (TimestampMapping mapping : TimestampMapping.values()) {
      RowDecoder kavro;
      try {
        kavro = RowDecoder.create(writer, type, mapping);
      } catch (IllegalArgumentException e) {
        // Kavro refuses the pair up front (a NOT NULL column the writer lacks, a legacy-unsupported type); Flink
        // then has no reader either, or fails on every record.
        counts.refused++;
        for (int r = 0; r < RECORDS && flink != null; r++) {
          byte[] body = Oracle.encode(writer, GenericData.get(), data.next(writer));
          assertInstanceOf(Exception.class, FlinkAvro.decode(flink, body), where + ": Kavro refused " + e);
        }
        continue;
      }
      AvroOracle oracle = new AvroOracle(writer, kavro.readerSchema(), type, mapping);
      if (oracle.caseRuleInPlay()) {
        counts.caseRule++;
      }
      for (int r = 0; r < RECORDS; r++) {
        byte[] body = Oracle.encode(writer, GenericData.get(), data.next(writer));
        String context = where + " " + mapping + "\nwriter " + writer + "\ntype " + type;
        Object expected = oracle.expect(body);
        Object actual = outcome(kavro, body);
        if (expected instanceof Throwable) {
          assertInstanceOf(IOException.class, actual, context + "\nvanilla failed: " + expected);
          counts.bothFail++;
        } else {
          if (actual instanceof Throwable t) {
            fail(context + "\nexpected " + expected, t);
          }
          Rows.assertSameRow((RowData) expected, (RowData) actual, type, context);
          counts.rows++;
        }
        // Flink has no case rule: where it pairs a field with a column, Flink reads null or fails (a documented
        // difference), so only vanilla Avro with the rule is the peer there.
        if (mapping == TimestampMapping.LEGACY && flink != null && !oracle.caseRuleInPlay()) {
          Object flinkOutcome = FlinkAvro.decode(flink, body);
          if (flinkOutcome instanceof RowData flinkRow) {
            assertTrue(actual instanceof RowData kavroRow && Rows.sameText(flinkRow, kavroRow, type),
                context + "\nbody " + java.util.Arrays.toString(body) + "\nFlink read "
                    + Rows.canonical(Rows.binary(flinkRow, type), type, true) + "\nKavro read "
                    + (actual instanceof RowData k ? Rows.canonical(Rows.binary(k, type), type, true) : actual));
            counts.sameAsFlink++;
          } else {
            if (actual instanceof RowData) {
              counts.flinkFailsKavroReads++;
            }
            // After a failure, Flink's buffering decoder still holds the rest of the failed message and reads the
            // next one from there: only a fresh decoder reads the next record right.
            flink = flinkDecoder(writer, type);
          }
        }
      }
    }
  }

  private static Object outcome(RowDecoder decoder, byte[] body) {
    try {
      return decoder.decode(body, 0, body.length);
    } catch (IOException | RuntimeException e) {
      return e;
    }
  }

  private static AvroRowDataDeserializationSchema flinkDecoder(Schema writer, RowType type) {
    try {
      return FlinkAvro.decoder(writer, type);
    } catch (Exception e) {
      return null; // Flink derives no reader schema for the type (TIMESTAMP(6), TIME(6) under its legacy mapping)
    }
  }

  /** Flink's table type for an Avro record, or null where it has none (see {@link FlinkTableTypes}). */
  static RowType flinkType(Schema schema) {
    return FlinkTableTypes.flinkType(schema);
  }

  static boolean isRecursive(Schema schema) {
    return FlinkTableTypes.isRecursive(schema);
  }

  /** What the random runs covered; each kind must have happened, so that no comparison is silently skipped. */
  private static final class Counts {
    int rows;
    int bothFail;
    int sameAsFlink;
    int flinkFailsKavroReads;
    int refused;
    int unmappable;
    int caseRule;

    void check() {
      String summary = "rows " + rows + ", both fail " + bothFail + ", same as Flink " + sameAsFlink
          + ", Flink fails where Kavro reads " + flinkFailsKavroReads + ", refused " + refused + ", unmappable "
          + unmappable + ", case rule in play " + caseRule;
      System.out.println(summary);
      assertTrue(rows > 500 && sameAsFlink > 300 && flinkFailsKavroReads > 10, summary);
    }
  }
}
