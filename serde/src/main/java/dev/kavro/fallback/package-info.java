/**
 * Internal: {@link dev.kavro.fallback.PlanInterpreter} executes a resolution plan without compiling it; it serves a
 * pair until its compiled reader is ready, for good in {@code fallback} mode, and where code generation is refused.
 * Public only for {@code dev.kavro.cache}. Not meant for users; may change between releases.
 */
package dev.kavro.fallback;
