package dev.kavro.bench.demo;

import dev.kavro.bench.ConnectEngines;
import dev.kavro.bench.data.BenchCase;
import dev.kavro.bench.flink.FlinkCase;
import dev.kavro.bench.flink.FlinkEngines;
import java.util.Arrays;
import java.util.List;

/**
 * The paths the demo compares without the broker, on a case's records in memory: where Kavro's design pays beyond the
 * consumer. Kafka Connect's converter both ways, against the GenericRecord-then-convert path Confluent's
 * {@code AvroConverter} takes (the bench's {@link ConnectEngines}, the same engines its JMH benchmarks time); and
 * decoding into Flink's rows, Kavro's RowData path against Flink's own {@code avro-confluent} classes (the bench's
 * {@link FlinkEngines}).
 */
final class InMemoryPaths {
  private static final String CONNECT_PEER = "what Confluent's AvroConverter does, on Kavro's Confluent-conformant "
      + "AvroData mapping: ";
  private static final String FLINK_PEER = "Flink's own avro-confluent format classes (flink-avro 2.3.0 from Maven "
      + "Central: AvroRowDataDeserializationSchema over RegistryAvroDeserializationSchema) on the demo's Avro 1.12.2, "
      + "with a fixed schema coder in place of Confluent's registry client, reading what a Flink table of the case "
      + "writes (fields Flink cannot map, such as unions of several non-null branches, are not in the table); both "
      + "sides end with RowDataSerializer.toBinaryRow, Flink's first network hop. Kavro's side is its RowData decoder "
      + "as its Flink format runs it. Flink's SQL jar build (Avro 1.11.4) is in the ratio runner's Flink table.";

  private InMemoryPaths() {}

  /** The pairs for one case. */
  static List<PathPair> of(BenchCase benchCase) {
    ConnectEngines connect = new ConnectEngines(benchCase);
    FlinkEngines flink = new FlinkEngines(FlinkCase.of(benchCase));
    // Flink's registry client has what it needs once the engines are built; the decode pair calls no registry.
    flink.close();
    return List.of(
        new PathPair("Connect toConnectData", CONNECT_PEER + "Avro's GenericDatumReader to a GenericRecord, then the "
            + "GenericRecord converted to a Connect Struct.", connect::toConnectKavro, connect::toConnectGeneric,
            i -> connect.toConnectKavro(i).equals(connect.toConnectGeneric(i))),
        new PathPair("Connect fromConnectData", CONNECT_PEER + "the Connect Struct converted to a GenericRecord, then "
            + "written by Avro's GenericDatumWriter.", connect::fromConnectKavro, connect::fromConnectGeneric,
            i -> Arrays.equals(connect.fromConnectKavro(i), connect.fromConnectGeneric(i))),
        new PathPair("Flink decode to RowData", FLINK_PEER, flink::decodeKavro, flink::decodeFlink,
            i -> flink.sameRow(flink.decodeKavro(i).copy(), flink.decodeFlink(i).copy())));
  }
}
