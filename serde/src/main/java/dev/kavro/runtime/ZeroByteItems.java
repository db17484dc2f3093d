package dev.kavro.runtime;

import org.apache.avro.SystemLimitException;
import org.apache.avro.io.Decoder;

/**
 * The cap on array elements that take no bytes on the wire (nulls, records without fields) in one datum. Every other
 * value takes at least one byte, so the payload's length bounds how many there are; these are bounded by a block's
 * count alone, and a few bytes could otherwise claim millions of records. Avro's own cap
 * ({@code org.apache.avro.limits.collectionItems.maxAllocation}, a quarter of the heap by default) still applies too.
 *
 * <p>The limit is the system property {@value #MAX_ITEMS_PROPERTY} (default {@value #DEFAULT_MAX_ITEMS}, about 5 MB of
 * empty records), counted over the whole datum when it is read from bytes in memory ({@link ByteArrayDecoder}: the
 * serdes, the converter); a stream decoder has Avro's cap only.
 */
public final class ZeroByteItems {
  public static final String MAX_ITEMS_PROPERTY = "kavro.limits.zeroByteItems.maxLength";
  public static final long DEFAULT_MAX_ITEMS = 100_000;
  public static final long MAX_ITEMS = Math.max(0, Long.getLong(MAX_ITEMS_PROPERTY, DEFAULT_MAX_ITEMS));

  private ZeroByteItems() {}

  static void add(Decoder in, long count) {
    if (in instanceof ByteArrayDecoder bytes) {
      bytes.addZeroByteItems(count);
    }
  }

  static SystemLimitException tooMany(long items) {
    return new SystemLimitException("Arrays of elements that take no bytes hold " + items + " elements in one datum, "
        + "more than the limit of " + MAX_ITEMS + " (system property " + MAX_ITEMS_PROPERTY + ")");
  }
}
