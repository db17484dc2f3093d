/**
 * API: Confluent's wire format. {@link dev.kavro.wire.WireFormat} frames and unframes payloads (magic byte, schema id
 * or GUID), {@link dev.kavro.wire.SchemaId} is the id it carries. Internal, for Kavro's adapters:
 * {@link dev.kavro.wire.FrameReader} finds a record's id and body without allocating.
 */
package dev.kavro.wire;
