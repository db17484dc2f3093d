/**
 * The only API that compiled Connect readers and writers call, besides Avro, Connect's data API and
 * {@code dev.kavro.runtime}. Public because generated classes live in their own class loaders; not meant for users,
 * and may change between releases. The node-tree fallbacks call the same helpers.
 */
package dev.kavro.connect.runtime;
