package dev.kavro.registry.auth;

import java.io.Closeable;
import java.net.URI;
import java.util.Map;
import org.apache.kafka.common.Configurable;

/**
 * A source of bearer tokens for schema registry calls: Kavro's counterpart of Confluent's
 * {@code BearerAuthCredentialProvider}. Name an implementation in {@code bearer.auth.custom.provider.class} with
 * {@code bearer.auth.credentials.source=CUSTOM}; it needs a public no-argument constructor and receives every
 * serde or client config in {@link #configure}.
 *
 * <p>{@link #bearerToken} is called for every registry request, from any thread, so it should return a cached
 * token and refresh it itself. Implementations must be thread-safe and must never log the token.
 */
public interface BearerTokenProvider extends Configurable, Closeable {

  @Override
  default void configure(Map<String, ?> configs) {}

  /**
   * The token for a request to {@code registryUrl} (the registry's base URL), sent as {@code Authorization: Bearer}.
   * A runtime exception fails that registry call; a {@link dev.kavro.registry.RegistryException} keeps its status.
   */
  String bearerToken(URI registryUrl);

  /**
   * The logical registry cluster for the {@code target-sr-cluster} header, or {@code null} to use
   * {@code bearer.auth.logical.cluster}.
   */
  default String logicalCluster() {
    return null;
  }

  /**
   * The identity pool for the {@code Confluent-Identity-Pool-Id} header, or {@code null} to use
   * {@code bearer.auth.identity.pool.id}.
   */
  default String identityPoolId() {
    return null;
  }

  @Override
  default void close() {}
}
