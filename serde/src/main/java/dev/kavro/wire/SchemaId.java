package dev.kavro.wire;

import java.util.Objects;
import java.util.UUID;

/**
 * The schema reference carried by a Kafka record: either a registry-wide integer id (the Confluent V0 form) or a
 * 16-byte GUID (the Confluent 8 V1 form).
 *
 * <p>Immutable and thread-safe.
 */
public final class SchemaId {
  private final int id;
  private final UUID guid;

  private SchemaId(int id, UUID guid) {
    this.id = id;
    this.guid = guid;
  }

  /** An integer schema id. */
  public static SchemaId ofId(int id) {
    return new SchemaId(id, null);
  }

  /**
   * A GUID schema id.
   *
   * @throws NullPointerException if {@code guid} is null
   */
  public static SchemaId ofGuid(UUID guid) {
    return new SchemaId(-1, Objects.requireNonNull(guid, "guid"));
  }

  /** Whether this is the GUID form. */
  public boolean isGuid() {
    return guid != null;
  }

  /**
   * The integer id.
   *
   * @throws IllegalStateException if this is the GUID form
   */
  public int id() {
    if (guid != null) {
      throw new IllegalStateException("Schema id " + this + " is a GUID, not an integer id");
    }
    return id;
  }

  /**
   * The GUID.
   *
   * @throws IllegalStateException if this is the integer form
   */
  public UUID guid() {
    if (guid == null) {
      throw new IllegalStateException("Schema id " + this + " is an integer id, not a GUID");
    }
    return guid;
  }

  @Override
  public boolean equals(Object o) {
    return o instanceof SchemaId other && id == other.id && Objects.equals(guid, other.guid);
  }

  @Override
  public int hashCode() {
    return guid != null ? guid.hashCode() : Integer.hashCode(id);
  }

  /** {@code 42} for an id, {@code guid 0b4f...} for a GUID; used in error messages. */
  @Override
  public String toString() {
    return guid != null ? "guid " + guid : Integer.toString(id);
  }
}
