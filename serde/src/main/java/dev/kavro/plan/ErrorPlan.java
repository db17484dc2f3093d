package dev.kavro.plan;

import org.apache.avro.Schema;

/**
 * A writer type the reader cannot accept. Like Avro's {@code ErrorAction}, it fails only when a datum reaches it,
 * so that data which never takes the bad branch still reads.
 */
public final class ErrorPlan extends ReadPlan {
  private final String message;

  ErrorPlan(Schema writer, Schema reader, String message) {
    super(Kind.ERROR, writer, reader);
    this.message = message;
  }

  /** The message of the {@code AvroTypeException} thrown when data reaches this node. */
  public String message() {
    return message;
  }
}
