package dev.kavro.bench;

import dev.kavro.avro.KavroDatumWriter;
import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.flink.FlinkCase;
import dev.kavro.bench.jmh.ConnectBenchmark;
import dev.kavro.bench.jmh.DecodeBenchmark;
import dev.kavro.bench.jmh.EncodeBenchmark;
import dev.kavro.bench.jmh.FlinkBenchmark;
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
 * Runs the decode, encode, Connect, Flink and hand-written-limit benchmarks with JMH and prints the ratio tables (Kavro
 * compiled / its fallback, Kavro / Avro's FastReaderBuilder on Kavro's in-memory path and over Avro's
 * {@code BinaryDecoder}, Kavro / vanilla writers, KavroConverter / the GenericRecord path, Kavro's RowData path /
 * Flink's {@code avro-confluent} path, Kavro / hand-written) per case with their geometric means, each target judged per cell
 * or per mean. Every ratio divides two scores of the
 * same JMH run. The tables, headed by the JVM and CPU, are written to {@code bench/results/ratios.md}.
 *
 * <p>The defaults run every case and engine (about 80 minutes on a quiet 2-core machine); {@code --quick} runs the
 * shape families and the limits with the engines the targets compare (about 27); {@code --flink} the Flink table
 * alone (about 27); {@code --help} lists the options.
 */
final class RatioRunner {
  private static final double DECODE_BYTES_VS_FAST_TARGET = 1.5;
  private static final double DECODE_BINARY_VS_FAST_TARGET = 1.3;
  private static final double COMPILED_VS_FALLBACK_TARGET = 1.2;
  private static final double KAVRO_VS_HAND_TARGET = 1.0;
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
      Collection<RunResult> decode = run(s, DecodeBenchmark.class, s.decodeCases, s.decodeEngines);
      md.append(decodeTable(index(decode), s.decodeCases));
      if (s.gc) {
        md.append(allocationTable(index(decode), s.decodeCases, List.of("classic", "fast", "kavro", "kavroFallback",
            "binaryKavro", "binaryKavroFallback", "serde")));
      }
    }
    if (!s.encodeCases.isEmpty()) {
      Collection<RunResult> encode = run(s, EncodeBenchmark.class, s.encodeCases, s.encodeEngines);
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
    if (!s.flinkCases.isEmpty()) {
      Map<String, Map<String, RunResult>> flink = index(run(s, FlinkBenchmark.class, s.flinkCases, s.flinkEngines));
      md.append(FlinkRatios.table(flink, s.flinkCases));
      if (s.gc) {
        md.append(allocationTable(flink, s.flinkCases, s.flinkEngines == null ? FlinkRatios.ENGINES : s.flinkEngines));
      }
    }
    if (!s.limitCases.isEmpty()) {
      md.append(limitTable(index(run(s, LimitBenchmark.class, s.limitCases, s.limitEngines)), s.limitCases));
    }
    System.out.println();
    System.out.println(md);
    Files.createDirectories(s.out.toAbsolutePath().getParent());
    Files.writeString(s.out, md.toString(), StandardCharsets.UTF_8);
    System.out.println("Written to " + s.out.toAbsolutePath());
  }

  private static Collection<RunResult> run(Settings s, Class<?> benchmark, List<String> cases) throws RunnerException {
    return run(s, benchmark, cases, null);
  }

  /** Runs {@code engines} (benchmark method names; {@code null} for all) of {@code benchmark} on {@code cases}. */
  private static Collection<RunResult> run(Settings s, Class<?> benchmark, List<String> cases, List<String> engines)
      throws RunnerException {
    ChainedOptionsBuilder options = new OptionsBuilder()
        .include(includePattern(benchmark, engines))
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

  static String includePattern(Class<?> benchmark, List<String> engines) {
    String prefix = "^" + benchmark.getName().replace(".", "\\.") + "\\.";
    return engines == null ? prefix : prefix + "(" + String.join("|", engines) + ")$";
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

  /**
   * Decode: records/s per engine, then the ratios. Kavro's compiled reader against its own fallback on both paths,
   * against FastReaderBuilder over the same {@code BinaryDecoder}, and on Kavro's in-memory path against
   * FastReaderBuilder (Avro's default). The geometric-mean targets are judged on every case and on the shape
   * families alone, whose data is Kafka-like.
   */
  private static String decodeTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## Decode\n\nbyte[] = Kavro's in-memory decoder (`KavroDatumReader.read(null, "
        + "bytes, 0, n)`); BinaryDecoder = the `DatumReader` API over Avro's reused `BinaryDecoder`, where classic and "
        + "FastReader read too; fallback = `CompileMode.FALLBACK`.\n\n"
        + "| case | classic | FastReader | byte[] Kavro | byte[] fallback | BinaryDecoder Kavro | BinaryDecoder fallback "
        + "| Kavro serde |\n|---|---:|---:|---:|---:|---:|---:|---:|\n");
    StringBuilder r = new StringBuilder("| case | compiled / fallback, byte[] | compiled / fallback, BinaryDecoder "
        + "| byte[] Kavro / FastReader | BinaryDecoder Kavro / FastReader | byte[] Kavro / classic "
        + "| serde / FastReader |\n|---|---:|---:|---:|---:|---:|---:|\n");
    Cells compiledVsFallback = new Cells(COMPILED_VS_FALLBACK_TARGET);
    List<Double> bytesVsFast = new ArrayList<>();
    List<Double> binaryVsFast = new ArrayList<>();
    List<Double> shapeBytesVsFast = new ArrayList<>();
    List<Double> shapeBinaryVsFast = new ArrayList<>();
    List<Double> vsClassic = new ArrayList<>();
    List<Double> serdeVsFast = new ArrayList<>();
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double classic = score(e, "classic");
      double fast = score(e, "fast");
      double kavro = score(e, "kavro");
      double fallback = score(e, "kavroFallback");
      double binaryKavro = score(e, "binaryKavro");
      double binaryFallback = score(e, "binaryKavroFallback");
      double serde = score(e, "serde");
      t.append(row(c, records(classic), records(fast), records(kavro), records(fallback), records(binaryKavro),
          records(binaryFallback), records(serde)));
      boolean shape = BenchCase.isShape(c);
      r.append(row(c, compiledVsFallback.judge(c + " byte[]", kavro, fallback),
          compiledVsFallback.judge(c + " BinaryDecoder", binaryKavro, binaryFallback),
          ratio(kavro, fast, bytesVsFast, shape ? shapeBytesVsFast : null),
          ratio(binaryKavro, fast, binaryVsFast, shape ? shapeBinaryVsFast : null),
          ratio(kavro, classic, vsClassic), ratio(serde, fast, serdeVsFast)));
    }
    r.append(row("**geometric mean**", bold(compiledVsFallback.geomean()), "", bold(geomean(bytesVsFast)),
        bold(geomean(binaryVsFast)), bold(geomean(vsClassic)), bold(geomean(serdeVsFast))));
    r.append(row("**geometric mean, shape families**", "", "", bold(geomean(shapeBytesVsFast)),
        bold(geomean(shapeBinaryVsFast)), "", ""));
    t.append('\n').append(r).append('\n')
        .append(compiledVsFallback.summary("decode compiled / fallback, every cell and path"))
        .append(target("byte[] Kavro / FastReader, every case", geomean(bytesVsFast), DECODE_BYTES_VS_FAST_TARGET))
        .append(target("byte[] Kavro / FastReader, shape families", geomean(shapeBytesVsFast),
            DECODE_BYTES_VS_FAST_TARGET))
        .append(target("BinaryDecoder Kavro / FastReader, every case", geomean(binaryVsFast),
            DECODE_BINARY_VS_FAST_TARGET))
        .append(target("BinaryDecoder Kavro / FastReader, shape families", geomean(shapeBinaryVsFast),
            DECODE_BINARY_VS_FAST_TARGET))
        .append('\n');
    return t.toString();
  }

  private static String encodeTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## Encode\n\nvanilla = `GenericDatumWriter` for generic cases, "
        + "`SpecificDatumWriter` for `specific:` cases, into a reused stream, returning no array; vanilla + "
        + "toByteArray = the same writer as a serializer runs it (a new `ByteArrayOutputStream` and direct encoder per "
        + "record, then `toByteArray()`, as Confluent's `KafkaAvroSerializer` does), the peer of a serializer, which "
        + "must return a new array; Kavro = `KavroDatumWriter.toBytes`, compiled and in `CompileMode.FALLBACK`; Kavro "
        + "serde = `KavroSerializer.serialize(topic, value)`. Targets stay against vanilla.\n\n"
        + "| case | vanilla | vanilla + toByteArray | Kavro | Kavro fallback | Kavro serde | Kavro / vanilla "
        + "| compiled / fallback | serde / vanilla | serde / vanilla + toByteArray |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    Cells compiledVsFallback = new Cells(COMPILED_VS_FALLBACK_TARGET);
    List<Double> all = new ArrayList<>();
    List<Double> generic = new ArrayList<>();
    List<Double> serdeAll = new ArrayList<>();
    List<Double> serdeVsArray = new ArrayList<>();
    double nestedSerde = Double.NaN;
    double nestedKavro = Double.NaN;
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double vanilla = score(e, "vanilla");
      double vanillaArray = score(e, "vanillaToByteArray");
      double kavro = score(e, "kavro");
      double fallback = score(e, "kavroFallback");
      double serde = score(e, "serde");
      t.append(row(c, records(vanilla), records(vanillaArray), records(kavro), records(fallback), records(serde),
          ratio(kavro, vanilla, all, c.startsWith("specific:") ? null : generic),
          compiledVsFallback.judge(c, kavro, fallback), ratio(serde, vanilla, serdeAll),
          ratio(serde, vanillaArray, serdeVsArray)));
      if (c.equals("nested")) {
        nestedSerde = serde / vanilla;
        nestedKavro = kavro / vanilla;
      }
    }
    t.append(row("**geometric mean**", "", "", "", "", "", bold(geomean(all)), bold(compiledVsFallback.geomean()),
        bold(geomean(serdeAll)), bold(geomean(serdeVsArray))));
    t.append('\n').append(target("Kavro / GenericDatumWriter (generic cases)", geomean(generic),
            ENCODE_VS_GENERIC_TARGET))
        .append(target("serializer (`KavroSerializer.serialize`) / GenericDatumWriter on nested", nestedSerde,
            ENCODE_VS_GENERIC_TARGET))
        .append(target("`KavroDatumWriter` / GenericDatumWriter on nested", nestedKavro, ENCODE_VS_GENERIC_TARGET))
        .append(compiledVsFallback.summary("encode compiled / fallback, every cell"))
        .append('\n');
    return t.toString();
  }

  private static String connectTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## Kafka Connect\n\nGenericRecord path = what Confluent's AvroConverter "
        + "does: toConnectData = Avro's `GenericDatumReader` then `AvroToConnectValue.convert` (Connect schema "
        + "converted once); fromConnectData = `ConnectToAvroValue.convert` then Avro's `GenericDatumWriter`. Kavro = "
        + "`KavroConverter` (its node tree, in every compile mode: compiled Connect code was dropped, see "
        + "`bench/results/design-measurements.md`).\n\n"
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
   * Kavro against the hand-written readers, the reference limits, on Kavro's in-memory decoder and over Avro's
   * {@code BinaryDecoder}: compiled Kavro should reach every one of them on both paths.
   */
  private static String limitTable(Map<String, Map<String, RunResult>> byCase, List<String> cases) {
    StringBuilder t = new StringBuilder("## The hand-written limits (organization.avsc with 40 attributes, "
        + "ksql-metrics.avsc, the wide shape)\n\n| case | classic | hand-written byte[] | Kavro byte[] "
        + "| hand-written BinaryDecoder | Kavro BinaryDecoder | Kavro / hand-written, byte[] "
        + "| Kavro / hand-written, BinaryDecoder | hand-written / classic | Kavro / classic |\n"
        + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
    Cells vsHand = new Cells(KAVRO_VS_HAND_TARGET);
    List<Double> untargeted = new ArrayList<>();
    for (String c : cases) {
      Map<String, RunResult> e = byCase.getOrDefault(c, Map.of());
      double classic = score(e, "classic");
      double hand = score(e, "hand");
      double kavro = score(e, "kavro");
      double binaryHand = score(e, "binaryHand");
      double binaryKavro = score(e, "binaryKavro");
      t.append(row(c, records(classic), records(hand), records(kavro), records(binaryHand), records(binaryKavro),
          vsHand.judge(c + " byte[]", kavro, hand), vsHand.judge(c + " BinaryDecoder", binaryKavro, binaryHand),
          ratio(hand, classic, untargeted), ratio(kavro, classic, untargeted)));
    }
    t.append('\n').append(vsHand.summary("compiled Kavro / hand-written, every case and path")).append('\n');
    return t.toString();
  }

  /**
   * Ratio cells with a target each: a cell prints its ratio and whether it meets the target, and the summary names
   * the cells that do not.
   */
  static final class Cells {
    private final double target;
    private final List<Double> ratios = new ArrayList<>();
    private final List<String> missed = new ArrayList<>();

    Cells(double target) {
      this.target = target;
    }

    String judge(String cell, double a, double b) {
      if (Double.isNaN(a) || Double.isNaN(b) || b == 0) {
        return "n/a";
      }
      double ratio = a / b;
      ratios.add(ratio);
      if (ratio >= target) {
        return String.format(Locale.ROOT, "%.2fx met", ratio);
      }
      missed.add(cell);
      return String.format(Locale.ROOT, "%.2fx **not met**", ratio);
    }

    double geomean() {
      return RatioRunner.geomean(ratios);
    }

    String summary(String what) {
      if (ratios.isEmpty()) {
        return String.format(Locale.ROOT, "- Target %s >= %.1fx: not measured%n", what, target);
      }
      return String.format(Locale.ROOT, "- Target %s >= %.1fx: %s (%d of %d cells met%s)%n", what, target,
          missed.isEmpty() ? "met" : "NOT met", ratios.size() - missed.size(), ratios.size(),
          missed.isEmpty() ? "" : "; not met: " + String.join(", ", missed));
    }
  }

  static String allocationTable(Map<String, Map<String, RunResult>> byCase, List<String> cases,
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

  static double score(Map<String, RunResult> engines, String engine) {
    RunResult r = engines.get(engine);
    return r == null ? Double.NaN : r.getPrimaryResult().getScore();
  }

  static String records(double opsPerSecond) {
    return Double.isNaN(opsPerSecond) ? "n/a"
        : String.format(Locale.ROOT, "%,.0f", opsPerSecond * BenchCase.RECORDS);
  }

  static String ratio(double a, double b, List<Double> collect) {
    return ratio(a, b, collect, null);
  }

  /** {@code a / b} formatted, and added to {@code collect} and, unless null, {@code also}. */
  static String ratio(double a, double b, List<Double> collect, List<Double> also) {
    if (Double.isNaN(a) || Double.isNaN(b) || b == 0) {
      return "n/a";
    }
    collect.add(a / b);
    if (also != null) {
      also.add(a / b);
    }
    return String.format(Locale.ROOT, "%.2fx", a / b);
  }

  static double geomean(List<Double> ratios) {
    if (ratios.isEmpty()) {
      return Double.NaN;
    }
    return Math.exp(ratios.stream().mapToDouble(Math::log).average().orElseThrow());
  }

  static String bold(double value) {
    return Double.isNaN(value) ? "n/a" : String.format(Locale.ROOT, "**%.2fx**", value);
  }

  private static String target(String what, double value, double target) {
    String verdict = Double.isNaN(value) ? "not measured" : value >= target ? "met" : "NOT met";
    return String.format(Locale.ROOT, "- Target %s >= %.1fx: %s (%.2fx)%n", what, target, verdict, value);
  }

  static String row(String... cells) {
    return "| " + String.join(" | ", cells) + " |\n";
  }

  private static boolean writersCompiled() {
    Schema schema = BenchCase.load("random-10-flat").writer;
    return KavroDatumWriter.create(schema, GenericData.get(), dev.kavro.avro.CompileMode.COMPILED).isCompiled();
  }

  /** Command-line settings; defaults are the full run. */
  static final class Settings {
    List<String> decodeCases = BenchCase.DECODE_CASES;
    List<String> encodeCases = BenchCase.ENCODE_CASES;
    List<String> connectCases = BenchCase.CONNECT_CASES;
    List<String> limitCases = LIMIT_CASES;
    List<String> flinkCases = FlinkCase.CASES;
    /** The benchmark methods to run per table; {@code null} for all of them. */
    List<String> decodeEngines;
    List<String> encodeEngines;
    List<String> limitEngines;
    List<String> flinkEngines;
    boolean gc;
    int forks = 1;
    // Six warm-up seconds: on 2 cores C2 compiles the large generated readers on the cores the benchmark runs on,
    // and a shorter warm-up lets that slow start into the measurement of one side of a ratio or the other.
    int warmupIterations = 6;
    int iterations = 4;
    TimeValue warmupTime = TimeValue.seconds(1);
    TimeValue measurementTime = TimeValue.seconds(1);
    Path out = defaultOut();
    String note;

    static final List<String> LIMIT_CASES = List.of("organization", "specific:organization", "ksql-metrics", "wide");
    /** The shape families and, for comparison with the earlier tables, organization.avsc. */
    static final List<String> QUICK_CASES = concat(BenchCase.SHAPE_CASES, List.of("organization"));
    static final List<String> QUICK_LIMIT_CASES = List.of("organization", "ksql-metrics", "wide");

    static Settings parse(String[] args) {
      Settings s = new Settings();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        switch (a) {
          case "--cases" -> {
            s.decodeCases = list(args[++i]);
            s.encodeCases = s.decodeCases.stream().filter(BenchCase.ENCODE_CASES::contains).toList();
            s.connectCases = s.decodeCases.stream().filter(BenchCase.CONNECT_CAPABLE_CASES::contains).toList();
            s.flinkCases = FlinkRatios.flinkCapable(s.decodeCases);
          }
          case "--decode-cases" -> s.decodeCases = list(args[++i]);
          case "--encode-cases" -> s.encodeCases = list(args[++i]);
          case "--no-decode" -> s.decodeCases = List.of();
          case "--no-encode" -> s.encodeCases = List.of();
          case "--connect-cases" -> s.connectCases = list(args[++i]);
          case "--no-connect" -> s.connectCases = List.of();
          case "--no-limit" -> s.limitCases = List.of();
          case "--limit-cases" -> s.limitCases = list(args[++i]);
          case "--flink-cases" -> s.flinkCases = list(args[++i]);
          case "--no-flink" -> s.flinkCases = List.of();
          case "--flink" -> s.flinkOnly();
          case "--quick" -> s.quick();
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

    /**
     * The shape families and the hand-written limits with the engines the targets compare (the Flink table without
     * its generic-row encoders), short iterations: about 27 minutes on 2 quiet cores. Options after {@code --quick}
     * override it. Five warm-up seconds, so that the large compiled readers (wide, nested) are compiled by C2 before
     * the measurement starts.
     */
    void quick() {
      decodeCases = QUICK_CASES;
      encodeCases = QUICK_CASES;
      connectCases = BenchCase.SHAPE_CASES;
      limitCases = QUICK_LIMIT_CASES;
      decodeEngines = List.of("fast", "kavro", "kavroFallback", "binaryKavro", "binaryKavroFallback");
      encodeEngines = List.of("vanilla", "vanillaToByteArray", "kavro", "kavroFallback", "serde");
      limitEngines = List.of("hand", "kavro", "binaryHand", "binaryKavro");
      flinkCases = FlinkRatios.flinkCapable(QUICK_CASES);
      flinkEngines = FlinkRatios.QUICK_ENGINES;
      forks = 1;
      warmupIterations = 5;
      iterations = 3;
      warmupTime = TimeValue.seconds(1);
      measurementTime = TimeValue.seconds(1);
      note = note == null ? "--quick preset" : note;
    }

    /** The Flink table alone, every Flink case and engine (later options override it). */
    void flinkOnly() {
      decodeCases = List.of();
      encodeCases = List.of();
      connectCases = List.of();
      limitCases = List.of();
    }

    String describe() {
      return String.format(Locale.ROOT, "1.37, forks %d, warmup %d x %s, measurement %d x %s, throughput mode%s",
          forks, warmupIterations, warmupTime, iterations, measurementTime, gc ? ", -prof gc" : "");
    }

    private static List<String> concat(List<String> a, List<String> b) {
      List<String> all = new ArrayList<>(a);
      all.addAll(b);
      return List.copyOf(all);
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
          "  --quick              the shape families and the hand-written limits, only the engines the targets",
          "                       compare, -f 1 -wi 5 -i 3 -w 1s -r 1s: about 27 minutes on 2 quiet cores",
          "                       (later options override it)",
          "  --cases a,b          decode these cases, and encode and Connect-convert those of them that do",
          "  --decode-cases a,b   default: " + String.join(",", BenchCase.DECODE_CASES),
          "  --encode-cases a,b   default: " + String.join(",", BenchCase.ENCODE_CASES),
          "  --connect-cases a,b  default: " + String.join(",", BenchCase.CONNECT_CASES)
              + " (also: unionHeavy,random-10-deep,random-100-deep)",
          "  --limit-cases a,b    default: " + String.join(",", LIMIT_CASES),
          "  --flink-cases a,b    default: " + String.join(",", FlinkCase.CASES),
          "  --flink              the Flink table alone (about 27 minutes on 2 quiet cores)",
          "  --no-decode | --no-encode | --no-connect | --no-limit | --no-flink   skip a table",
          "  --gc                 add JMH's GC profiler and an allocation-per-record table",
          "  -f N -wi N -i N -w 1s -r 1s   JMH forks, warmup/measurement iterations and times (1, 6, 4, 1s, 1s)",
          "  --out FILE           default: bench/results/ratios.md under the repository root",
          "  --note TEXT          a line for the header (machine state, purpose of the run)");
    }
  }
}
