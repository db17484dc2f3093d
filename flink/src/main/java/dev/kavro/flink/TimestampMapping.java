package dev.kavro.flink;

/**
 * How Flink's timestamp types map to Avro's, on both the read and the write side. See {@code docs/flink-type-mapping.md}
 * for the whole table.
 */
public enum TimestampMapping {
  /**
   * Exact (the default): {@code TIMESTAMP(p)} and {@code TIMESTAMP_LTZ(p)} are written as {@code timestamp-millis}
   * for {@code p <= 3} and {@code timestamp-micros} above; on read, every Avro timestamp unit ({@code timestamp-*},
   * {@code local-timestamp-*}: millis, micros, nanos) keeps its full value in {@code TimestampData}.
   */
  CORRECT,
  /**
   * Identical to Flink's {@code avro-confluent} format: {@code TIMESTAMP(p <= 3)} only, written as
   * {@code timestamp-millis}; every Avro long read into a timestamp column is taken as epoch milliseconds (so
   * {@code timestamp-micros} data reads 1000 times too large, as Flink reads it); {@code TIMESTAMP_LTZ}, and
   * {@code TIMESTAMP} or {@code TIME} above precision 3, are rejected when the codec is built.
   */
  LEGACY
}
