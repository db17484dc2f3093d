package dev.kavro.bench.demo;

import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.demo.AlternatingRounds.Comparison;
import dev.kavro.bench.servers.EmbeddedKafkaBroker;
import dev.kavro.cache.ReaderCache;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;

/**
 * The one-command demo: what a user gains by switching to Kavro, per schema and path. An embedded KRaft broker and a
 * schema registry (the in-JVM {@code mock://} one by default, Apicurio with {@code --registry apicurio}); per schema,
 * a topic of records produced with {@code KavroSerializer}, consumed by {@code KavroDeserializer} and by a plain-Avro
 * deserializer ({@link PlainAvroDeserializer}), and the in-memory paths of {@link InMemoryPaths} (the Connect
 * converter both ways), each against its peer in {@link AlternatingRounds}. A number-heavy and a string-heavy schema
 * by default, so that the report shows where the gain is and where Kavro is about level.
 */
public final class Demo {
  /** The metrics of a consumer pass, in the order {@link ConsumerPass#rates} returns them. */
  static final List<String> CONSUMER_METRICS = List.of("consumer poll loop", "inside deserialize()");
  private static final String CONSUMER_PEER = "a plain-Avro deserializer written for this demo: it strips "
      + "Confluent's 5-byte prefix, fetches the writer schema by id once from the same registry, and decodes with Avro "
      + "1.12's GenericDatumReader (FastReaderBuilder), the least a consumer of this format must do. It is not "
      + "Confluent's KafkaAvroDeserializer, which is not on Maven Central; Kavro against that is in "
      + "docs/benchmarks.md.";
  private static final long IN_MEMORY_TURN_NANOS = 500_000_000L;
  private static final PrintStream OUT = System.out;

  private Demo() {}

