package dev.kavro.connect.runtime;

import dev.kavro.connect.data.ConnectAvroNames;
import java.nio.ByteBuffer;
import org.apache.kafka.connect.data.Date;
import org.apache.kafka.connect.data.Decimal;
import org.apache.kafka.connect.data.Schema;
import org.apache.kafka.connect.data.Time;
import org.apache.kafka.connect.data.Timestamp;

/**
 * Turns a decoded Avro scalar into its Connect value for one Connect schema, chosen once per schema: narrowing for
 * int8/int16, Connect's Date/Time/Timestamp/Decimal, Kavro's micros. The same rules as the generic path
 * ({@code AvroToConnectValue}). Public for the converter's node tree; not a user API. Thread-safe.
 */
@FunctionalInterface
public interface ScalarFinish {
  Object apply(Object raw);

  /**
   * The finish for {@code connect}.
   *
   * @param extendedLogicalTypes whether Kavro's micros marker counts ({@code kavro.connect.extended.logical.types})
   */
  static ScalarFinish of(Schema connect, boolean extendedLogicalTypes) {
    String name = connect.name();
    String kavro = !extendedLogicalTypes || connect.parameters() == null ? null
        : connect.parameters().get(ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM);
    boolean micros = kavro != null && kavro.endsWith("-micros");
    return switch (connect.type()) {
      case INT8 -> raw -> ((Number) raw).byteValue();
      case INT16 -> raw -> ((Number) raw).shortValue();
      case INT32 -> {
        if (Date.LOGICAL_NAME.equals(name)) {
          yield raw -> Date.toLogical(connect, (Integer) raw);
        }
        if (Time.LOGICAL_NAME.equals(name)) {
          yield raw -> raw instanceof Long l ? Time.toLogical(connect, (int) Math.floorDiv(l, 1000L))
              : Time.toLogical(connect, (Integer) raw);
        }
        yield raw -> raw;
      }
      case INT64 -> Timestamp.LOGICAL_NAME.equals(name)
          ? raw -> Timestamp.toLogical(connect, micros ? Math.floorDiv((Long) raw, 1000L) : (Long) raw)
          : raw -> raw;
      case BYTES -> Decimal.LOGICAL_NAME.equals(name) ? raw -> Decimal.toLogical(connect, bytes((ByteBuffer) raw))
          : raw -> raw;
      default -> raw -> raw;
    };
  }

  /** Whether the finish of {@code connect} returns the raw value itself (plain types, no logical conversion). */
  static boolean isIdentity(Schema connect) {
    String name = connect.name();
    return switch (connect.type()) {
      case INT8, INT16 -> false;
      case INT32 -> !Date.LOGICAL_NAME.equals(name) && !Time.LOGICAL_NAME.equals(name);
      case INT64 -> !Timestamp.LOGICAL_NAME.equals(name);
      case BYTES -> !Decimal.LOGICAL_NAME.equals(name);
      default -> true;
    };
  }

  private static byte[] bytes(ByteBuffer buffer) {
    ByteBuffer copy = buffer.duplicate();
    byte[] bytes = new byte[copy.remaining()];
    copy.get(bytes);
    return bytes;
  }
}
