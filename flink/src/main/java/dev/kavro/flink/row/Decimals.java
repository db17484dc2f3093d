package dev.kavro.flink.row;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import org.apache.flink.table.data.DecimalData;

/**
 * Decimals between Avro's unscaled two's-complement bytes and Flink's {@code DecimalData}. A value whose writer scale
 * differs from the target's is rescaled exactly: one that would lose digits, or does not fit the target precision, is
 * an error, never rounded (Flink's own path reads the unscaled value at the column's scale, off by a power of ten, and
 * turns a value too large for the column into null).
 */
final class Decimals {
  private static final int MAX_COMPACT_PRECISION = 18;
  private static final long[] POW10 = new long[MAX_COMPACT_PRECISION + 1];

  static {
    POW10[0] = 1;
    for (int i = 1; i < POW10.length; i++) {
      POW10[i] = POW10[i - 1] * 10;
    }
  }

  private Decimals() {}

  /**
   * The DECIMAL(precision, scale) value of {@code unscaled} at {@code writerScale}. Compact values of up to 8 bytes at
   * the column's own scale take no BigInteger.
   *
   * @throws ArithmeticException if the bytes are empty, or the value loses digits or overflows the precision
   */
  static DecimalData read(byte[] unscaled, int writerScale, int precision, int scale) {
    if (unscaled.length == 0) {
      throw new ArithmeticException("A decimal value without bytes");
    }
    if (writerScale == scale && precision <= MAX_COMPACT_PRECISION && unscaled.length <= 8) {
      long value = unscaled[0];
      for (int i = 1; i < unscaled.length; i++) {
        value = (value << 8) | (unscaled[i] & 0xff);
      }
      if (value <= -POW10[precision] || value >= POW10[precision]) {
        throw tooManyDigits(BigDecimal.valueOf(value, scale), precision, scale);
      }
      return DecimalData.fromUnscaledLong(value, precision, scale);
    }
    return fit(new BigDecimal(new BigInteger(unscaled), writerScale), precision, scale);
  }

  /**
   * {@code value} at exactly {@code scale} and within {@code precision}.
   *
   * @throws ArithmeticException if that would lose digits or overflow the precision
   */
  static BigDecimal rescale(BigDecimal value, int precision, int scale) {
    BigDecimal scaled;
    try {
      scaled = value.setScale(scale, RoundingMode.UNNECESSARY);
    } catch (ArithmeticException e) {
      throw new ArithmeticException("The decimal " + value.toPlainString() + " has more than " + scale
          + " digits after the point: DECIMAL(" + precision + ", " + scale + ") would lose digits");
    }
    if (scaled.precision() > precision) {
      throw tooManyDigits(value, precision, scale);
    }
    return scaled;
  }

  private static DecimalData fit(BigDecimal value, int precision, int scale) {
    return DecimalData.fromBigDecimal(rescale(value, precision, scale), precision, scale);
  }

  private static ArithmeticException tooManyDigits(BigDecimal value, int precision, int scale) {
    return new ArithmeticException("The decimal " + value.toPlainString() + " does not fit DECIMAL(" + precision
        + ", " + scale + ")");
  }

  /**
   * The unscaled bytes of {@code value} at the writer's {@code scale} and {@code precision}, minimal as
   * {@code BigInteger.toByteArray} gives them.
   *
   * @throws ArithmeticException if rescaling loses digits or overflows the writer's precision
   */
  static byte[] unscaledBytes(DecimalData value, int precision, int scale) {
    if (value.scale() == scale && value.isCompact() && value.precision() <= precision) {
      return minimalBytes(value.toUnscaledLong());
    }
    return rescale(value.toBigDecimal(), precision, scale).unscaledValue().toByteArray();
  }

  /** {@code BigInteger.valueOf(v).toByteArray()} without the BigInteger. */
  static byte[] minimalBytes(long v) {
    int bits = 64 - Long.numberOfLeadingZeros(v < 0 ? ~v : v);
    int length = bits / 8 + 1;
    byte[] bytes = new byte[length];
    for (int i = length - 1; i >= 0; i--) {
      bytes[i] = (byte) v;
      v >>= 8;
    }
    return bytes;
  }

  /**
   * {@code minimal} sign-extended to a fixed {@code size}, as Avro's decimal conversion writes a fixed.
   *
   * @throws ArithmeticException if the value needs more bytes than the fixed holds
   */
  static byte[] toFixed(byte[] minimal, int size) {
    if (minimal.length == size) {
      return minimal;
    }
    if (minimal.length > size) {
      throw new ArithmeticException("The decimal needs " + minimal.length + " bytes, more than the fixed's " + size);
    }
    byte[] fixed = new byte[size];
    byte fill = minimal[0] < 0 ? (byte) -1 : 0;
    int pad = size - minimal.length;
    java.util.Arrays.fill(fixed, 0, pad, fill);
    System.arraycopy(minimal, 0, fixed, pad, minimal.length);
    return fixed;
  }
}
