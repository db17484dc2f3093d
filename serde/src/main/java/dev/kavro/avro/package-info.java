/**
 * API: {@link dev.kavro.avro.KavroDatumReader} and {@link dev.kavro.avro.KavroDatumWriter}, Avro
 * {@code DatumReader}/{@code DatumWriter}s that read and write with compiled code, for use without Kafka, and
 * {@link dev.kavro.avro.CompileMode}, which chooses between compiled code and the fallback for readers and writers.
 */
package dev.kavro.avro;