  /** Runs the demo; returns the process exit code. */
  public static int run(String[] args) throws Exception {
    DemoOptions o;
    try {
      o = DemoOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(DemoOptions.HELP);
      return 2;
    }
    if (o == null) {
      OUT.println(DemoOptions.HELP);
      return 0;
    }
    String missing = Registry.missingPrerequisite(o);
    if (missing != null) {
      System.err.println(missing);
      return 2;
    }
    OUT.printf(Locale.ROOT, "Kavro demo: %s, %,d records per topic, %d rounds per path (%s, %d cores)%n",
        String.join(" and ", o.schemas), o.records, o.rounds,
        System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors());
    long t0 = System.nanoTime();
    Report report = new Report();
    try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(o.workDir); Registry registry = Registry.start(o)) {
      OUT.printf(Locale.ROOT, "Broker at %s, registry %s (ready in %.1f s)%n", broker.bootstrapServers(),
          registry.url, (System.nanoTime() - t0) / 1e9);
      KavroDeserializer kavro = new KavroDeserializer();
      kavro.configure(Map.of("schema.registry.url", registry.url), false);
      PlainAvroDeserializer plain = new PlainAvroDeserializer(registry.client);
      for (String schema : o.schemas) {
        BenchCase benchCase = BenchCase.load(schema);
        List<Comparison> comparisons = new ArrayList<>();
        report.peer(CONSUMER_METRICS.get(0) + ", " + CONSUMER_METRICS.get(1), CONSUMER_PEER);
        String failure = consumerPaths(broker.bootstrapServers(), registry.url, benchCase, kavro, plain, o,
            comparisons);
        if (failure == null) {
          failure = inMemoryPaths(benchCase, o, comparisons, report);
        }
        if (failure != null) {
          OUT.println("ERROR: " + failure);
          return 1;
        }
        report.add(new Report.SchemaResult(schema, DataMix.of(benchCase), comparisons));
      }
      kavro.close();
    }
    OUT.print(report.text());
    ReaderCache cache = ReaderCache.shared();
    OUT.printf(Locale.ROOT, "Kavro's reads: %,d through compiled code, %,d through the fallback (%d compiles, %d "
        + "failures).%n", cache.getCompiledReads(), cache.getFallbackReads(), cache.getCompiles(),
        cache.getCompileFailures());
    if (o.out != null) {
      Files.createDirectories(o.out.toAbsolutePath().getParent());
      Files.writeString(o.out, report.markdown(o), StandardCharsets.UTF_8);
      OUT.println("Written to " + o.out.toAbsolutePath());
    }
    OUT.printf(Locale.ROOT, "Done in %.1f s; the broker's log dir is deleted.%n", (System.nanoTime() - t0) / 1e9);
    if (AlternatingRounds.sinkIsMagic()) {
      OUT.println();
    }
    return 0;
  }

  /**
   * Produces the case's records to a topic of their own and reads it in alternating rounds with both deserializers;
   * answers why the two disagree, or {@code null}.
   */
  private static String consumerPaths(String bootstrap, String registryUrl, BenchCase benchCase,
      KavroDeserializer kavro, PlainAvroDeserializer plain, DemoOptions o, List<Comparison> comparisons)
      throws Exception {
    String topic = "kavro-demo-" + benchCase.name;
    produce(bootstrap, registryUrl, topic, benchCase, o.records);
    OUT.printf(Locale.ROOT, "  %s, consumer: KavroDeserializer against plain Avro%n", benchCase.name);
    List<List<Object>> firstValues = new ArrayList<>(List.of(List.of(), List.of()));
    AlternatingRounds.Turn kavroTurn = () -> keep(ConsumerPass.run(bootstrap, topic, kavro, o.records), firstValues, 0);
    AlternatingRounds.Turn plainTurn = () -> keep(ConsumerPass.run(bootstrap, topic, plain, o.records), firstValues, 1);
    comparisons.addAll(AlternatingRounds.run(CONSUMER_METRICS, kavroTurn, plainTurn, DemoOptions.WARMUP_ROUNDS,
        o.rounds, OUT));
    return firstValues.get(0).equals(firstValues.get(1)) ? null
        : benchCase.name + ": the two deserializers returned different values for the first records";
  }

  private static double[] keep(ConsumerPass pass, List<List<Object>> firstValues, int side) {
    firstValues.set(side, pass.firstValues());
    return pass.rates();
  }

  /** Times every in-memory pair on the case's records; answers which pair disagrees, or {@code null}. */
  private static String inMemoryPaths(BenchCase benchCase, DemoOptions o, List<Comparison> comparisons, Report report)
      throws Exception {
    for (PathPair pair : InMemoryPaths.of(benchCase)) {
      for (int i = 0; i < benchCase.distinct; i++) {
        if (!pair.sameResult().test(i)) {
          return benchCase.name + ", " + pair.name() + ": Kavro and its peer differ on record " + i;
        }
      }
      OUT.printf(Locale.ROOT, "  %s, %s%n", benchCase.name, pair.name());
      comparisons.addAll(AlternatingRounds.run(List.of(pair.name()),
          AlternatingRounds.overRecords(pair.kavro(), BenchCase.RECORDS, IN_MEMORY_TURN_NANOS),
          AlternatingRounds.overRecords(pair.peer(), BenchCase.RECORDS, IN_MEMORY_TURN_NANOS),
          DemoOptions.WARMUP_ROUNDS, o.rounds, OUT));
      report.peer(pair.name(), pair.peerDescription());
    }
    return null;
  }

  private static void produce(String bootstrap, String registryUrl, String topic, BenchCase benchCase, long records)
      throws ExecutionException, InterruptedException {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      admin.createTopics(List.of(new NewTopic(topic, 1, (short) 1))).all().get();
    }
    Map<String, Object> config = new HashMap<>();
    config.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ProducerConfig.ACKS_CONFIG, "1");
    config.put(ProducerConfig.LINGER_MS_CONFIG, 20);
    config.put(ProducerConfig.BATCH_SIZE_CONFIG, 512 * 1024);
    config.put(ProducerConfig.ENABLE_IDEMPOTENCE_CONFIG, false);
    config.put("schema.registry.url", registryUrl);
    KavroSerializer serializer = new KavroSerializer();
    serializer.configure(config, false);
    ProgressBar bar = new ProgressBar(OUT, "producing " + benchCase.name, records);
    long start = System.nanoTime();
    try (KafkaProducer<byte[], Object> producer = new KafkaProducer<>(config, new ByteArraySerializer(), serializer)) {
      // The case's seeded records, cycled: as many distinct records as the bench's own cases read.
      for (long i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(topic, benchCase.writerData.get((int) (i % benchCase.distinct))));
        bar.update(i + 1);
      }
      producer.flush();
    }
    bar.finish(records);
    OUT.printf(Locale.ROOT, "  produced in %.1f s with KavroSerializer%n", (System.nanoTime() - start) / 1e9);
  }

  /** The registry: its URL for the serdes, and a client for the plain deserializer. */
  private static final class Registry implements AutoCloseable {
    final String url;
    final SchemaRegistry client;
    final ApicurioRegistry apicurio;

    private Registry(String url, SchemaRegistry client, ApicurioRegistry apicurio) {
      this.url = url;
      this.client = client;
      this.apicurio = apicurio;
    }

    static Registry start(DemoOptions o) throws Exception {
      if (o.registry.equals("mock")) {
        String scope = "kavro-demo";
        MockSchemaRegistry.dropScope(scope);
        return new Registry("mock://" + scope, MockSchemaRegistry.forScope(scope), null);
      }
      Path java21 = ApicurioRegistry.findJava21().orElseThrow();
      OUT.println("Starting Apicurio Registry with " + java21 + " ...");
      ApicurioRegistry apicurio = ApicurioRegistry.start(java21, o.apicurioHome, o.workDir);
      return new Registry(apicurio.url(), SchemaRegistries.create(Map.of("schema.registry.url", apicurio.url())),
          apicurio);
    }

    /** Why the chosen registry cannot start, or {@code null}: checked before the broker starts. */
    static String missingPrerequisite(DemoOptions o) {
      if (o.registry.equals("mock")) {
        return null;
      }
      if (ApicurioRegistry.findJava21().isEmpty()) {
        return "--registry apicurio needs a Java 21+ JDK: set KAVRO_JAVA21_HOME to one (or use the default mock).";
      }
      if (!Files.isRegularFile(o.apicurioHome.resolve("quarkus-run.jar"))) {
        return ApicurioRegistry.howToInstall(o.apicurioHome);
      }
      return null;
    }

    @Override
    public void close() {
      if (apicurio != null) {
        client.close();
        apicurio.close();
      }
    }
  }
}
