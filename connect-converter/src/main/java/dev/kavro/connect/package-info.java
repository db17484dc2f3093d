/**
 * API: {@link dev.kavro.connect.KavroConverter}, a Kafka Connect {@code Converter} and {@code HeaderConverter}, and
 * its configuration {@link dev.kavro.connect.KavroConverterConfig}. Everything else in this package (the decoders,
 * encoders, caches and generators) is package-private.
 */
package dev.kavro.connect;
