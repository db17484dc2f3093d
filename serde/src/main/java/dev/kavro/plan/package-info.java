/**
 * Internal: the resolution plan, an immutable tree that says how bytes of a writer schema become values of a reader
 * schema; both executors (compiled code and the fallback) run it. Public only for {@code dev.kavro.codegen},
 * {@code dev.kavro.fallback}, {@code dev.kavro.cache} and the adapters (the Connect converter, Flink), which run the
 * same plans into their own values. Not meant for users; may change between releases.
 *
 * <p>{@link dev.kavro.plan.ScalarKind} and {@link dev.kavro.plan.Nullable} are the shared vocabulary of every
 * executor that reads plain scalars, and unions of null and one value, by a switch instead of a node per field.
 */
package dev.kavro.plan;
