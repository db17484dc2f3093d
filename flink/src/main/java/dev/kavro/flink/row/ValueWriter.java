package dev.kavro.flink.row;

import dev.kavro.runtime.ByteArrayEncoder;

/**
 * Writes one non-null value in Flink's internal form ({@code StringData}, {@code DecimalData}, {@code ArrayData}...).
 * Immutable and thread-safe; failures are runtime exceptions, as Flink's serialization schemas declare none.
 */
interface ValueWriter {
  void write(Object value, ByteArrayEncoder out);
}
