package dev.kavro.bench;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.jmh.ConnectBenchmark;
import dev.kavro.bench.jmh.DecodeBenchmark;
import dev.kavro.bench.jmh.EncodeBenchmark;
import dev.kavro.bench.jmh.LimitBenchmark;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.openjdk.jmh.profile.GCProfiler;
import org.openjdk.jmh.results.Result;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.RunnerException;
import org.openjdk.jmh.runner.options.ChainedOptionsBuilder;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;

/**
 * Runs the decode, encode, Connect and hand-written-limit benchmarks with JMH and prints the ratio tables (Kavro /
 * Avro's FastReaderBuilder, Kavro / Avro classic, Kavro / vanilla writers, KavroConverter / the GenericRecord path,
 * Kavro / hand-written) per case with their geometric means. Every ratio divides two scores of the same JMH run. The tables, headed by the JVM and CPU, are
 * written to {@code bench/results/ratios.md}.
 *
 * <p>Defaults take about 18 minutes on a quiet 2-core machine; {@code --help} lists the options to shorten them.
 */
final class RatioRunner {
  private static final double DECODE_VS_FAST_TARGET = 1.5;
  private static final double DECODE_VS_CLASSIC_TARGET = 3.0;
  private static final double ENCODE_VS_GENERIC_TARGET = 2.0;
  private static final double TO_CONNECT_TARGET = 3.0;
  private static final double FROM_CONNECT_TARGET = 2.0;

  private RatioRunner() {}

  static void main(String[] args) throws RunnerException, IOException {
    Settings s = Settings.parse(args);
    if (s == null) {
      return;
    }
    StringBuilder md = new StringBuilder();
    md.append("# Kavro benchmark ratios\n\n")
        .append("- Date: ").append(ZonedDateTime.now().format(DateTimeFormatter.ISO_OFFSET_DATE_TIME)).append('\n')
        .append("- JVM: ").append(MachineInfo.jvm()).append('\n')
        .append("- CPU: ").append(MachineInfo.cpu()).append('\n')
        .append("- OS: ").append(MachineInfo.os()).append('\n')
        .append("- JMH: ").append(s.describe()).append('\n')
        .append(s.note == null ? "" : "- Note: " + s.note + "\n")
        .append("- One operation = ").append(BenchCase.RECORDS).append(" records; figures below are records/s.\n")
        .append("- Kavro writers compiled: ").append(writersCompiled() ? "yes" : "no (KavroDatumWriter still delegates "
            + "to vanilla Avro in this build)").append("\n\n");

    if (!s.decodeCases.isEmpty()) {
      Collection<RunResult> decode = run(s, DecodeBenchmark.class, s.decodeCases);
      md.append(decodeTable(index(decode), s.decodeCases));
      if (s.gc) {
        md.append(allocationTable(index(decode), s.decodeCases, List.of("classic", "fast", "kavro", "serde")));
      }
    }
    if (!s.encodeCases.isEmpty()) {
      Collection<RunResult> encode = run(s, EncodeBenchmark.class, s.encodeCases);
      md.append(encodeTable(index(encode), s.encodeCases));
    }
    if (!s.connectCases.isEmpty()) {
      Map<String, Map<String, RunResult>> connect = index(run(s, ConnectBenchmark.class, s.connectCases));
      md.append(connectTable(connect, s.connectCases));
      if (s.gc) {
        md.append(allocationTable(connect, s.connectCases,
            List.of("toConnectGeneric", "toConnectKavro", "fromConnectGeneric", "fromConnectKavro")));
      }
    }
    if (s.limit) {
      List<String> cases = List.of("organization", "specific:organization", "ksql-metrics");
      md.append(limitTable(index(run(s, LimitBenchmark.class, cases)), cases));
    }
    System.out.println();
    System.out.println(md);
    Files.createDirectories(s.out.toAbsolutePath().getParent());
    Files.writeString(s.out, md.toString(), StandardCharsets.UTF_8);
    System.out.println("Written to " + s.out.toAbsolutePath());
  }

