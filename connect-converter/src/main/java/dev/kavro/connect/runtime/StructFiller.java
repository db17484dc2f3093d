package dev.kavro.connect.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.apache.kafka.connect.data.Field;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.SchemaBuilder;
import org.apache.kafka.connect.data.Struct;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Fills a freshly made {@link Struct} positionally, without {@code Struct.put}'s per-value validation.
 *
 * <p>Why: {@code Struct.put(Field, Object)} runs {@code ConnectSchema.validateValue} on every value, which walks
 * every list and map element and re-validates every nested struct, about half the time of a decode. The direct
 * readers build each value from a plan made for exactly this Connect schema, so the values are correct by
 * construction; only a null in a required field is still possible in principle, and {@link #put} sends every null
 * through {@code Struct.put}, which fails on it as before. Connect has no public API for this, so the struct's private
 * {@code values} array is reached with a {@link VarHandle}; the class probes that once, and where it is not possible
 * (connect-api in a named module, a future Kafka renaming the field, a security manager) every call falls back to
 * {@code Struct.put}, logged once at INFO.
 *
 * <p>Usage: {@code Object[] v = StructFiller.values(struct);} then {@code put(struct, v, field, value)} per field;
 * {@code v} is null on the fallback. Public for the converter's node tree; not a user API. Thread-safe
 * (each struct is filled by the thread that made it).
 */
public final class StructFiller {
  private static final Logger LOG = LoggerFactory.getLogger(StructFiller.class);
  private static final VarHandle VALUES = probe();

  /** Tests force the fallback with this; read on every struct, so a test can flip it at any time. */
  static volatile boolean forcePut;

  private StructFiller() {}

  /** Whether structs are filled positionally (false: through {@code Struct.put}). */
  public static boolean isPositional() {
    return VALUES != null && !forcePut;
  }

  /** The values array of a struct made by the caller, or null when values must go through {@code Struct.put}. */
  public static Object[] values(Struct struct) {
    return VALUES == null || forcePut ? null : (Object[]) VALUES.get(struct);
  }

  /**
   * Sets a field of a struct; {@code values} as {@link #values} answered. A null goes through {@code Struct.put}: that
   * costs one optional check, and a null in a required field fails there with Connect's DataException, as before.
   */
  public static void put(Struct struct, Object[] values, Field field, Object value) {
    if (values != null && value != null) {
      values[field.index()] = value;
    } else {
      struct.put(field, value);
    }
  }

  /** Connect's struct for an Avro union: a new struct of {@code schema} with {@code field} set. */
  public static Struct union(Schema schema, Field field, Object value) {
    Struct struct = new Struct(schema);
    put(struct, values(struct), field, value);
    return struct;
  }

  private static VarHandle probe() {
    try {
      VarHandle handle = MethodHandles.privateLookupIn(Struct.class, MethodHandles.lookup())
          .findVarHandle(Struct.class, "values", Object[].class);
      // The field must still be what we rely on: one slot per field, in field order, read by get and equals.
      Schema schema = SchemaBuilder.struct().field("a", Schema.OPTIONAL_STRING_SCHEMA)
          .field("b", Schema.INT32_SCHEMA).build();
      Struct struct = new Struct(schema);
      Object[] values = (Object[]) handle.get(struct);
      values[schema.field("b").index()] = 7;
      Struct put = new Struct(schema).put("b", 7);
      if (values.length != 2 || !Integer.valueOf(7).equals(struct.get("b")) || struct.get("a") != null
          || !struct.equals(put)) {
        throw new IllegalStateException("Struct.values does not hold the field values in field order");
      }
      struct.validate();
      return handle;
    } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
      LOG.info("Connect structs are filled through Struct.put (validating every value): cannot fill them "
          + "positionally here ({})", e.toString());
      return null;
    }
  }
}
