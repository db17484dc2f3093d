package dev.kavro.bench.demo;

import dev.kavro.bench.ConnectEngines;
import dev.kavro.bench.data.BenchCase;
import java.util.Arrays;
import java.util.List;

/**
 * The paths the demo compares without the broker, on a case's records in memory: where Kavro's design pays beyond the
 * consumer. Kafka Connect's converter both ways, against the GenericRecord-then-convert path Confluent's
 * {@code AvroConverter} takes (the bench's {@link ConnectEngines}, the same engines its JMH benchmarks time).
 */
final class InMemoryPaths {
  private static final String CONNECT_PEER = "what Confluent's AvroConverter does, on Kavro's Confluent-conformant "
      + "AvroData mapping: ";

  private InMemoryPaths() {}

  /**
   * The pairs for one case. Another adapter's comparison (the Flink format against Flink's own
   * {@code avro-confluent} format) is one more {@link PathPair} in this list.
   */
  static List<PathPair> of(BenchCase benchCase) {
    ConnectEngines connect = new ConnectEngines(benchCase);
    return List.of(
        new PathPair("Connect toConnectData", CONNECT_PEER + "Avro's GenericDatumReader to a GenericRecord, then the "
            + "GenericRecord converted to a Connect Struct.", connect::toConnectKavro, connect::toConnectGeneric,
            i -> connect.toConnectKavro(i).equals(connect.toConnectGeneric(i))),
        new PathPair("Connect fromConnectData", CONNECT_PEER + "the Connect Struct converted to a GenericRecord, then "
            + "written by Avro's GenericDatumWriter.", connect::fromConnectKavro, connect::fromConnectGeneric,
            i -> Arrays.equals(connect.fromConnectKavro(i), connect.fromConnectGeneric(i))));
  }
}
