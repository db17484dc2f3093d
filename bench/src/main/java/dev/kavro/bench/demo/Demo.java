package dev.kavro.bench.demo;

import dev.kavro.bench.data.BenchSchemas;
import dev.kavro.bench.data.RandomDatum;
import dev.kavro.bench.servers.EmbeddedKafkaBroker;
import dev.kavro.cache.ReaderCache;
import dev.kavro.registry.MockSchemaRegistry;
import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import dev.kavro.serde.KavroDeserializer;
import dev.kavro.serde.KavroSerializer;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.Deserializer;

/**
 * The one-command demo: an embedded KRaft broker and a schema registry (the in-JVM {@code mock://} one by default,
 * Apicurio with {@code --registry apicurio}); N records produced with {@code KavroSerializer}; the topic consumed once
 * with {@code KavroDeserializer} and once with a plain-Avro deserializer doing the same framing; records/s for both.
 */
public final class Demo {
  private static final String TOPIC = "kavro-demo";
  private static final int DISTINCT_RECORDS = 10_000;
  private static final int COMPARED_RECORDS = 1_000;
  private static final long WARMUP_RECORDS = 100_000;
  private static final PrintStream OUT = System.out;

  private Demo() {}

  /** Runs the demo; returns the process exit code. */
  public static int run(String[] args) throws Exception {
    Options o;
    try {
      o = Options.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println(e.getMessage());
      System.err.println(Options.HELP);
      return 2;
    }
    if (o == null) {
      OUT.println(Options.HELP);
      return 0;
    }
    String missing = Registry.missingPrerequisite(o);
    if (missing != null) {
      System.err.println(missing);
      return 2;
    }
    Schema schema = BenchSchemas.load(o.schema);
    OUT.printf(Locale.ROOT, "Kavro demo: %,d %s records through an embedded Kafka broker (%s, %d cores)%n",
        o.records, schema.getName(), System.getProperty("java.vm.name") + " " + System.getProperty("java.version"),
        Runtime.getRuntime().availableProcessors());
    long t0 = System.nanoTime();
    try (EmbeddedKafkaBroker broker = EmbeddedKafkaBroker.start(o.workDir); Registry registry = Registry.start(o)) {
      OUT.printf(Locale.ROOT, "Broker at %s, registry %s (ready in %.1f s)%n", broker.bootstrapServers(),
          registry.url, (System.nanoTime() - t0) / 1e9);
      createTopic(broker.bootstrapServers());
      produce(broker.bootstrapServers(), registry.url, schema, o.records);

      KavroDeserializer kavro = new KavroDeserializer();
      kavro.configure(Map.of("schema.registry.url", registry.url), false);
      PlainAvroDeserializer plain = new PlainAvroDeserializer(registry.client);
      // Both deserializers and the consumer code get the same JIT warm-up before anything is timed.
      long warmup = Math.min(o.records, WARMUP_RECORDS);
      consume(broker.bootstrapServers(), "warm-up, Kavro", kavro, warmup);
      consume(broker.bootstrapServers(), "warm-up, plain Avro", plain, warmup);
      Pass kavroPass = consume(broker.bootstrapServers(), "KavroDeserializer", kavro, o.records);
      Pass plainPass = consume(broker.bootstrapServers(), "plain Avro", plain, o.records);
      kavro.close();
      report(kavroPass, plainPass);
      ReaderCache cache = ReaderCache.shared();
      OUT.printf(Locale.ROOT, "Kavro reads so far: %,d through compiled code, %,d through the fallback (%d compiles, "
          + "%d failures).%n", cache.getCompiledReads(), cache.getFallbackReads(), cache.getCompiles(),
          cache.getCompileFailures());
      if (!kavroPass.firstValues.equals(plainPass.firstValues)) {
        OUT.println("ERROR: the two deserializers returned different values for the first records");
        return 1;
      }
      OUT.printf(Locale.ROOT, "Both deserializers returned equal values for the first %,d records.%n",
          kavroPass.firstValues.size());
    }
    OUT.printf(Locale.ROOT, "Done in %.1f s; the broker's log dir is deleted.%n", (System.nanoTime() - t0) / 1e9);
    return 0;
  }

  private static void createTopic(String bootstrap) throws ExecutionException, InterruptedException {
    try (Admin admin = Admin.create(Map.of(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap))) {
      admin.createTopics(List.of(new NewTopic(TOPIC, 1, (short) 1))).all().get();
    }
  }

