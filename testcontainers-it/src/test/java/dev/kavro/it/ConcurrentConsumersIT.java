package dev.kavro.it;

import static dev.kavro.it.KafkaClients.consumeExactlyOnce;
import static dev.kavro.it.KafkaClients.createTopic;
import static dev.kavro.it.KafkaClients.kavroConsumer;
import static dev.kavro.it.KafkaClients.kavroProducer;
import static dev.kavro.it.KafkaClients.rawConsumer;
import static dev.kavro.it.KafkaClients.uniqueTopic;
import static org.junit.jupiter.api.Assertions.assertAll;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import dev.kavro.avro.KavroDatumReader;
import dev.kavro.avro.CompileMode;
import dev.kavro.cache.ReaderCache;
import dev.kavro.cache.ReaderCacheMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.UUID;
import java.util.concurrent.CyclicBarrier;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javax.management.JMX;
import javax.management.ObjectName;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Scenario 5 of the real-world suite: 8 consumer threads, each with its own consumer and deserializer, read records
 * of 50 schema ids at once in {@code kavro.reader.mode=async}. Every record equals plain Avro's decode, before the
 * compiled readers are ready and after; the reader cache's JMX counters show that compiled code did the reading.
 */
@ExtendWith(RealServers.class)
class ConcurrentConsumersIT {
  private static final Logger LOG = LoggerFactory.getLogger(ConcurrentConsumersIT.class);
  private static final int SCHEMAS = 50;
  private static final int THREADS = 8;
  private static final int PARTITIONS = 8;
  private static final int RECORDS_PER_SCHEMA = 100;
  private static final int RECORDS = SCHEMAS * RECORDS_PER_SCHEMA;
  private static final Duration COMPILE_WAIT = Duration.ofSeconds(60);

  @Test
  @Timeout(value = 5, unit = TimeUnit.MINUTES)
  void eightThreadsReadFiftySchemaIdsAsPlainAvroDoesAndEndOnCompiledReaders(ServerPair servers) throws Exception {
    String topic = uniqueTopic("concurrent");
    createTopic(servers, topic, PARTITIONS);
    // A namespace of its own: no reader for these schemas can be in the process-wide cache already.
    List<Schema> schemas = ManySchemas.generate("dev.kavro.it.s" + UUID.randomUUID().toString().replace("-", ""),
        SCHEMAS);
    produce(servers, topic, schemas);

    GenericRecord[] decodedByVanilla = new GenericRecord[RECORDS];
    Set<Integer> ids = new TreeSet<>();
    List<Schema> writers = new ArrayList<>();
    try (VanillaAvro vanilla = new VanillaAvro(servers);
        KafkaConsumer<Long, byte[]> consumer = rawConsumer(servers, topic)) {
      consumeExactlyOnce(consumer, 0, RECORDS, (k, bytes) -> {
        GenericRecord decoded = (GenericRecord) vanilla.decode(bytes);
        assertEquals(ManySchemas.record(schemas.get((int) (k % SCHEMAS)), k), decoded, "key " + k);
        decodedByVanilla[(int) k] = decoded;
        if (ids.add(VanillaAvro.schemaId(bytes))) {
          writers.add(vanilla.writer(VanillaAvro.schemaId(bytes)));
        }
      });
    }
    assertEquals(SCHEMAS, ids.size(), "one id per schema: " + ids);

    ReaderCacheMXBean cache = readerCacheMBean();
    long compilesBefore = cache.getCompiles();
    long failuresBefore = cache.getCompileFailures();
    long firstPassCompiledReads = cache.getCompiledReads();
    long firstPassFallbackReads = cache.getFallbackReads();

    // First pass: the readers are new, so reads start on the fallback while compilation runs in the background.
    readConcurrently(servers, topic, decodedByVanilla);

    // The deserializers asked for one compilation per schema; wait for them. Then wait on exactly their entries,
    // (writer, writer, generic model), which starts no compilation of its own when they are there already.
    awaitCompiles(cache, compilesBefore + SCHEMAS);
    for (Schema writer : writers) {
      KavroDatumReader<Object> reader = KavroDatumReader.create(writer, writer, GenericData.get(), CompileMode.ASYNC);
      assertTrue(reader.awaitCompiled(COMPILE_WAIT), "no compiled reader within " + COMPILE_WAIT + " for " + writer);
    }
    long compiledReadsBefore = cache.getCompiledReads();
    long fallbackReadsBefore = cache.getFallbackReads();
    LOG.info("First pass: {} compiled reads, {} fallback reads", compiledReadsBefore - firstPassCompiledReads,
        fallbackReadsBefore - firstPassFallbackReads);

    // Second pass, new consumers and deserializers: every read goes through compiled code.
    readConcurrently(servers, topic, decodedByVanilla);

    long compiles = cache.getCompiles() - compilesBefore;
    LOG.info("Both passes: {} compiles; second pass: {} compiled reads, {} fallback reads",
        compiles, cache.getCompiledReads() - compiledReadsBefore, cache.getFallbackReads() - fallbackReadsBefore);
    long compiledReads = cache.getCompiledReads() - compiledReadsBefore;
    long fallbackReads = cache.getFallbackReads() - fallbackReadsBefore;
    assertAll(
        () -> assertTrue(compiles >= SCHEMAS, "compiles: " + compiles),
        () -> assertEquals(0, cache.getCompileFailures() - failuresBefore, "compile failures"),
        () -> assertTrue(compiledReads >= (long) THREADS * RECORDS, "compiled reads: " + compiledReads),
        () -> assertEquals(0, fallbackReads, "fallback reads once every reader was compiled"));
  }

