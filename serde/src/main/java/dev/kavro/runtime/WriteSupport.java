package dev.kavro.runtime;

import java.io.IOException;
import java.util.ConcurrentModificationException;
import java.util.Objects;
import org.apache.avro.AvroRuntimeException;
import org.apache.avro.AvroTypeException;
import org.apache.avro.Conversion;
import org.apache.avro.Conversions;
import org.apache.avro.LogicalType;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.IndexedRecord;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.Encoder;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificRecordBase;
import org.apache.avro.util.SchemaUtil;
import org.apache.avro.util.Utf8;

/**
 * Leaf operations of a write, with the semantics of Avro 1.12's {@code GenericDatumWriter} and
 * {@code SpecificDatumWriter}: the same conversions, the same enum and string rules, the same exceptions where vanilla
 * Avro throws. Stateless and thread-safe.
 */
public final class WriteSupport {
  private WriteSupport() {}

  /**
   * Writes a fixed value, refusing one whose size is not the schema's: Avro's writer fails on a short one with an
   * index error and silently writes a prefix of a long one.
   */
  public static void writeFixed(Encoder out, Object datum, Schema schema) throws IOException {
    byte[] bytes = ((org.apache.avro.generic.GenericFixed) datum).bytes();
    if (bytes.length != schema.getFixedSize()) {
      throw new AvroTypeException("Fixed " + schema.getFullName() + " holds " + schema.getFixedSize() + " bytes, "
          + "not " + bytes.length);
    }
    out.writeFixed(bytes, 0, bytes.length);
  }

  public static void requireEncoder(Encoder out) {
    Objects.requireNonNull(out, "Encoder cannot be null");
  }

  /**
   * The raw form of a logical-type value, converted with the model's conversion for the value's class (none: the
   * value as is), as {@code GenericDatumWriter.write(Schema, Object, Encoder)} does.
   */
  public static Object convert(GenericData data, Object datum, Schema schema, LogicalType logicalType) {
    if (datum == null) {
      return null;
    }
    return convertWith(data.getConversionByClass(datum.getClass(), logicalType), datum, schema, logicalType);
  }

  /**
   * A field value of a record in the specific model: a {@code SpecificRecordBase} converts with its own per-field
   * conversion (and never the model's), any other record with the model's, as {@code SpecificDatumWriter.writeField}.
   */
  public static Object specificFieldValue(GenericData data, IndexedRecord record, int pos, Schema schema,
      LogicalType logicalType) {
    if (record instanceof SpecificRecordBase) {
      Conversion<?> conversion = ((SpecificRecordBase) record).getConversion(pos);
      Object value = record.get(pos);
      return conversion == null ? value : convertWith(conversion, value, schema, logicalType);
    }
    return convert(data, record.get(pos), schema, logicalType);
  }

  private static Object convertWith(Conversion<?> conversion, Object datum, Schema schema, LogicalType logicalType) {
    if (conversion == null) {
      return datum;
    }
    try {
      return Conversions.convertToRawType(datum, schema, logicalType, conversion);
    } catch (AvroRuntimeException e) {
      // GenericDatumWriter.convert unwraps a ClassCastException for backwards compatibility; so do we.
      Throwable cause = e.getCause();
      if (cause != null && cause.getClass() == ClassCastException.class) {
        throw (ClassCastException) cause;
      }
      throw e;
    }
  }

  /** The ordinal of a generic enum symbol; anything else is an error, as in {@code GenericDatumWriter.writeEnum}. */
  public static int genericEnumOrdinal(Schema schema, Object datum) {
    if (!(datum instanceof GenericEnumSymbol)) {
      throw notA(schema, datum);
    }
    return schema.getEnumOrdinal(datum.toString());
  }

  /** A Java enum writes its {@code ordinal()}; a generic symbol its schema ordinal, as SpecificDatumWriter does. */
  public static int specificEnumOrdinal(Schema schema, Object datum) {
    if (datum instanceof Enum) {
      return ((Enum<?>) datum).ordinal();
    }
    return genericEnumOrdinal(schema, datum);
  }

  /**
   * Writes a string in the specific model. Character sequences take the fast path; anything else (a stringable class
   * such as {@code BigDecimal}, or a wrong type) goes through vanilla Avro's string writer, so that the rule for
   * stringable classes and the error for the rest stay Avro's own.
   */
  public static void writeSpecificString(DatumWriter<Object> stringWriter, Object datum, Encoder out)
      throws IOException {
    if (datum instanceof CharSequence) {
      out.writeString((CharSequence) datum);
    } else {
      stringWriter.write(datum, out);
    }
  }

  /** Whether the specific model wants this record written by its own custom coder (a model flag, off by default). */
  public static boolean usesCustomCoders(GenericData data, Object datum) {
    return datum instanceof SpecificRecordBase && ((SpecificData) data).useCustomCoders();
  }

  /**
   * Writes a map key as {@code GenericDatumWriter} does ({@code key.toString()}, then its UTF-8 bytes). A {@code Utf8}
   * key of ASCII bytes, the common case for keys read by Avro or Kavro, is written from its bytes: the same bytes,
   * without the {@code String} that {@code toString} decodes and the array that encoding it back allocates. Any other
   * {@code Utf8} (its bytes might not be valid UTF-8, which the round trip through {@code String} would change) takes
   * the vanilla path.
   */
  public static void writeMapKey(Encoder out, Object key) throws IOException {
    if (key instanceof Utf8 utf8 && ByteArrayEncoder.isAscii(utf8.getBytes(), utf8.getByteLength())) {
      out.writeString(utf8);
    } else {
      out.writeString((CharSequence) key.toString());
    }
  }

  /** The check GenericDatumWriter makes after writing a collection whose size changed under it. */
  public static void checkWrittenSize(long size, long written, boolean array) {
    if (size != written) {
      throw new ConcurrentModificationException(array
          ? "Size of array written was " + size + ", but number of elements written was " + written + ". "
          : "Size of map written was " + size + ", but number of entries written was " + written + ". ");
    }
  }

  private static AvroTypeException notA(Schema schema, Object datum) {
    return new AvroTypeException("value " + SchemaUtil.describe(datum) + " is not a " + SchemaUtil.describe(schema));
  }
}
