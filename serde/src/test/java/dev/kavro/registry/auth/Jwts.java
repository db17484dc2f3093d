package dev.kavro.registry.auth;

import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Unsigned JWTs for tests: the client reads the claims and never checks signatures (the registry does). */
public final class Jwts {
  private Jwts() {}

  /** A JWT whose payload is {@code payloadJson}. */
  public static String of(String payloadJson) {
    Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
    return b64.encodeToString("{\"alg\":\"none\"}".getBytes(StandardCharsets.UTF_8)) + "."
        + b64.encodeToString(payloadJson.getBytes(StandardCharsets.UTF_8)) + ".c2ln";
  }

  /** A JWT for principal {@code sub}, issued at {@code iatSeconds}, expiring at {@code expSeconds}. */
  public static String of(String sub, long iatSeconds, long expSeconds) {
    return of("{\"sub\":\"" + sub + "\",\"iat\":" + iatSeconds + ",\"exp\":" + expSeconds + ",\"scope\":\"sr\"}");
  }
}
