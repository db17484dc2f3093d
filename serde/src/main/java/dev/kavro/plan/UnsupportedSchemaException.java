package dev.kavro.plan;

/**
 * The pair uses a feature Kavro does not plan (for example a {@code java-class} string on a specific reader, or a
 * data model other than {@code GenericData}/{@code SpecificData}). Callers read such pairs with vanilla Avro.
 */
public final class UnsupportedSchemaException extends RuntimeException {
  private static final long serialVersionUID = 1L;

  public UnsupportedSchemaException(String message) {
    super(message);
  }
}
