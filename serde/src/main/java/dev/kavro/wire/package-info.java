/**
 * API: Confluent's wire format. {@link dev.kavro.wire.WireFormat} frames and unframes payloads (magic byte, schema id
 * or GUID), {@link dev.kavro.wire.SchemaId} is the id it carries.
 */
package dev.kavro.wire;
