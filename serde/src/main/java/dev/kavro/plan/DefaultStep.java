package dev.kavro.plan;

import org.apache.avro.Schema;
import org.apache.avro.util.Utf8;

/**
 * Fills a reader field that the writer lacks. Mirrors Avro's fast reader so that results are equal and no mutable
 * default is ever shared between records: immutable values are shared, a {@code Utf8} is copied, empty collections
 * are fresh, and anything else is decoded again from its pre-encoded bytes for every record.
 *
 * @param pos the reader field position
 * @param kind how the value is produced
 * @param shared the value for {@link Kind#SHARED} and {@link Kind#UTF8}
 * @param collectionSchema the array schema for {@link Kind#EMPTY_ARRAY}
 * @param encoded the binary encoding of the default for {@link Kind#DECODE}
 * @param plan the plan that decodes {@code encoded}
 */
public record DefaultStep(int pos, Kind kind, Object shared, Schema collectionSchema, byte[] encoded, ReadPlan plan) {

  /** How a default value is produced. */
  public enum Kind { SHARED, UTF8, EMPTY_ARRAY, EMPTY_MAP, DECODE }

  static DefaultStep shared(int pos, Object value) {
    return new DefaultStep(pos, Kind.SHARED, value, null, null, null);
  }

  static DefaultStep utf8(int pos, Utf8 value) {
    return new DefaultStep(pos, Kind.UTF8, value, null, null, null);
  }

  static DefaultStep emptyArray(int pos, Schema arraySchema) {
    return new DefaultStep(pos, Kind.EMPTY_ARRAY, null, arraySchema, null, null);
  }

  static DefaultStep emptyMap(int pos) {
    return new DefaultStep(pos, Kind.EMPTY_MAP, null, null, null, null);
  }

  static DefaultStep decode(int pos, byte[] encoded, ReadPlan plan) {
    return new DefaultStep(pos, Kind.DECODE, null, null, encoded.clone(), plan);
  }

  /** Whether the previous value at {@link #pos} is passed in as reuse. */
  public boolean reusesOldValue() {
    return kind != Kind.SHARED;
  }
}
