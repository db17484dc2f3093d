package dev.kavro.bench.demo;

import dev.kavro.bench.ConnectEngines;
import dev.kavro.bench.data.BenchCase;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The paths the demo compares without the broker, on a case's records in memory: where Kavro's design pays beyond the
 * consumer. Kafka Connect's converter both ways, against the GenericRecord-then-convert path Confluent's
 * {@code AvroConverter} takes (the bench's {@link ConnectEngines}, the same engines its JMH benchmarks time).
 */
final class InMemoryPaths {
  private InMemoryPaths() {}

  /**
   * The pairs for one case. Another adapter's comparison (the Flink format against Flink's own
   * {@code avro-confluent} format) is one more {@link PathPair} added here.
   */
  static List<PathPair> of(BenchCase benchCase) {
    ConnectEngines connect = new ConnectEngines(benchCase);
    List<PathPair> paths = new ArrayList<>();
    paths.add(new ToConnect(connect));
    paths.add(new FromConnect(connect));
    return paths;
  }

  private static final String CONNECT_PEER = "what Confluent's AvroConverter does, on Kavro's Confluent-conformant "
      + "AvroData mapping: ";

  /** {@code KavroConverter.toConnectData} against Avro's reader to a {@code GenericRecord}, then the conversion. */
  private record ToConnect(ConnectEngines engines) implements PathPair {
    @Override
    public String name() {
      return "Connect toConnectData";
    }

    @Override
    public String peerDescription() {
      return CONNECT_PEER + "Avro's GenericDatumReader to a GenericRecord, then the GenericRecord converted to a "
          + "Connect Struct.";
    }

    @Override
    public Object kavro(int i) {
      return engines.toConnectKavro(i);
    }

    @Override
    public Object peer(int i) throws Exception {
      return engines.toConnectGeneric(i);
    }

    @Override
    public boolean sameResult(int i) throws Exception {
      return engines.toConnectKavro(i).equals(engines.toConnectGeneric(i));
    }
  }

  /** {@code KavroConverter.fromConnectData} against the conversion to a {@code GenericRecord}, then Avro's writer. */
  private record FromConnect(ConnectEngines engines) implements PathPair {
    @Override
    public String name() {
      return "Connect fromConnectData";
    }

    @Override
    public String peerDescription() {
      return CONNECT_PEER + "the Connect Struct converted to a GenericRecord, then written by Avro's "
          + "GenericDatumWriter.";
    }

    @Override
    public Object kavro(int i) {
      return engines.fromConnectKavro(i);
    }

    @Override
    public Object peer(int i) throws Exception {
      return engines.fromConnectGeneric(i);
    }

    @Override
    public boolean sameResult(int i) throws Exception {
      return Arrays.equals(engines.fromConnectKavro(i), engines.fromConnectGeneric(i));
    }
  }
}
