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
 * every list and map element and re-validates every nested struct, a large share of a decode. The read
 * interpreter builds each value from a plan made for exactly this Connect schema, so the values are correct by
 * construction; only a null in a required field is still possible in principle, and {@link #put} sends every null
 * through {@code Struct.put}, which fails on it as before. Connect has no public API for this, so the struct's private
 * {@code values} array is reached with a {@link VarHandle}; the class probes that once, and where it is not possible
 * (connect-api in a named module, a future Kafka renaming the field, a security manager) every call falls back to
 * {@code Struct.put}, logged once at INFO.
 *
 * <p>Usage: {@code Object[] v = filler.values(struct);} then {@code StructFiller.put(struct, v, field, value)} per
 * field; {@code v} is null when values go through {@code Struct.put}. The trees take {@link #DEFAULT}; tests hand them
 * {@link #THROUGH_PUT} to run the path a JVM without access takes. Public for the converter's trees; not a user API.
 * Thread-safe (each struct is filled by the thread that made it).
 */
public final class StructFiller {
  private static final Logger LOG = LoggerFactory.getLogger(StructFiller.class);

  /** Static final, so that the JIT compiles each access to a plain field load. */
  private static final VarHandle VALUES = probe();

  /** Positional where the probe succeeded, else through {@code Struct.put}. */
  public static final StructFiller DEFAULT = new StructFiller(VALUES != null);
  /** Always through {@code Struct.put} and {@code Struct.get}: what {@link #DEFAULT} does where the probe failed. */
  public static final StructFiller THROUGH_PUT = new StructFiller(false);

  private final boolean positional;

  private StructFiller(boolean positional) {
    this.positional = positional;
  }

  /** Whether structs are filled and read positionally (false: through {@code Struct.put} and {@code get}). */
  public boolean isPositional() {
    return positional;
  }

  /**
   * The values array of a struct, to fill (a struct the caller made) or to read in place (slot i is field i), or null
   * when values must go through {@code Struct.put}/{@code get}.
   */
  public Object[] values(Struct struct) {
    return positional ? (Object[]) VALUES.get(struct) : null;
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
  public Struct union(Schema schema, Field field, Object value) {
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
