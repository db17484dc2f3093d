/**
 * Internal: Confluent's {@code AvroData} mapping between Connect and Avro schemas and values. Public only for
 * {@code dev.kavro.connect} and Kavro's benchmarks; not meant for users, and may change between releases.
 */
package dev.kavro.connect.data;
