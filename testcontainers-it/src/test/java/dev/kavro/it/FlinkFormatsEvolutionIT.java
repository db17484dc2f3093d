package dev.kavro.it;

import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.kavro.serde.KavroSerializer;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.apache.flink.table.data.RowData;
import org.apache.flink.test.junit5.MiniClusterExtension;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Random schema evolutions read through both Flink formats in one job, over the real broker and registry: data written
 * with a random writer schema, read as the table type of a reader schema evolved from it. Kavro reads what vanilla
 * Avro resolves; where Flink's {@code avro-confluent} reads the records, Kavro's legacy mapping reads the same rows;
 * where Flink fails, Kavro's rows are still Avro's (see {@link FlinkEvolution}).
 */
@ExtendWith({FlinkClassPath.class, RealServers.class})
@Timeout(value = 180, unit = TimeUnit.SECONDS)
class FlinkFormatsEvolutionIT {
  @RegisterExtension
  static final MiniClusterExtension CLUSTER = FlinkSql.miniCluster();

  private static final int PAIRS = 30;
  private static final int RECORDS = 5;

  @Test
  void randomEvolutionsReadAsAvroResolvesThemAndAsFlinkReadsThemWhereItCan(ServerPair servers) throws Exception {
    String prefix = "flink-evolution-" + UUID.randomUUID();
    List<FlinkEvolution> pairs = new ArrayList<>();
    for (long seed = 0; pairs.size() < PAIRS; seed++) {
      FlinkEvolution pair = FlinkEvolution.of(seed, prefix);
      if (pair != null) {
        pairs.add(pair);
      }
    }
    TopicDrain.createTopics(servers.bootstrapServers(),
        pairs.stream().map(FlinkEvolution::topic).toArray(String[]::new));
    FlinkEvolution.Tally tally = new FlinkEvolution.Tally();
    write(servers, pairs, tally);

    FlinkSql sql = FlinkSql.batch(servers);
    for (FlinkEvolution pair : pairs) {
      if (pair.registered()) {
        pair.plan(sql, tally);
      }
    }
    Map<String, List<RowData>> read = sql.collect();
    for (FlinkEvolution pair : pairs) {
      if (pair.registered()) {
        pair.check(read, tally);
      }
    }

    System.out.println("Flink evolution pairs: " + tally);
    assertTrue(tally.pairs >= PAIRS * 3 / 4 && tally.rows > 60 && tally.sameAsFlink > 30
        && tally.flinkFailsKavroReads > 5, tally.toString());
  }

  private static void write(ServerPair servers, List<FlinkEvolution> pairs, FlinkEvolution.Tally tally)
      throws Exception {
    Random random = new Random(20261202);
    try (KavroSerializer serializer = new KavroSerializer();
        KafkaProducer<Long, byte[]> producer = KafkaClients.rawProducer(servers)) {
      serializer.configure(Map.of("schema.registry.url", servers.registryUrl()), false);
      for (FlinkEvolution pair : pairs) {
        if (!pair.write(serializer, random, RECORDS)) {
          tally.refusedByRegistry++;
          continue;
        }
        tally.pairs++;
        for (byte[] record : pair.records()) {
          producer.send(new ProducerRecord<>(pair.topic(), null, record));
        }
      }
      producer.flush();
    }
  }
}
