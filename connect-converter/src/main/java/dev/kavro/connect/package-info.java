/**
 * API: {@link dev.kavro.connect.KavroConverter}, a Kafka Connect {@code Converter} and {@code HeaderConverter}, and
 * its configuration {@link dev.kavro.connect.KavroConverterConfig}. Everything else in this package (the node-tree
 * decoders and encoders, and the generic path) is package-private.
 */
package dev.kavro.connect;
