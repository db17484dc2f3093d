package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kavro.bench.servers.Directories;
import dev.kavro.serde.KavroDeserializer;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.ZipEntry;
import java.util.zip.ZipInputStream;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.connect.runtime.WorkerConfig;
import org.apache.kafka.connect.runtime.isolation.PluginClassLoader;
import org.apache.kafka.connect.runtime.isolation.PluginDesc;
import org.apache.kafka.connect.runtime.isolation.Plugins;
import org.apache.kafka.connect.storage.Converter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The Connect plugin archive the build makes ({@code connect-plugin/target/kavro-connect-VERSION.zip}), installed as
 * a Connect user installs it: unzipped into a {@code plugin.path} directory of a real worker. This JVM has no Kavro
 * converter on its classpath (the failsafe execution leaves it out), so the worker can only find the converter in the
 * archive, and loads it in isolation. A source connector's Structs then go through it into a topic, where Kavro's
 * deserializer (from this JVM's classpath) reads them back.
 */
@ExtendWith(RealServers.class)
class ConnectPluginIT {
  private static final String CONVERTER = "dev.kavro.connect.KavroConverter";
  private static final String VERSION = System.getProperty("kavro.expected.version");
  private static final int ORDERS = 25;
  private static final Duration TIMEOUT = Duration.ofSeconds(60);

  private static ServerPair servers;
  private static Path workDir;
  private static Path pluginDir;
  private static EmbeddedConnectWorker worker;

  @BeforeAll
  static void installAndStartWorker(ServerPair pair) throws IOException {
    servers = pair;
    Path zip = Path.of(System.getProperty("kavro.it.connect.plugin.zip", "missing"));
    assertTrue(Files.isRegularFile(zip), "the build makes the plugin archive before the ITs: " + zip);
    Path target = Path.of(System.getProperty("kavro.it.work.dir", "target"));
    Files.createDirectories(target);
    workDir = Files.createTempDirectory(target, "connect-plugin-");
    Path pluginPath = Files.createDirectories(workDir.resolve("plugins"));
    unzip(zip, pluginPath);
    pluginDir = pluginPath.resolve("kavro-connect-" + VERSION);
    Map<String, String> props = new HashMap<>(EmbeddedConnectWorker.converters(CONVERTER, servers.registryUrl()));
    props.put(WorkerConfig.PLUGIN_PATH_CONFIG, pluginPath.toString());
    worker = EmbeddedConnectWorker.start(servers.bootstrapServers(), props, workDir);
  }

  @AfterAll
  static void stopWorker() {
    try {
      if (worker != null) {
        worker.close();
      }
    } finally {
      Directories.deleteRecursively(workDir);
    }
  }

  @Test
  void archiveHasConfluentHubsLayoutWithoutWhatConnectProvides() throws IOException {
    JsonNode manifest = new ObjectMapper().readTree(pluginDir.resolve("manifest.json").toFile());
    List<String> lib;
    try (Stream<Path> files = Files.list(pluginDir.resolve("lib"))) {
      lib = files.map(path -> path.getFileName().toString()).sorted().collect(Collectors.toList());
    }
    assertAll(
        () -> assertEquals(VERSION, manifest.path("version").asText()),
        () -> assertEquals("converter", manifest.path("component_types").path(0).asText()),
        () -> assertTrue(Files.isRegularFile(pluginDir.resolve("doc/LICENSE")), "doc/LICENSE"),
        () -> assertTrue(Files.isRegularFile(pluginDir.resolve("doc/README.md")), "doc/README.md"),
        () -> assertTrue(lib.contains("kavro-connect-converter-" + VERSION + ".jar"), lib::toString),
        () -> assertTrue(lib.contains("kavro-serde-" + VERSION + ".jar"), lib::toString),
        () -> assertTrue(lib.stream().anyMatch(name -> name.startsWith("avro-1.")), lib::toString),
        () -> assertTrue(lib.stream().noneMatch(name -> name.startsWith("kafka-") || name.startsWith("connect-")
            || name.startsWith("slf4j-")), () -> "Connect provides these: " + lib));
  }

  /** The worker found the converter in the archive only, and loads it and what it needs in isolation. */
  @Test
  void workerLoadsTheConverterFromTheArchiveInIsolation() throws Exception {
    assertThrows(ClassNotFoundException.class, () -> Class.forName(CONVERTER),
        "the converter must not be on this JVM's classpath, or the test proves nothing");
    Plugins plugins = worker.plugins();
    List<PluginDesc<Converter>> found = plugins.converters().stream()
        .filter(desc -> desc.className().equals(CONVERTER)).collect(Collectors.toList());
    assertEquals(1, found.size(), () -> "KavroConverter plugins: " + found);
    PluginDesc<Converter> desc = found.get(0);
    PluginClassLoader loader = assertInstanceOf(PluginClassLoader.class, desc.loader());
    // Connect reports the location as a URL (file:/...).
    assertEquals(pluginDir.toRealPath(), Path.of(URI.create(desc.location())).toRealPath());
    assertEquals(VERSION, desc.version(), "version() reads the jar manifest");

    // Created as the worker creates a task's converters.
    Converter converter = plugins.newConverter(EmbeddedConnectWorker.workerConfig(plugins,
        Map.of(WorkerConfig.BOOTSTRAP_SERVERS_CONFIG, servers.bootstrapServers(),
            "offset.storage.file.filename", workDir.resolve("unused.offsets").toString(),
            "key.converter", CONVERTER,
            "value.converter", CONVERTER,
            "value.converter.schema.registry.url", servers.registryUrl())),
        WorkerConfig.VALUE_CONVERTER_CLASS_CONFIG, Plugins.ClassLoaderUsage.PLUGINS);
    assertSame(loader, converter.getClass().getClassLoader());
    assertEquals(VERSION, ((org.apache.kafka.connect.components.Versioned) converter).version());
    converter.getClass().getMethod("close").invoke(converter);

    // Kavro and its libraries from lib/; Kafka's and SLF4J's classes from the worker.
    for (String isolated : List.of("dev.kavro.serde.KavroDeserializer", "org.apache.avro.Schema",
        "com.fasterxml.jackson.databind.ObjectMapper", "com.github.benmanes.caffeine.cache.Caffeine",
        "org.codehaus.janino.SimpleCompiler")) {
      assertSame(loader, loader.loadClass(isolated).getClassLoader(), isolated);
    }
    for (String shared : List.of("org.apache.kafka.connect.data.Struct", "org.slf4j.Logger")) {
      assertNotSame(loader, loader.loadClass(shared).getClassLoader(), shared);
    }
    assertFalse(loader.loadClass("dev.kavro.serde.KavroDeserializer") == KavroDeserializer.class,
        "the worker's copy of Kavro is not this JVM's");
  }

  @Test
  void structsFromASourceConnectorGoThroughTheInstalledConverter() throws Exception {
    String run = UUID.randomUUID().toString();
    String topic = "connect-plugin-orders-" + run;
    TopicDrain.createTopics(servers.bootstrapServers(), topic);
    String source = "source-" + run;
    worker.addConnector(source, Map.of(
        "connector.class", OrderSourceConnector.class.getName(),
        "tasks.max", "1",
        OrderSourceConnector.TOPIC_CONFIG, topic,
        OrderSourceConnector.COUNT_CONFIG, Integer.toString(ORDERS)));

    List<ConsumerRecord<byte[], byte[]>> records = TopicDrain.read(servers.bootstrapServers(), topic, ORDERS,
        TIMEOUT);

    assertEquals(ORDERS, records.size(), () -> "records written through the plugin; " + worker.status(source));
    try (KavroDeserializer keys = new KavroDeserializer(); KavroDeserializer values = new KavroDeserializer()) {
      Map<String, Object> config = Map.of("schema.registry.url", servers.registryUrl(),
          "avro.use.logical.type.converters", true);
      keys.configure(config, true);
      values.configure(config, false);
      for (int i = 0; i < ORDERS; i++) {
        ConsumerRecord<byte[], byte[]> record = records.get(i);
        assertEquals(OrderStructs.key(i), keys.deserialize(topic, record.key()).toString(), "key " + i);
        assertEquals(KafkaConnectIT.expectedAvroView(OrderStructs.ORDER, OrderStructs.order(i)),
            KafkaConnectIT.avroView(values.deserialize(topic, record.value())), "value " + i);
      }
    }
  }

  private static void unzip(Path zip, Path into) throws IOException {
    try (InputStream file = Files.newInputStream(zip); ZipInputStream in = new ZipInputStream(file)) {
      for (ZipEntry entry = in.getNextEntry(); entry != null; entry = in.getNextEntry()) {
        Path target = into.resolve(entry.getName()).normalize();
        if (!target.startsWith(into)) {
          throw new IOException("Entry outside the target directory: " + entry.getName());
        }
        if (entry.isDirectory()) {
          Files.createDirectories(target);
        } else {
          Files.createDirectories(target.getParent());
          Files.copy(in, target);
        }
      }
    }
  }
}
