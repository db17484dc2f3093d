package dev.kavro.bench.demo;

import dev.kavro.bench.MachineInfo;
import dev.kavro.bench.demo.AlternatingRounds.Comparison;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The demo's results: a table per schema and what each peer is, as terminal text or Markdown. */
final class Report {
  /** One schema's comparisons. */
  record SchemaResult(String schema, DataMix mix, List<Comparison> comparisons) {}

  private final List<SchemaResult> results = new ArrayList<>();
  /** Each path's peer, in the order the paths first appear. */
  private final Map<String, String> peers = new LinkedHashMap<>();

  void add(SchemaResult result) {
    results.add(result);
  }

  void peer(String path, String description) {
    peers.putIfAbsent(path, description);
  }

  String text() {
    StringBuilder t = new StringBuilder();
    for (SchemaResult r : results) {
      t.append(String.format(Locale.ROOT, "%n%s: %s%n", r.schema, r.mix.describe()));
      t.append(String.format(Locale.ROOT, "  %-26s %14s %14s %12s  %s%n", "path", "Kavro rec/s", "peer rec/s",
          "Kavro/peer", "lowest-highest round"));
      for (Comparison c : r.comparisons) {
        t.append(String.format(Locale.ROOT, "  %-26s %,14.0f %,14.0f %11.2fx  %.2fx-%.2fx (%d rounds)%n", c.path(),
            c.kavroRate(), c.peerRate(), c.ratio(), c.lowest(), c.highest(), c.rounds()));
      }
    }
    t.append(String.format("%nThe peers:%n"));
    peers.forEach((path, peer) -> t.append(String.format("- %s: %s%n", path, peer)));
    t.append(String.format("%n%s%n", HOW_TO_READ));
    return t.toString();
  }

  String markdown(DemoOptions options) {
    StringBuilder m = new StringBuilder("# Kavro demo\n\n")
        .append("- Date: ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n')
        .append("- JVM: ").append(MachineInfo.jvm()).append('\n')
        .append("- CPU: ").append(MachineInfo.cpu()).append('\n')
        .append("- OS: ").append(MachineInfo.os()).append('\n')
        .append("- Settings: `demo ").append(options.describe()).append("`\n");
    for (SchemaResult r : results) {
      m.append("\n## ").append(r.schema).append("\n\n").append(r.mix.describe()).append(".\n\n")
          .append("| path | Kavro rec/s | peer rec/s | Kavro / peer | lowest-highest round |\n")
          .append("|---|---:|---:|---:|---:|\n");
      for (Comparison c : r.comparisons) {
        m.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %.2fx | %.2fx-%.2fx |%n", c.path(), c.kavroRate(),
            c.peerRate(), c.ratio(), c.lowest(), c.highest()));
      }
    }
    m.append("\n## The peers\n\n");
    peers.forEach((path, peer) -> m.append("- ").append(path).append(": ").append(peer).append('\n'));
    return m.append('\n').append(HOW_TO_READ).append('\n').toString();
  }

  private static final String HOW_TO_READ = String.join("\n",
      "Each path ran in alternating rounds (Kavro first, then the peer first), after " + DemoOptions.WARMUP_ROUNDS
          + " untimed rounds of both.",
      "Kavro/peer is the median round's ratio, rec/s are that round's rates, and the lowest and highest round show",
      "the spread. The poll loop is what a consumer sees: fetching and CRC checks cost both the same, so its ratio",
      "is smaller than that of the time inside deserialize().");
}
