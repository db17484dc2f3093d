/**
 * Internal: what runs in Flink's tasks for Kavro's format and DataStream schemas. {@link
 * dev.kavro.flink.runtime.FormatConfig} is what a format instance was configured with (serializable, shipped to the
 * tasks); in {@code open()} a task takes the task manager's registry client for that configuration from {@link
 * dev.kavro.flink.runtime.SharedRegistries} and builds its {@link dev.kavro.flink.runtime.RecordDecoder} or {@link
 * dev.kavro.flink.runtime.RecordEncoder} on the core's {@code SchemaIdTable} and {@code SchemaIdResolver}, with the
 * RowData codec of {@link dev.kavro.flink.row} or the core's {@code KavroDeserializer}/{@code KavroSerializer}.
 * Public only for Kavro's Flink classes; not meant for users; may change between releases.
 */
package dev.kavro.flink.runtime;