  private static Collection<RunResult> run(Settings s, Class<?> benchmark, List<String> cases) throws RunnerException {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include("^" + benchmark.getName().replace(".", "\\.") + "\\.")
        .param("schema", cases.toArray(String[]::new))
        .forks(s.forks)
        .warmupIterations(s.warmupIterations)
        .warmupTime(s.warmupTime)
        .measurementIterations(s.iterations)
        .measurementTime(s.measurementTime)
        .shouldFailOnError(false);
    if (s.gc) {
      options.addProfiler(GCProfiler.class);
    }
    return new Runner(options.build()).run();
  }

  /** Score (ops/s) by case, then by engine (the benchmark method's name). */
  private static Map<String, Map<String, RunResult>> index(Collection<RunResult> results) {
    Map<String, Map<String, RunResult>> byCase = new LinkedHashMap<>();
    for (RunResult r : results) {
      String method = r.getParams().getBenchmark();
      method = method.substring(method.lastIndexOf('.') + 1);
      byCase.computeIfAbsent(r.getParams().getParam("schema"), k -> new LinkedHashMap<>()).put(method, r);
    }
    return byCase;
  }

  private static String decodeTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## Decode\n\n| case | classic | FastReader | Kavro | Kavro serde "
        + "| Kavro / FastReader | Kavro / classic | serde / FastReader |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    List<Double> vsFast = new ArrayList<>();
    List<Double> vsClassic = new ArrayList<>();
    List<Double> serdeVsFast = new ArrayList<>();
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double classic = score(e, "classic");
      double fast = score(e, "fast");
      double kavro = score(e, "kavro");
      double serde = score(e, "serde");
      t.append(row(c, records(classic), records(fast), records(kavro), records(serde),
          ratio(kavro, fast, vsFast), ratio(kavro, classic, vsClassic), ratio(serde, fast, serdeVsFast)));
    }
    t.append(row("**geometric mean**", "", "", "", "", bold(geomean(vsFast)), bold(geomean(vsClassic)),
        bold(geomean(serdeVsFast))));
    t.append('\n').append(target("Kavro / FastReader", geomean(vsFast), DECODE_VS_FAST_TARGET))
        .append(target("Kavro / classic", geomean(vsClassic), DECODE_VS_CLASSIC_TARGET)).append('\n');
    return t.toString();
  }

  private static String encodeTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## Encode\n\nvanilla = `GenericDatumWriter` for generic cases, "
        + "`SpecificDatumWriter` for `specific:` cases; Kavro serde = `KavroSerializer.serialize(topic, value)`.\n\n"
        + "| case | vanilla | Kavro | Kavro serde | Kavro / vanilla | serde / vanilla |\n"
        + "|---|---:|---:|---:|---:|---:|\n");
    List<Double> all = new ArrayList<>();
    List<Double> generic = new ArrayList<>();
    List<Double> serdeAll = new ArrayList<>();
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double vanilla = score(e, "vanilla");
      double kavro = score(e, "kavro");
      double serde = score(e, "serde");
      String r = ratio(kavro, vanilla, all);
      if (!c.startsWith("specific:")) {
        ratio(kavro, vanilla, generic);
      }
      t.append(row(c, records(vanilla), records(kavro), records(serde), r, ratio(serde, vanilla, serdeAll)));
    }
    t.append(row("**geometric mean**", "", "", "", bold(geomean(all)), bold(geomean(serdeAll))));
    t.append('\n').append(target("Kavro / GenericDatumWriter (generic cases)", geomean(generic),
        ENCODE_VS_GENERIC_TARGET)).append('\n');
    return t.toString();
  }

  private static String connectTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## Kafka Connect\n\nGenericRecord path = what Confluent's AvroConverter "
        + "does: toConnectData = Avro's `GenericDatumReader` then `AvroToConnectValue.convert` (Connect schema "
        + "converted once); fromConnectData = `ConnectToAvroValue.convert` then Avro's `GenericDatumWriter`. Kavro = "
        + "`KavroConverter` (its node tree, in every reader mode: compiled Connect code was dropped, see "
        + "`bench/results/connect-compiled-vs-tree.md`).\n\n"
        + "| case | toConnect GenericRecord | toConnect Kavro | fromConnect GenericRecord | fromConnect Kavro "
        + "| toConnect Kavro / GenericRecord | fromConnect Kavro / GenericRecord |\n"
        + "|---|---:|---:|---:|---:|---:|---:|\n");
    List<Double> to = new ArrayList<>();
    List<Double> from = new ArrayList<>();
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double toGeneric = score(e, "toConnectGeneric");
      double toKavro = score(e, "toConnectKavro");
      double fromGeneric = score(e, "fromConnectGeneric");
      double fromKavro = score(e, "fromConnectKavro");
      t.append(row(c, records(toGeneric), records(toKavro), records(fromGeneric), records(fromKavro),
          ratio(toKavro, toGeneric, to), ratio(fromKavro, fromGeneric, from)));
    }
    t.append(row("**geometric mean**", "", "", "", "", bold(geomean(to)), bold(geomean(from))));
    t.append('\n').append(target("toConnectData Kavro / GenericRecord path", geomean(to), TO_CONNECT_TARGET))
        .append(target("fromConnectData Kavro / GenericRecord path", geomean(from), FROM_CONNECT_TARGET)).append('\n');
    return t.toString();
  }

  /**
   * Kavro against the hand-written readers. The target is organization.avsc's (the reference limit); the
   * string-bound ksql-metrics row shows how far any reader can get from Avro's classic one on such schemas.
   */
  private static String limitTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## The hand-written limits (organization.avsc with 40 attributes; "
        + "ksql-metrics.avsc)\n\n| case | classic | hand-written | Kavro | Kavro / hand-written | hand-written / classic "
        + "| Kavro / classic |\n|---|---:|---:|---:|---:|---:|---:|\n");
    List<Double> organization = new ArrayList<>();
    List<Double> untargeted = new ArrayList<>();
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double classic = score(e, "classic");
      double hand = score(e, "hand");
      double kavro = score(e, "kavro");
      t.append(row(c, records(classic), records(hand), records(kavro),
          ratio(kavro, hand, c.endsWith("organization") ? organization : untargeted),
          ratio(hand, classic, untargeted), ratio(kavro, classic, untargeted)));
    }
    t.append('\n').append(target("Kavro / hand-written (organization)", geomean(organization), 1.0)).append('\n');
    return t.toString();
  }

  private static String allocationTable(Map<String, Map<String, RunResult>> byCase, List<String> cases,
      List<String> engines) {
    StringBuilder t = new StringBuilder("## Allocation per record (bytes, `-prof gc`)\n\n| case | ")
        .append(String.join(" | ", engines)).append(" |\n|---|")
        .append("---:|".repeat(engines.size())).append('\n');
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      t.append("| ").append(c).append(" |");
      for (String engine : engines) {
        RunResult r = e.get(engine);
        Result<?> alloc = r == null ? null : r.getSecondaryResults().get("gc.alloc.rate.norm");
        t.append(' ').append(alloc == null ? "n/a"
            : String.format(Locale.ROOT, "%.0f", alloc.getScore() / BenchCase.RECORDS)).append(" |");
      }
      t.append('\n');
    }
    return t.append('\n').toString();
  }

  private static double score(Map<String, RunResult> engines, String engine) {
    RunResult r = engines.get(engine);
    return r == null ? Double.NaN : r.getPrimaryResult().getScore();
  }

  private static String records(double opsPerSecond) {
    return Double.isNaN(opsPerSecond) ? "n/a"
        : String.format(Locale.ROOT, "%,.0f", opsPerSecond * BenchCase.RECORDS);
  }

  private static String ratio(double a, double b, List<Double> collect) {
    if (Double.isNaN(a) || Double.isNaN(b) || b == 0) {
      return "n/a";
    }
    collect.add(a / b);
    return String.format(Locale.ROOT, "%.2fx", a / b);
  }

  static double geomean(List<Double> ratios) {
    if (ratios.isEmpty()) {
      return Double.NaN;
    }
    return Math.exp(ratios.stream().mapToDouble(Math::log).average().orElseThrow());
  }

  private static String bold(double value) {
    return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "**%.2fx**", value);
  }

  private static String target(String what, double value, double target) {
    String verdict = Double.isNaN(value) ? "not measured" : value >= target ? "met" : "NOT met";
    return String.format(Locale.ROOT, "- Target %s >= %.1fx: %s (%.2fx)%n", what, target, verdict, value);
  }

  private static String row(String... cells) {
    return "| " + String.join(" | ", cells) + " |\n";
  }

  private static boolean writersCompiled() {
    Schema schema = BenchCase.load("random-10-flat").writer;
    return KavroDatumWriter.create(schema, GenericData.get(), dev.kavro.avro.ReaderMode.COMPILED).isCompiled();
  }

  /** Command-line settings; defaults are the full run. */
  static final class Settings {
    List<String> decodeCases = BenchCase.DECODE_CASES;
    List<String> encodeCases = BenchCase.ENCODE_CASES;
    List<String> connectCases = BenchCase.CONNECT_CASES;
    boolean limit = true;
    boolean gc;
    int forks = 1;
    // Six, not three: on 2 cores, traces showed engines still short of steady state in their second to fourth second
    // while C2 compiled the large readers, and a third warm-up let that dip into the measurement.
    int warmupIterations = 6;
    int iterations = 4;
    TimeValue warmupTime = TimeValue.seconds(1);
    TimeValue measurementTime = TimeValue.seconds(1);
    Path out = defaultOut();
    String note;

    static Settings parse(String[] args) {
      Settings s = new Settings();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        switch (a) {
          case "--cases" -> {
            s.decodeCases = list(args[++i]);
            s.encodeCases = s.decodeCases.stream().filter(BenchCase.ENCODE_CASES::contains).toList();
            s.connectCases = s.decodeCases.stream().filter(BenchCase.CONNECT_CAPABLE_CASES::contains).toList();
          }
          case "--decode-cases" -> s.decodeCases = list(args[++i]);
          case "--encode-cases" -> s.encodeCases = list(args[++i]);
          case "--no-decode" -> s.decodeCases = List.of();
          case "--no-encode" -> s.encodeCases = List.of();
          case "--connect-cases" -> s.connectCases = list(args[++i]);
          case "--no-connect" -> s.connectCases = List.of();
          case "--no-limit" -> s.limit = false;
          case "--gc" -> s.gc = true;
          case "-f" -> s.forks = Integer.parseInt(args[++i]);
          case "-wi" -> s.warmupIterations = Integer.parseInt(args[++i]);
          case "-i" -> s.iterations = Integer.parseInt(args[++i]);
          case "-w" -> s.warmupTime = TimeValue.fromString(args[++i]);
          case "-r" -> s.measurementTime = TimeValue.fromString(args[++i]);
          case "--out" -> s.out = Path.of(args[++i]);
          case "--note" -> s.note = args[++i];
          case "-h", "--help" -> {
            System.out.println(help());
            return null;
          }
          default -> throw new IllegalArgumentException("Unknown option " + a + "\n" + help());
        }
      }
      return s;
    }

    String describe() {
      return String.format(Locale.ROOT, "1.37, forks %d, warmup %d x %s, measurement %d x %s, throughput mode%s",
          forks, warmupIterations, warmupTime, iterations, measurementTime, gc ? ", -prof gc" : "");
    }

    private static List<String> list(String csv) {
      return Arrays.stream(csv.split(",")).map(String::trim).filter(x -> !x.isEmpty()).toList();
    }

    private static Path defaultOut() {
      for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
        if (Files.isRegularFile(dir.resolve("mvnw")) && Files.isDirectory(dir.resolve("bench"))) {
          return dir.resolve("bench").resolve("results").resolve("ratios.md");
        }
      }
      return Path.of("ratios.md");
    }

    private static String help() {
      return String.join("\n",
          "ratios [options]",
          "  --cases a,b          decode these cases, and encode and Connect-convert those of them that do",
          "  --decode-cases a,b   default: " + String.join(",", BenchCase.DECODE_CASES),
          "  --encode-cases a,b   default: " + String.join(",", BenchCase.ENCODE_CASES),
          "  --connect-cases a,b  default: " + String.join(",", BenchCase.CONNECT_CASES)
              + " (also: unionHeavy,random-10-deep,random-100-deep)",
          "  --no-decode | --no-encode | --no-connect | --no-limit   skip a table",
          "  --gc                 add JMH's GC profiler and an allocation-per-record table",
          "  -f N -wi N -i N -w 1s -r 1s   JMH forks, warmup/measurement iterations and times (1, 6, 4, 1s, 1s)",
          "  --out FILE           default: bench/results/ratios.md under the repository root",
          "  --note TEXT          a line for the header (machine state, purpose of the run)");
    }
  }
}