  /** Records of all 50 schemas interleaved: blocks of 50 consecutive keys, one of each schema, per partition. */
  private static void produce(ServerPair servers, String topic, List<Schema> schemas) {
    // Many record names in one topic: one subject per record name, as Confluent users configure it.
    Map<String, Object> config = Map.of("value.subject.name.strategy",
        "io.confluent.kafka.serializers.subject.TopicRecordNameStrategy");
    try (KafkaProducer<Long, Object> producer = kavroProducer(servers, config)) {
      List<Future<?>> sent = new ArrayList<>();
      for (long k = 0; k < RECORDS; k++) {
        int partition = (int) (k / SCHEMAS % PARTITIONS);
        GenericRecord value = ManySchemas.record(schemas.get((int) (k % SCHEMAS)), k);
        sent.add(producer.send(new ProducerRecord<>(topic, partition, k, value)));
      }
      producer.flush();
      for (Future<?> future : sent) {
        future.get(30, TimeUnit.SECONDS);
      }
    } catch (InterruptedException | ExecutionException | TimeoutException e) {
      throw new AssertionError("Sending to " + topic + " failed", e);
    }
  }

  /** {@link #THREADS} threads, each with its own consumer of every partition, start together and read it all. */
  private static void readConcurrently(ServerPair servers, String topic, GenericRecord[] expected) throws Exception {
    Mismatches mismatches = new Mismatches();
    CyclicBarrier start = new CyclicBarrier(THREADS);
    ExecutorService threads = Executors.newFixedThreadPool(THREADS);
    try {
      List<Future<?>> readers = new ArrayList<>();
      for (int t = 0; t < THREADS; t++) {
        readers.add(threads.submit(() -> {
          try (KafkaConsumer<Long, Object> consumer =
              kavroConsumer(servers, topic, Map.of("kavro.reader.mode", "async"))) {
            start.await(60, TimeUnit.SECONDS);
            consumeExactlyOnce(consumer, 0, RECORDS, (k, value) -> mismatches.check(expected[(int) k].equals(value),
                () -> Thread.currentThread().getName() + ", key " + k + ": expected " + expected[(int) k]
                    + " but was " + value));
          }
          return null;
        }));
      }
      for (Future<?> reader : readers) {
        try {
          reader.get(KafkaClients.WAIT.toSeconds() + 60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
          throw new AssertionError("a consumer thread failed", e.getCause());
        }
      }
    } finally {
      threads.shutdownNow();
    }
    mismatches.assertNone("records read concurrently");
  }

  /** Polls the JMX counter until {@code target} compiles are done; fails after {@link #COMPILE_WAIT}. */
  private static void awaitCompiles(ReaderCacheMXBean cache, long target) throws InterruptedException {
    Instant deadline = Instant.now().plus(COMPILE_WAIT);
    while (cache.getCompiles() < target) {
      if (Instant.now().isAfter(deadline)) {
        fail("the reader cache compiled " + cache.getCompiles() + " readers, not " + target + ", within "
            + COMPILE_WAIT + " (" + cache.getCompileFailures() + " failures)");
      }
      Thread.sleep(50);
    }
  }

  private static ReaderCacheMXBean readerCacheMBean() throws Exception {
    ReaderCache.shared(); // loading the cache registers its MBean
    return JMX.newMXBeanProxy(ManagementFactory.getPlatformMBeanServer(),
        new ObjectName("dev.kavro:type=ReaderCache"), ReaderCacheMXBean.class);
  }
}
