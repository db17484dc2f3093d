/**
 * API: the Kafka serdes. {@link dev.kavro.serde.KavroSerializer} and {@link dev.kavro.serde.KavroDeserializer}, their
 * configuration {@link dev.kavro.serde.KavroSerdeConfig} (Confluent's keys plus {@code kavro.*}), and the strategies
 * a configuration may name: {@link dev.kavro.serde.SubjectNameStrategy} with {@link dev.kavro.serde.TopicNameStrategy},
 * {@link dev.kavro.serde.RecordNameStrategy} and {@link dev.kavro.serde.TopicRecordNameStrategy}, and
 * {@link dev.kavro.serde.ContextNameStrategy}. Internal: {@code SchemaLookups} is public only for the Connect
 * converter; everything else is package-private.
 */
package dev.kavro.serde;
