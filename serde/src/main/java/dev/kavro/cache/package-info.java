/**
 * Internal: the bounded caches of compiled readers and writers and their background compilation. Public only for
 * {@code dev.kavro.serde} and {@code dev.kavro.avro} (and the Connect converter, which sizes the shared reader cache
 * from its config and counts and registers its own caches with {@link dev.kavro.cache.RecordCounter} and
 * {@link dev.kavro.cache.Jmx}), and for JMX: {@link dev.kavro.cache.ReaderCacheMXBean} and
 * {@link dev.kavro.cache.WriterCacheMXBean} (with what they share, {@link dev.kavro.cache.CompilingCacheMXBean}) are
 * the attributes of {@code dev.kavro:type=ReaderCache} and {@code WriterCache} (and, implemented by the Connect
 * converter, of {@code ConnectReaderCache} and {@code ConnectWriterCache}), which monitoring may rely on.
 * Everything else may change between releases.
 *
 * <p>Every successful compile logs one DEBUG line on {@code dev.kavro.cache.CompiledSlot}; see
 * {@link dev.kavro.codegen.SourceLegend} for the generated source at TRACE.
 */
package dev.kavro.cache;
