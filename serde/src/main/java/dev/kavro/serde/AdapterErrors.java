package dev.kavro.serde;

import dev.kavro.registry.RegistryException;

/**
 * How one side (key or value) of an adapter turns what the core found wrong into the adapter's own exceptions: Kafka's
 * {@code SerializationException} family for the serdes, Connect's {@code DataException} and
 * {@code RetriableException} for the converter. The core pieces ({@link SchemaIdTable}, {@link SchemaIdResolver})
 * throw what these methods return. Every message names the topic, the side and the schema id ({@link #where}).
 *
 * <p>Implementations are stateless and thread-safe. Internal API for Kavro's adapters.
 */
public interface AdapterErrors {
  /**
   * A registry call failed.
   *
   * @param what what was being done, e.g. {@code "Error retrieving Avro value schema"}
   * @param schemaId the id concerned, or {@code null} when not known yet
   */
  RuntimeException registry(String what, String topic, Object schemaId, RegistryException cause);

  /** Anything else failed with {@code cause}; see {@link #registry} for the parameters. */
  RuntimeException failed(String what, String topic, Object schemaId, Throwable cause);

  /** Anything else is wrong, as {@code detail} says; see {@link #registry} for the parameters. */
  RuntimeException failed(String what, String topic, Object schemaId, String detail);

  /** {@code [topic 'orders', value, schema id 42]}; {@code schemaId} may be null when it is not known yet. */
  static String where(String topic, boolean isKey, Object schemaId) {
    return "[topic '" + topic + "', " + (isKey ? "key" : "value") + ", schema id "
        + (schemaId == null ? "unknown" : schemaId) + "]";
  }
}
