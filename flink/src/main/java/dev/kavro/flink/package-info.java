/**
 * Kavro's Avro format for Flink: Confluent-framed Avro decoded straight into Flink's {@code RowData} and encoded
 * straight from it, on Kavro's core. The API: the Table/SQL format {@code kavro} ({@link
 * dev.kavro.flink.KavroFormatFactory}, its options {@link dev.kavro.flink.KavroFormatOptions} and {@link
 * dev.kavro.flink.TimestampMapping}), and the DataStream schemas {@link dev.kavro.flink.KavroDeserializationSchema},
 * {@link dev.kavro.flink.KavroSerializationSchema}, {@link dev.kavro.flink.KavroKafkaRecordDeserializationSchema} and
 * {@link dev.kavro.flink.KavroKafkaRecordSerializationSchema}. The other classes of this package are package-private;
 * {@code dev.kavro.flink.row} (the codec) and {@code dev.kavro.flink.runtime} (what runs in the tasks) are internal.
 * The guide is {@code docs/flink.md}.
 */
package dev.kavro.flink;
