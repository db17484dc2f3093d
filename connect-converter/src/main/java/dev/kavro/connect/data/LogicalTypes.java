package dev.kavro.connect.data;

import static dev.kavro.connect.data.ConnectAvroNames.KAVRO_LOGICAL_TYPE_PARAM;

import org.apache.kafka.connect.data.Schema;

/** Kavro's extra logical types on Connect schemas (see {@link ConnectAvroNames#KAVRO_LOGICAL_TYPE_PARAM}). */
final class LogicalTypes {
  private LogicalTypes() {}

  /** The Avro logical type Kavro recorded on {@code connect}, or null. */
  static String kavroLogicalType(Schema connect) {
    return connect.parameters() == null ? null : connect.parameters().get(KAVRO_LOGICAL_TYPE_PARAM);
  }

  /**
   * Whether the Avro value behind a Connect timestamp or time counts microseconds: only with Kavro's extended logical
   * types on; off, the marker is an ordinary parameter and the Avro type is Confluent's millis.
   */
  static boolean isMicros(Schema connect, AvroDataSettings settings) {
    if (!settings.extendedLogicalTypes()) {
      return false;
    }
    String logical = kavroLogicalType(connect);
    return logical != null && logical.endsWith("-micros");
  }
}
