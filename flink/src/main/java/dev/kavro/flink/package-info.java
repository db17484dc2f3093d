/**
 * Kavro's Avro format for Flink: Confluent-framed Avro decoded straight into Flink's {@code RowData} and encoded
 * straight from it, on Kavro's resolution plans. The codec itself is in {@link dev.kavro.flink.row}.
 */
package dev.kavro.flink;
