package dev.kavro.serde;

import dev.kavro.registry.SchemaContract;
import java.util.Arrays;
import java.util.UUID;
import org.apache.avro.Schema;
import org.apache.kafka.common.header.Header;
import org.apache.kafka.common.header.Headers;

/**
 * What records of one schema are written as on one topic, as {@link SchemaIdResolver} found it: the schema id, the
 * bytes that carry it (a payload prefix, or a header value with the prefix empty), the registered schema written
 * with, its data contract, and the {@link Transcoder} when that schema is not the records' own. Adapters may extend
 * it with what they add per topic (the serializer its WRITE rules).
 *
 * <p>Immutable and thread-safe; the arrays it returns must not be modified. Internal API for Kavro's adapters.
 */
public class SchemaTarget {
  private final String topic;
  private final String subject;
  private final int id;
  private final UUID guid;
  private final byte[] prefix;
  private final String headerName;
  private final byte[] header;
  private final Schema writeSchema;
  private final SchemaContract contract;
  private final Transcoder transcoder;

  SchemaTarget(String topic, String subject, int id, UUID guid, byte[] prefix, String headerName, byte[] header,
      Schema writeSchema, SchemaContract contract, Transcoder transcoder) {
    this.topic = topic;
    this.subject = subject;
    this.id = id;
    this.guid = guid;
    this.prefix = prefix;
    this.headerName = headerName;
    this.header = header;
    this.writeSchema = writeSchema;
    this.contract = contract;
    this.transcoder = transcoder;
  }

  /** A copy of {@code resolved}, for an adapter's subclass. */
  protected SchemaTarget(SchemaTarget resolved) {
    this(resolved.topic, resolved.subject, resolved.id, resolved.guid, resolved.prefix, resolved.headerName,
        resolved.header, resolved.writeSchema, resolved.contract, resolved.transcoder);
  }

  public final String topic() {
    return topic;
  }

  /** The subject the id was found under, qualified with the topic's context. */
  public final String subject() {
    return subject;
  }

  public final int id() {
    return id;
  }

  /** The schema's GUID, or {@code null} where the registry returned none. */
  public final UUID guid() {
    return guid;
  }

  /** What goes before the Avro body: {@code 0x00} + the id, or nothing when the id travels in a header. */
  public final byte[] prefix() {
    return prefix;
  }

  /** The schema id header's value ({@code 0x01} + GUID), or {@code null} when the id is in the prefix. */
  public final byte[] header() {
    return header;
  }

  /** The registered schema the body is written in. */
  public final Schema writeSchema() {
    return writeSchema;
  }

  /** The data contract of {@link #writeSchema}, as Confluent picks it: a plain lookup carries none. */
  public final SchemaContract contract() {
    return contract;
  }

  /** How to write a value of the records' schema in {@link #writeSchema}, or {@code null} when they encode alike. */
  public final Transcoder transcoder() {
    return transcoder;
  }

  /**
   * Adds the schema id header to {@code headers} when the id travels in one; as Confluent's header serializer, the
   * same header with the same value is not added twice.
   */
  public final void addHeaderTo(Headers headers) {
    if (header == null) {
      return;
    }
    Header existing = headers.lastHeader(headerName);
    if (existing == null || !Arrays.equals(existing.value(), header)) {
      headers.add(headerName, header);
    }
  }
}
