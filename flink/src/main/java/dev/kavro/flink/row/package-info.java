/**
 * Internal: the codec between Avro binary data and Flink's internal rows. {@link dev.kavro.flink.row.RowDecoder}
 * resolves a writer schema against a reader schema derived from the produced row type with Kavro's plan builder and
 * runs the plan as a tree of readers emitting {@code GenericRowData}; {@link dev.kavro.flink.row.RowEncoder} writes
 * {@code RowData} straight into Kavro's byte-array encoder; {@link dev.kavro.flink.row.RowSchemas} gives the
 * table-derived writer schema. Public only for Kavro's Flink format; not meant for users; may change between
 * releases. The type mapping is in {@code docs/flink-type-mapping.md}.
 */
package dev.kavro.flink.row;
