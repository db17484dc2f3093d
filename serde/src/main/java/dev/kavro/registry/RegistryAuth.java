package dev.kavro.registry;

import dev.kavro.registry.auth.BearerTokenProvider;
import dev.kavro.registry.auth.BearerTokenProviders;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * The headers every registry call carries: the Authorization header (basic from the config, the URL's userinfo or
 * the client's SASL JAAS config, or a bearer token from a {@link BearerTokenProvider}), with bearer auth Confluent
 * Cloud's {@code target-sr-cluster} and {@code Confluent-Identity-Pool-Id}, and the {@code request.header.*} headers.
 *
 * <p>{@link #toString()} never shows credentials.
 */
final class RegistryAuth implements AutoCloseable {
  static final String TARGET_SR_CLUSTER = "target-sr-cluster";
  static final String TARGET_IDENTITY_POOL_ID = "Confluent-Identity-Pool-Id";

  private final String fixedAuthorization;
  private final boolean basicFromUrl;
  private final BearerTokenProvider bearer;
  private final String logicalCluster;
  private final String identityPoolId;
  private final Map<String, String> extraHeaders;

  private RegistryAuth(String fixedAuthorization, boolean basicFromUrl, BearerTokenProvider bearer,
      String logicalCluster, String identityPoolId, Map<String, String> extraHeaders) {
    this.fixedAuthorization = fixedAuthorization;
    this.basicFromUrl = basicFromUrl;
    this.bearer = bearer;
    this.logicalCluster = logicalCluster;
    this.identityPoolId = identityPoolId;
    this.extraHeaders = Map.copyOf(extraHeaders);
  }

  static RegistryAuth of(RegistryClientConfig config, HttpClient http) {
    BearerTokenProvider bearer = BearerTokenProviders.create(config, http);
    String userInfo = bearer == null ? config.basicUserInfo() : null;
    String cluster = bearer == null ? null : firstNonBlank(bearer.logicalCluster(),
        config.getString(RegistryClientConfig.BEARER_AUTH_LOGICAL_CLUSTER_CONFIG));
    String pool = bearer == null ? null : firstNonBlank(bearer.identityPoolId(),
        config.getString(RegistryClientConfig.BEARER_AUTH_IDENTITY_POOL_ID_CONFIG));
    return new RegistryAuth(userInfo != null ? basic(userInfo) : null, config.basicAuthFromUrl(), bearer, cluster,
        pool, config.requestHeaders());
  }

  /**
   * Adds the auth and extra headers for a call to {@code url}. Extra headers win over the built-in ones.
   *
   * @throws RegistryException when a bearer token cannot be had
   */
  void apply(HttpRequest.Builder request, RegistryUrl url) {
    String authorization = fixedAuthorization;
    if (bearer != null) {
      String token = bearer.bearerToken(URI.create(url.base()));
      authorization = token == null ? null : "Bearer " + token;
      if (logicalCluster != null) {
        request.setHeader(TARGET_SR_CLUSTER, logicalCluster);
      }
      if (identityPoolId != null) {
        request.setHeader(TARGET_IDENTITY_POOL_ID, identityPoolId);
      }
    } else if (authorization == null && basicFromUrl && url.userInfo() != null) {
      authorization = basic(url.userInfo());
    }
    if (authorization != null) {
      request.setHeader("Authorization", authorization);
    }
    extraHeaders.forEach(request::setHeader);
  }

  private static String firstNonBlank(String a, String b) {
    return a != null && !a.isBlank() ? a : b != null && !b.isBlank() ? b : null;
  }

  private static String basic(String userInfo) {
    return "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public void close() {
    if (bearer != null) {
      try {
        bearer.close();
      } catch (Exception e) {
        // Closing a token provider must not fail closing the client.
      }
    }
  }

  @Override
  public String toString() {
    return "RegistryAuth{" + (bearer != null ? "bearer" : fixedAuthorization != null ? "basic"
        : basicFromUrl ? "basic from URL" : "none") + ", extra headers " + extraHeaders.keySet() + "}";
  }
}
