/**
 * Internal: turns a plan ({@code dev.kavro.plan}) into Java source within Janino's subset and compiles it. Public only
 * for {@code dev.kavro.cache}: the two generators, the compiler and the debugging view. Not meant for users; may change
 * between releases. {@link dev.kavro.codegen.ReaderGenerator} and {@link dev.kavro.codegen.WriterGenerator} write
 * the per-type code; what their classes share (package, names, imports, constants, chunked methods) is written by
 * {@code ClassSkeleton}.
 *
 * <p>Schema text never enters generated source: names are synthetic ({@code KavroReaderN}, methods {@code mN},
 * constants {@code kN}) and schema-derived values are passed in as constants. The logger
 * {@value dev.kavro.codegen.SourceLegend#LOGGER_NAME} at TRACE prints each compiled class's numbered source with a
 * legend of those names ({@link dev.kavro.codegen.SourceLegend}).
 */
package dev.kavro.codegen;
