package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.kavro.registry.SchemaRegistries;
import dev.kavro.registry.SchemaRegistry;
import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericRecord;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Both Flink formats reading over HTTP from a registry that goes down mid-read: the schema ids a running job has
 * fetched keep decoding, and an id it has not fetched fails Kavro's job with a clear error, not a skipped record.
 */
@ExtendWith({FlinkClassPath.class, RealServers.class})
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FlinkFormatsRegistryOutageIT {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = FlinkSql.miniCluster();

  private static final Schema USER = new Schema.Parser().parse("""
      {"type":"record","name":"User","namespace":"com.acme","fields":[
        {"name":"id","type":"int"},{"name":"name","type":"string"}]}""");
  private static final String COLUMNS = "id INT NOT NULL, name STRING NOT NULL";

  @Test
  void fetchedSchemaIdsKeepDecodingWhileTheRegistryIsDown(ServerPair servers) throws Exception {
    assumeTrue(servers.canRestartRegistry(), "this pair does not script registry outages: " + servers.description());
    String topic = "flink-outage-" + UUID.randomUUID();
    TopicDrain.createTopics(servers.bootstrapServers(), topic);
    int id;
    try (SchemaRegistry registry = SchemaRegistries.create(Map.of("schema.registry.url", servers.registryUrl()))) {
      id = registry.register(topic + "-value", USER, false);
    }
    produce(servers, topic, id, 0, 3);

    FlinkSql sql = FlinkSql.streaming(servers);
    sql.createTable("users_kavro", COLUMNS, topic, FlinkSql.KAVRO);
    sql.createTable("users_flink", COLUMNS, topic, FlinkSql.AVRO_CONFLUENT);
    sql.read("users_kavro");
    sql.read("users_flink");
    try (FlinkSql.Reads reads = sql.start()) {
      assertEquals(List.of(0, 1, 2), ids(reads.take("users_kavro", 3)));
      assertEquals(List.of(0, 1, 2), ids(reads.take("users_flink", 3)));
      servers.killRegistry();
      try {
        produce(servers, topic, id, 3, 6);
        assertEquals(List.of(3, 4, 5), ids(reads.take("users_kavro", 3)), "kavro, registry down");
        assertEquals(List.of(3, 4, 5), ids(reads.take("users_flink", 3)), "avro-confluent, registry down");
        reads.cancel();
        assertAnUnfetchedIdFailsKavrosJob(servers, topic, id);
      } finally {
        servers.restartRegistry();
      }
    }
  }

  /**
   * A new job has fetched no id yet: with the registry still down, its first record fails the job, naming the topic
   * and the id, even with ignore-parse-errors (the records are good; skipping them would lose them).
   */
  private static void assertAnUnfetchedIdFailsKavrosJob(ServerPair servers, String topic, int id) {
    FlinkSql sql = FlinkSql.batch(servers);
    sql.createTable("users_later", COLUMNS, topic, FlinkSql.KAVRO, "ignore-parse-errors", "true");
    sql.read("users_later");
    Exception e = assertThrows(Exception.class, sql::collect);
    String causes = FlinkSql.causes(e);
    assertTrue(causes.contains("topic '" + topic + "'") && causes.contains("schema id " + id), causes);
  }

  /** Records {@code [from, to)} framed with {@code id} by hand: no serializer, so no registry call. */
  private static void produce(ServerPair servers, String topic, int id, int from, int to) throws Exception {
    try (KafkaProducer<Long, byte[]> producer = KafkaClients.rawProducer(servers)) {
      KafkaClients.sendAll(producer, topic, from, to, k -> framed(id, user((int) k)));
    }
  }

  private static byte[] framed(int id, GenericRecord user) {
    try {
      byte[] body = VanillaAvro.encode(USER, user);
      return ByteBuffer.allocate(5 + body.length).put((byte) 0).putInt(id).put(body).array();
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  private static GenericRecord user(int id) {
    GenericData.Record user = new GenericData.Record(USER);
    user.put("id", id);
    user.put("name", "user " + id);
    return user;
  }

  private static List<Integer> ids(List<RowData> rows) {
    return rows.stream().map(row -> row.getInt(0)).toList();
  }
}