  private static void produce(String bootstrap, String registryUrl, Schema schema, long records) throws Exception {
    // Distinct seeded records, cycled: generating a million random ones would take longer than the demo itself.
    RandomDatum random = new RandomDatum(42, schema.getName().equals("Organization") ? 40 : -1);
    List<Object> values = new ArrayList<>(DISTINCT_RECORDS);
    for (int i = 0; i < DISTINCT_RECORDS; i++) {
      values.add(random.next(schema));
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
    ProgressBar bar = new ProgressBar(OUT, "producing", records);
    long start = System.nanoTime();
    try (KafkaProducer<byte[], Object> producer = new KafkaProducer<>(config, new ByteArraySerializer(), serializer)) {
      for (long i = 0; i < records; i++) {
        producer.send(new ProducerRecord<>(TOPIC, values.get((int) (i % DISTINCT_RECORDS))));
        bar.update(i + 1);
      }
      producer.flush();
    }
    bar.finish(records);
    OUT.printf(Locale.ROOT, "  produced in %.1f s with KavroSerializer%n", (System.nanoTime() - start) / 1e9);
  }

  private static Pass consume(String bootstrap, String label, Deserializer<Object> deserializer, long records) {
    TimedDeserializer timed = new TimedDeserializer(deserializer);
    Map<String, Object> config = new HashMap<>();
    config.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
    config.put(ConsumerConfig.MAX_POLL_RECORDS_CONFIG, 5_000);
    config.put(ConsumerConfig.FETCH_MAX_BYTES_CONFIG, 64 * 1024 * 1024);
    config.put(ConsumerConfig.MAX_PARTITION_FETCH_BYTES_CONFIG, 16 * 1024 * 1024);
    config.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, false);
    TopicPartition partition = new TopicPartition(TOPIC, 0);
    List<Object> first = new ArrayList<>(COMPARED_RECORDS);
    long count = 0;
    long start;
    long elapsed;
    ProgressBar bar;
    try (KafkaConsumer<byte[], Object> consumer = new KafkaConsumer<>(config, new ByteArrayDeserializer(), timed)) {
      consumer.assign(List.of(partition));
      consumer.seekToBeginning(List.of(partition));
      bar = new ProgressBar(OUT, label, records);
      start = System.nanoTime();
      long deadline = start + TimeUnit.MINUTES.toNanos(10);
      while (count < records) {
        if (System.nanoTime() > deadline) {
          throw new IllegalStateException(label + ": only " + count + " of " + records + " records in 10 minutes");
        }
        ConsumerRecords<byte[], Object> batch = consumer.poll(Duration.ofMillis(500));
        for (ConsumerRecord<byte[], Object> r : batch) {
          if (count == records) {
            break;
          }
          if (first.size() < COMPARED_RECORDS) {
            first.add(r.value());
          }
          count++;
        }
        bar.update(count);
      }
      elapsed = System.nanoTime() - start;
    }
    bar.finish(count);
    return new Pass(label, count, elapsed, timed.nanos(), first);
  }

  private static void report(Pass kavro, Pass plain) {
    OUT.println();
    OUT.println("                         whole poll loop      deserializer alone");
    for (Pass p : List.of(kavro, plain)) {
      OUT.printf(Locale.ROOT, "  %-20s %,14.0f rec/s   %,14.0f rec/s%n", p.label, p.loopRate(), p.deserializeRate());
    }
    OUT.printf(Locale.ROOT, "  %-20s %14.2fx   %14.2fx%n", "Kavro / plain Avro", kavro.loopRate() / plain.loopRate(),
        kavro.deserializeRate() / plain.deserializeRate());
    OUT.println();
    OUT.println("The poll loop is what a consumer sees: fetching, CRC checks and record handling are the same for both,");
    OUT.println("so its ratio is smaller. \"Deserializer alone\" adds up the time spent inside deserialize() only.");
    OUT.printf(Locale.ROOT, "Before timing, each deserializer consumed the first %,d records untimed (JIT warm-up);"
        + " then Kavro's pass ran first, the plain pass second.%n", Math.min(kavro.records, WARMUP_RECORDS));
  }

  /** One consumption pass: records, wall time of the poll loop, and time inside the deserializer. */
  private record Pass(String label, long records, long loopNanos, long deserializeNanos, List<Object> firstValues) {
    double loopRate() {
      return records / (loopNanos / 1e9);
    }

    double deserializeRate() {
      return records / (deserializeNanos / 1e9);
    }
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

    static Registry start(Options o) throws Exception {
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
    static String missingPrerequisite(Options o) {
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

  /** Command-line options. */
  static final class Options {
    static final String HELP = String.join("\n",
        "demo [--records N] [--schema NAME] [--registry mock|apicurio] [--apicurio-home DIR] [--work-dir DIR]",
        "  --records N         records to produce and consume (default 1,000,000)",
        "  --schema NAME       a bench schema: " + String.join(", ", BenchSchemas.NAMES) + " (default organization)",
        "  --registry R        mock (in-JVM mock://, default) or apicurio (needs Java 21+ and the unpacked app)",
        "  --apicurio-home DIR the unpacked apicurio-registry-app (default testcontainers-it/target/apicurio)",
        "  --work-dir DIR      where the broker's log dir is created (default java.io.tmpdir); deleted at exit");

    long records = 1_000_000;
    String schema = "organization";
    String registry = "mock";
    Path apicurioHome = defaultApicurioHome();
    Path workDir = Path.of(System.getProperty("java.io.tmpdir"));

    static Options parse(String[] args) {
      Options o = new Options();
      for (int i = 0; i < args.length; i++) {
        String a = args[i];
        if (a.equals("-h") || a.equals("--help")) {
          return null;
        }
        if (i + 1 >= args.length) {
          throw new IllegalArgumentException("Missing value after " + a);
        }
        String v = args[++i];
        switch (a) {
          case "--records" -> {
            o.records = Long.parseLong(v.replace("_", "").replace(",", ""));
            if (o.records < 1) {
              throw new IllegalArgumentException("--records must be at least 1");
            }
          }
          case "--schema" -> {
            if (!BenchSchemas.NAMES.contains(v)) {
              throw new IllegalArgumentException("Unknown schema " + v);
            }
            o.schema = v;
          }
          case "--registry" -> {
            if (!v.equals("mock") && !v.equals("apicurio")) {
              throw new IllegalArgumentException("--registry is mock or apicurio, not " + v);
            }
            o.registry = v;
          }
          case "--apicurio-home" -> o.apicurioHome = Path.of(v);
          case "--work-dir" -> o.workDir = Path.of(v);
          default -> throw new IllegalArgumentException("Unknown option " + a);
        }
      }
      return o;
    }

    private static Path defaultApicurioHome() {
      for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
        if (Files.isRegularFile(dir.resolve("mvnw"))) {
          return dir.resolve("testcontainers-it").resolve("target").resolve("apicurio");
        }
      }
      return Path.of("apicurio");
    }
  }
}
