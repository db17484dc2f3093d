/**
 * Internal: the resolution plan, an immutable tree that says how bytes of a writer schema become values of a reader
 * schema; both executors (compiled code and the fallback) run it. Public only for {@code dev.kavro.codegen},
 * {@code dev.kavro.fallback}, {@code dev.kavro.cache} and the Connect converter. Not meant for users; may change
 * between releases.
 */
package dev.kavro.plan;
