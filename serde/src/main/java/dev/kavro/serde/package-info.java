/**
 * API: the Kafka serdes. {@link dev.kavro.serde.KavroSerializer} and {@link dev.kavro.serde.KavroDeserializer}, their
 * configuration {@link dev.kavro.serde.KavroSerdeConfig} (Confluent's keys plus {@code kavro.*}), and the strategies
 * a configuration may name: {@link dev.kavro.serde.SubjectNameStrategy} with {@link dev.kavro.serde.TopicNameStrategy},
 * {@link dev.kavro.serde.RecordNameStrategy} and {@link dev.kavro.serde.TopicRecordNameStrategy}, and
 * {@link dev.kavro.serde.ContextNameStrategy}.
 *
 * <p>Internal API, public only for Kavro's adapters (the serdes, the Connect converter, the Flink format), which
 * call them rather than copy them, so that a key does the same in each: {@link dev.kavro.serde.SchemaIdTable} (a
 * record's framing to the adapter's entry for its writer schema), {@link dev.kavro.serde.SchemaIdResolver} with
 * {@link dev.kavro.serde.SchemaTarget} and {@link dev.kavro.serde.TopicTargets} (the schema id a writer uses),
 * {@link dev.kavro.serde.Transcoder}, {@link dev.kavro.serde.SubjectNames}, {@link dev.kavro.serde.AdapterErrors},
 * and {@link dev.kavro.serde.KavroSerdeConfig#applyCacheSettings}. Everything else is package-private.
 */
package dev.kavro.serde;
