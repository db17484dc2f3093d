/**
 * Leaf operations of the converter's node trees ({@code DirectDecoder}, {@code DirectEncoder}). Public only because
 * the trees live in another package; not meant for users, and may change between releases.
 */
package dev.kavro.connect.runtime;
