package dev.kavro.registry.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.kavro.registry.RegistryException;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Base64;
import java.util.Set;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The OAuth client-credentials grant (RFC 6749 section 4.4) as Kafka's and Confluent's HTTP JWT retriever sends it:
 * a form POST of {@code grant_type=client_credentials[&scope=...]} with the client id and secret as HTTP basic
 * credentials. Failures are retried with exponential backoff, except for statuses that cannot improve (400, 401,
 * 403, ...). Thread-safe; neither the secret nor the token appears in any message or log line.
 */
final class TokenEndpoint {
  private static final Logger LOG = LoggerFactory.getLogger(TokenEndpoint.class);
  private static final ObjectMapper MAPPER = new ObjectMapper();
  /** Kafka's list of token-endpoint statuses not worth retrying. */
  private static final Set<Integer> UNRETRIABLE = Set.of(400, 401, 402, 403, 404, 405, 406, 407, 409, 410, 411, 412,
      413, 414, 415, 501, 505);
  private static final int MAX_ERROR_CHARS = 300;

  /** Sleeps between attempts; tests record instead. */
  interface Sleeper {
    void sleep(long millis) throws InterruptedException;
  }

  private final HttpClient client;
  private final URI endpoint;
  private final String authorization;
  private final String form;
  private final Duration timeout;
  private final int maxAttempts;
  private final long firstBackoffMs;
  private final long maxBackoffMs;
  private final Sleeper sleeper;

  TokenEndpoint(HttpClient client, URI endpoint, String clientId, String clientSecret, String scope,
      Duration timeout, int maxAttempts, long firstBackoffMs, long maxBackoffMs, Sleeper sleeper) {
    this.client = client;
    this.endpoint = endpoint;
    // RFC 7617: the standard (not URL-safe) base64 of id:secret, trimmed as Kafka trims them.
    this.authorization = "Basic " + Base64.getEncoder().encodeToString(
        (clientId.trim() + ":" + clientSecret.trim()).getBytes(StandardCharsets.UTF_8));
    this.form = "grant_type=client_credentials" + (scope == null || scope.isBlank() ? ""
        : "&scope=" + URLEncoder.encode(scope.trim(), StandardCharsets.UTF_8));
    this.timeout = timeout;
    this.maxAttempts = maxAttempts;
    this.firstBackoffMs = firstBackoffMs;
    this.maxBackoffMs = maxBackoffMs;
    this.sleeper = sleeper;
  }

  /**
   * Asks for a token and returns the {@code access_token} value.
   *
   * @throws RegistryException with the endpoint's status (401 for bad client credentials) or
   *     {@link RegistryException#NO_RESPONSE}
   */
  String fetch() {
    RegistryException last = null;
    for (int attempt = 0; attempt < maxAttempts; attempt++) {
      if (attempt > 0) {
        pause(attempt - 1);
      }
      try {
        HttpResponse<String> response = client.send(request(), HttpResponse.BodyHandlers.ofString());
        int status = response.statusCode();
        if (status == 200 || status == 201) {
          return accessToken(response.body());
        }
        last = new RegistryException("The OAuth token endpoint " + endpoint + " refused the token request"
            + error(response.body()), status, -1);
        if (UNRETRIABLE.contains(status)) {
          throw last;
        }
      } catch (IOException e) {
        last = new RegistryException("The OAuth token endpoint " + endpoint + " could not be reached: "
            + e.getClass().getSimpleName(), RegistryException.NO_RESPONSE, -1, false, e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new RegistryException("Interrupted while fetching an OAuth token from " + endpoint,
            RegistryException.NO_RESPONSE, -1, false, e);
      }
      LOG.debug("Fetching an OAuth token failed (attempt {} of {}): {}", attempt + 1, maxAttempts,
          last.getMessage());
    }
    throw last;
  }

  private HttpRequest request() {
    return HttpRequest.newBuilder(endpoint)
        .timeout(timeout)
        .header("Authorization", authorization)
        .header("Content-Type", "application/x-www-form-urlencoded")
        .header("Accept", "application/json")
        .header("Cache-Control", "no-cache")
        .POST(HttpRequest.BodyPublishers.ofString(form))
        .build();
  }

  private String accessToken(String body) {
    JsonNode token;
    try {
      token = MAPPER.readTree(body).get("access_token");
    } catch (IOException | RuntimeException e) {
      token = null;
    }
    if (token == null || !token.isTextual() || token.asText().isBlank()) {
      // The body is not echoed: it may hold a token under another name.
      throw new RegistryException("The OAuth token endpoint " + endpoint + " answered without an access_token",
          200, -1);
    }
    return token.asText();
  }

  /** RFC 6749 section 5.2 error bodies carry no secrets; only their error fields are shown. */
  private static String error(String body) {
    try {
      JsonNode json = MAPPER.readTree(body);
      if (json != null && json.has("error")) {
        String text = json.get("error").asText()
            + (json.has("error_description") ? " - " + json.get("error_description").asText() : "");
        return " (" + (text.length() > MAX_ERROR_CHARS ? text.substring(0, MAX_ERROR_CHARS) + "..." : text) + ")";
      }
    } catch (IOException | RuntimeException e) {
      // not JSON
    }
    return "";
  }

  private void pause(int retry) {
    long delay = Math.min(maxBackoffMs, firstBackoffMs << Math.min(retry, 20));
    try {
      sleeper.sleep(delay);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new RegistryException("Interrupted while fetching an OAuth token from " + endpoint,
          RegistryException.NO_RESPONSE, -1, false, e);
    }
  }

  @Override
  public String toString() {
    return "TokenEndpoint{" + endpoint + "}";
  }
}
