package dev.kavro.registry;

import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;

/**
 * The headers every registry call carries: the Authorization header (basic from the config or the URL's userinfo,
 * or a static bearer token) and the {@code request.header.*} headers.
 *
 * <p>{@link #toString()} never shows credentials.
 */
final class RegistryAuth {
  private final String fixedAuthorization;
  private final boolean basicFromUrl;
  private final Map<String, String> extraHeaders;

  private RegistryAuth(String fixedAuthorization, boolean basicFromUrl, Map<String, String> extraHeaders) {
    this.fixedAuthorization = fixedAuthorization;
    this.basicFromUrl = basicFromUrl;
    this.extraHeaders = Map.copyOf(extraHeaders);
  }

  static RegistryAuth of(RegistryClientConfig config) {
    String bearer = config.bearerToken();
    String userInfo = config.basicUserInfo();
    String fixed = bearer != null ? "Bearer " + bearer : userInfo != null ? basic(userInfo) : null;
    return new RegistryAuth(fixed, config.basicAuthFromUrl(), config.requestHeaders());
  }

  /** Adds the auth and extra headers for a call to {@code url}. Extra headers win over the built-in ones. */
  void apply(HttpRequest.Builder request, RegistryUrl url) {
    String authorization = fixedAuthorization;
    if (authorization == null && basicFromUrl && url.userInfo() != null) {
      authorization = basic(url.userInfo());
    }
    if (authorization != null) {
      request.setHeader("Authorization", authorization);
    }
    extraHeaders.forEach(request::setHeader);
  }

  private static String basic(String userInfo) {
    return "Basic " + Base64.getEncoder().encodeToString(userInfo.getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "RegistryAuth{" + (fixedAuthorization != null ? fixedAuthorization.substring(0, 6).trim()
        : basicFromUrl ? "basic from URL" : "none") + ", extra headers " + extraHeaders.keySet() + "}";
  }
}
