/**
 * API: Kafka Streams serdes. {@link dev.kavro.streams.GenericKavroSerde}, {@link dev.kavro.streams.SpecificKavroSerde}
 * and the {@link dev.kavro.streams.KavroSerdes} factory; the wrappers they share are package-private.
 */
package dev.kavro.streams;
