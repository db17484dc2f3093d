package dev.kavro.bench;

import dev.kavro.bench.data.BenchCase;
import io.confluent.ksql.bench.MetricsRecord;
import java.io.IOException;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.io.DatumReader;
import org.apache.avro.io.Decoder;

/**
 * A second reference limit, for a string-bound case: {@code ksql-metrics.avsc} read by hand into
 * {@code GenericData.Record}s (15 {@code Utf8} strings, a long and an int per record), with no resolution and no
 * dispatch. Building those results is most of the work for every reader, so this bounds what any reader, Kavro
 * included, can gain over Avro's on such schemas. Results compare equal to Avro's.
 */
final class HandWrittenKsqlMetricsReader implements DatumReader<Object> {
  private static final String FULL_NAME = MetricsRecord.getClassSchema().getFullName();

  private final Schema metrics;
  private final Schema metric;

  HandWrittenKsqlMetricsReader(Schema metrics) {
    this.metrics = metrics;
    this.metric = metrics.getField("metric").schema();
  }

  static boolean applies(BenchCase c) {
    return c.writer.getFullName().equals(FULL_NAME) && c.sameSchema() && !c.isSpecific();
  }

  @Override
  public void setSchema(Schema schema) {
    throw new UnsupportedOperationException("Reads ksql-metrics.avsc only");
  }

  @Override
  public Object read(Object reuse, Decoder in) throws IOException {
    GenericData.Record r = new GenericData.Record(metrics);
    r.put(0, in.readString(null));
    r.put(1, in.readString(null));
    GenericData.Record m = new GenericData.Record(metric);
    m.put(0, in.readString(null));
    m.put(1, in.readString(null));
    m.put(2, in.readString(null));
    m.put(3, in.readLong());
    m.put(4, in.readString(null));
    m.put(5, in.readString(null));
    m.put(6, in.readString(null));
    m.put(7, in.readString(null));
    m.put(8, in.readString(null));
    m.put(9, in.readString(null));
    m.put(10, in.readString(null));
    m.put(11, in.readString(null));
    m.put(12, in.readString(null));
    r.put(2, m);
    r.put(3, in.readInt());
    return r;
  }
}
