/**
 * Internal: the only API that generated readers and writers call. Public because generated classes live in their own
 * class loaders, and for Kavro's serdes and Connect converter (the decoders and encoders, and their per-thread pools
 * {@link dev.kavro.runtime.ThreadScratch} and {@link dev.kavro.runtime.EncoderPool}); not meant for users, and may
 * change between releases.
 *
 * <p>The fallback interpreter calls the same helpers, so both executors share one definition of every leaf
 * operation.
 */
package dev.kavro.runtime;
