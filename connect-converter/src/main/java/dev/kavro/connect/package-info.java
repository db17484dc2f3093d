/**
 * API: {@link dev.kavro.connect.KavroConverter}, a Kafka Connect {@code Converter} and {@code HeaderConverter}, and
 * its configuration {@link dev.kavro.connect.KavroConverterConfig}. Everything else in this package (the interpreters,
 * {@code ConnectReadInterpreter} and {@code ConnectWriteInterpreter}, which execute node trees built once per schema,
 * the reference generic path, and the JMX view of the converter's caches) is package-private.
 */
package dev.kavro.connect;
