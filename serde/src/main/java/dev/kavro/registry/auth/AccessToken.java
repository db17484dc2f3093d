package dev.kavro.registry.auth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.Base64;

/**
 * An OAuth access token with the claims the cache needs, checked as Kafka's {@code ClientJwtValidator} checks a
 * client's token: a three-part JWT whose payload carries {@code exp} and the subject claim.
 *
 * <p>{@link #toString()} never shows the token.
 *
 * @param value the serialized JWT
 * @param expiresAtMs {@code exp}, in epoch milliseconds
 * @param issuedAtMs {@code iat} in epoch milliseconds, or {@code null} when absent
 * @param principal the subject claim's value
 */
record AccessToken(String value, long expiresAtMs, Long issuedAtMs, String principal) {
  private static final ObjectMapper MAPPER = new ObjectMapper();

  /**
   * Parses and checks {@code jwt}.
   *
   * @throws IllegalArgumentException naming what is wrong, never quoting the token
   */
  static AccessToken parse(String jwt, String subClaim, String scopeClaim) {
    String[] parts = jwt.trim().split("\\.", -1);
    if (parts.length != 3) {
      throw new IllegalArgumentException("the access token is not a JWT (" + parts.length + " parts, expected 3)");
    }
    JsonNode payload;
    try {
      payload = MAPPER.readTree(Base64.getUrlDecoder().decode(parts[1]));
    } catch (IOException | IllegalArgumentException e) {
      throw new IllegalArgumentException("the access token's payload is not base64url-encoded JSON");
    }
    if (payload == null || !payload.isObject()) {
      throw new IllegalArgumentException("the access token's payload is not a JSON object");
    }
    JsonNode exp = payload.get("exp");
    if (exp == null || !exp.isNumber()) {
      throw new IllegalArgumentException("the access token has no numeric 'exp' claim");
    }
    JsonNode sub = payload.get(subClaim);
    if (sub == null || !sub.isTextual() || sub.asText().isBlank()) {
      throw new IllegalArgumentException("the access token has no '" + subClaim
          + "' claim (bearer.auth.sub.claim.name)");
    }
    JsonNode scope = payload.get(scopeClaim);
    if (scope != null && !scope.isNull() && !scope.isTextual() && !scope.isArray()) {
      throw new IllegalArgumentException("the access token's '" + scopeClaim + "' claim is neither a string nor a "
          + "list (bearer.auth.scope.claim.name)");
    }
    JsonNode iat = payload.get("iat");
    return new AccessToken(jwt.trim(), seconds(exp), iat != null && iat.isNumber() ? seconds(iat) : null,
        sub.asText());
  }

  private static long seconds(JsonNode claim) {
    return Math.round(claim.asDouble() * 1000);
  }

  @Override
  public String toString() {
    return "AccessToken{principal=" + principal + ", expiresAtMs=" + expiresAtMs + "}";
  }
}
