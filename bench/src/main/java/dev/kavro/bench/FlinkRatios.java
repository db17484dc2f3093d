package dev.kavro.bench;

import static dev.kavro.bench.RatioRunner.bold;
import static dev.kavro.bench.RatioRunner.records;
import static dev.kavro.bench.RatioRunner.row;
import static dev.kavro.bench.RatioRunner.score;

import dev.kavro.bench.RatioRunner.Cells;
import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.flink.FlinkCase;
import java.util.List;
import java.util.Map;
import org.openjdk.jmh.results.RunResult;

/**
 * The Flink table of the ratio runner: Kavro's RowData path against Flink's {@code avro-confluent} path, decode and
 * encode, against each Flink column (Flink's own build on Avro 1.11.4, and Flink's classes on the bench's Avro 1.12,
 * with and without its fast reader), each ratio judged per cell.
 */
final class FlinkRatios {
  static final double DECODE_TARGET = 3.0;
  static final double ENCODE_TARGET = 2.0;
  /** Every benchmark method of {@code FlinkBenchmark}. */
  static final List<String> ENGINES = List.of("decodeKavro", "decodeFlinkSql", "decodeFlink", "decodeFlinkClassic",
      "encodeKavro", "encodeFlinkSql", "encodeFlink", "encodeGenericKavro", "encodeGenericFlinkSql",
      "encodeGenericFlink");
  /** The methods the targets compare on rows as Flink holds them after a hop: {@code --quick} runs these. */
  static final List<String> QUICK_ENGINES = ENGINES.stream().filter(e -> !e.startsWith("encodeGeneric")).toList();

  private FlinkRatios() {}

  static String table(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## Flink RowData (the `avro-confluent` path)\n\n"
        + "Kavro = Kavro's RowData codec as its Flink format runs it (frame, id, `RowDecoder`; `RowEncoder` after the "
        + "prefix). Flink 1.11.4 = Flink's `avro-confluent` as Flink 2.3.0 ships it for SQL "
        + "(`flink-sql-avro-confluent-registry`: Avro 1.11.4 and Confluent's registry client, against a loopback "
        + "registry it calls only at setup). Flink, Avro 1.12 = the same Flink classes (thin `flink-avro`) on the "
        + "bench's Avro 1.12.2, whose fast reader Flink's per-record `setSchema` rebuilds for every record; "
        + "fastread=false = with `-Dorg.apache.avro.fastread=false`; a fixed schema coder stands for the registry "
        + "client (the same prefix reads and map lookups, not the client's per-record `AvroSchema` hashing on encode). "
        + "Decode ends with `RowDataSerializer.toBinaryRow` (the first network hop) on every path. The topic holds "
        + "what a table of the case's mapped fields writes (Flink's table-derived schema).\n\n");
    for (String c : cases) {
      String note = leftOutNote(c);
      if (note != null) {
        t.append("- ").append(note).append('\n');
      }
    }
    t.append("\n### Decode\n\n| case | Flink 1.11.4 | Flink, Avro 1.12 | Flink, Avro 1.12, fastread=false | Kavro "
        + "| Kavro / Flink 1.11.4 | Kavro / Flink, Avro 1.12 | Kavro / Flink, fastread=false |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|\n");
    Cells decode = new Cells(DECODE_TARGET);
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double kavro = score(e, "decodeKavro");
      double sql = score(e, "decodeFlinkSql");
      double flink = score(e, "decodeFlink");
      double classic = score(e, "decodeFlinkClassic");
      t.append(row(c, records(sql), records(flink), records(classic), records(kavro),
          decode.judge(c + " vs 1.11.4", kavro, sql), decode.judge(c + " vs Avro 1.12", kavro, flink),
          decode.judge(c + " vs fastread=false", kavro, classic)));
    }
    t.append(row("**geometric mean**", "", "", "", "", bold(decode.geomean()), "", ""));
    Cells encode = new Cells(ENCODE_TARGET);
    Cells encodeGeneric = new Cells(ENCODE_TARGET);
    t.append("\n### Encode\n\nFrom `BinaryRowData` (rows after a hop, strings in binary form) and from the "
        + "`GenericRowData` Flink's decoders make (`StringData.fromString`).\n\n"
        + "| case | Flink 1.11.4 | Flink, Avro 1.12 | Kavro | Kavro / Flink 1.11.4 | Kavro / Flink, Avro 1.12 "
        + "| generic rows: Flink 1.11.4 | Flink, Avro 1.12 | Kavro | Kavro / Flink 1.11.4 "
        + "| Kavro / Flink, Avro 1.12 |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double kavro = score(e, "encodeKavro");
      double sql = score(e, "encodeFlinkSql");
      double flink = score(e, "encodeFlink");
      double genericKavro = score(e, "encodeGenericKavro");
      double genericSql = score(e, "encodeGenericFlinkSql");
      double genericFlink = score(e, "encodeGenericFlink");
      t.append(row(c, records(sql), records(flink), records(kavro), encode.judge(c + " vs 1.11.4", kavro, sql),
          encode.judge(c + " vs Avro 1.12", kavro, flink), records(genericSql), records(genericFlink),
          records(genericKavro), encodeGeneric.judge(c + " generic vs 1.11.4", genericKavro, genericSql),
          encodeGeneric.judge(c + " generic vs Avro 1.12", genericKavro, genericFlink)));
    }
    t.append(row("**geometric mean**", "", "", "", bold(encode.geomean()), "", "", "", "",
        bold(encodeGeneric.geomean()), ""));
    return t.append('\n')
        .append(decode.summary("Flink decode Kavro / each Flink column, every cell"))
        .append(encode.summary("Flink encode from BinaryRowData Kavro / each Flink column, every cell"))
        .append(encodeGeneric.summary("Flink encode from GenericRowData Kavro / each Flink column, every cell"))
        .append('\n').toString();
  }

  /** Which fields of a case Flink's path cannot map, and why; {@code null} when it maps them all. */
  static String leftOutNote(String caseName) {
    return FlinkCase.Mapping.of(BenchCase.load(caseName).writer).note(caseName);
  }

  /** The cases of {@code cases} that the Flink table runs. */
  static List<String> flinkCapable(List<String> cases) {
    return cases.stream().filter(FlinkCase.CASES::contains).toList();
  }
}
